import type { JackpotRound } from '@dau/contracts/jackpots/jackpots';
import { formatMoney, type Cents } from '@dau/domain/money';
import {
  autoPickLine,
  combinationLineCount,
  expandCombination,
  JACKPOT_PICKS,
  ticketPrice,
  type JackpotPick,
} from '@dau/domain/sports-jackpot';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { loginUrlFor } from '../../lib/login-prompt';
import { useSessionStore } from '../../lib/session-store';
import { currentSite } from '../../lib/site';
import { siteDayTime } from '../../lib/site-clock';
import { buyJackpotTicket } from './api/buy-jackpot-ticket';
import { tfj, tj } from './jackpots-strings';
import styles from './jackpots.module.css';

/** Currency units on the wire, cents in the domain's money functions. */
export const toCents = (amount: number): Cents => Math.round(amount * 100) as Cents;

const PICK_NAME = { '1': 'pickHome', X: 'pickDraw', '2': 'pickAway' } as const;

type Picks = JackpotPick[][];
type Notice = { tone: 'ok' | 'error'; text: string };

/** What the picks make: lines (the product of picks per match) and the matches left to pick. */
export function couponFigures(picks: Picks): { lines: number; missing: number } {
  const missing = picks.filter((p) => p.length === 0).length;
  return { lines: missing > 0 ? 0 : combinationLineCount(picks), missing };
}

/** Prize and bonus tiers of a round, the top one first. */
export function RoundPrizes({ round }: { round: JackpotRound }) {
  const site = currentSite();
  const [top, ...bonus] = [...round.tiers].sort((a, b) => b.hits - a.hits);
  return (
    <div className={styles.prizes}>
      <p className={styles.jackpot}>
        <span>{tj('jackpot')}</span>{' '}
        <b data-testid="jackpot-prize">{formatMoney(toCents(top?.prize ?? round.jackpot), site)}</b>
      </p>
      {bonus.length > 0 && (
        <ul className={styles.tiers}>
          {bonus.map((tier) => (
            <li key={tier.hits}>
              {tfj('bonusTier', { hits: tier.hits })}:{' '}
              <b>{formatMoney(toCents(tier.prize), site)}</b>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One open round's coupon (issue #21 item 5): a row per match with 1 / X / 2 toggles. More than
 * one pick on a match makes more lines (ADR 225: the product of the picks per match, expanded to
 * explicit lines for the server); the price is lines × the stake per line.
 */
export function JackpotCoupon({
  round,
  onBought,
}: {
  round: JackpotRound;
  onBought: (balance: number) => void;
}) {
  const site = currentSite();
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const navigate = useNavigate();
  const [picks, setPicks] = useState<Picks>(() => round.matches.map(() => []));
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { lines, missing } = couponFigures(picks);
  const tooMany = lines > round.maxLines;
  const price = ticketPrice(lines, toCents(round.stakePerLine));

  const toggle = (match: number, pick: JackpotPick) => {
    setNotice(null);
    setPicks((all) =>
      all.map((p, i) =>
        i !== match ? p : p.includes(pick) ? p.filter((x) => x !== pick) : [...p, pick],
      ),
    );
  };
  const autoPick = () => {
    setNotice(null);
    setPicks(autoPickLine(round.matches.length, Math.random).map((p) => [p]));
  };
  const buy = async () => {
    if (!isAuthenticated) {
      void navigate(loginUrlFor('/jackpots'));
      return;
    }
    setPending(true);
    setNotice(null);
    try {
      const answer = await buyJackpotTicket(round.id, { lines: expandCombination(picks) });
      setPicks(round.matches.map(() => []));
      setNotice({
        tone: 'ok',
        text: tfj('bought', {
          id: answer.ticket.ticketId,
          lines: answer.ticket.lineCount,
          price: formatMoney(toCents(answer.ticket.price), site),
        }),
      });
      onBought(answer.balance);
    } catch (error) {
      const entry = error instanceof ApiError ? error.envelope.datasource_entries[0] : undefined;
      setNotice({ tone: 'error', text: entry?.dimension_value ?? tj('notBought') });
    } finally {
      setPending(false);
    }
  };

  return (
    <section className={styles.round} aria-labelledby={`jackpot-${round.id}`}>
      <h2 id={`jackpot-${round.id}`} className={styles.roundName}>
        {round.name}
      </h2>
      <RoundPrizes round={round} />
      <p className={styles.muted}>
        {tfj('matchCount', { n: round.matchCount })} ·{' '}
        {tfj('perLine', { price: formatMoney(toCents(round.stakePerLine), site) })} ·{' '}
        {tfj('closes', { time: siteDayTime(round.closesAt) })}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={autoPick}>
          {tj('autoPick')}
        </button>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => setPicks(round.matches.map(() => []))}
        >
          {tj('clear')}
        </button>
      </div>
      <ol className={styles.matches}>
        {round.matches.map((m, i) => (
          <li key={m.eventId} className={styles.match} data-match={m.number}>
            <span className={styles.matchNo}>{m.number}</span>
            <span className={styles.teams}>
              <span className={styles.team}>{m.home}</span>
              <span className={styles.team}>{m.away}</span>
              <span className={styles.kickoff}>{siteDayTime(m.kickoffAt)}</span>
            </span>
            <span className={styles.picks} role="group">
              {JACKPOT_PICKS.map((pick) => {
                const on = picks[i]?.includes(pick) ?? false;
                return (
                  <button
                    key={pick}
                    type="button"
                    className={on ? styles.pickOn : styles.pick}
                    aria-pressed={on}
                    aria-label={tfj('pickLabel', {
                      sym: pick,
                      pick: tj(PICK_NAME[pick]),
                      home: m.home,
                      away: m.away,
                    })}
                    onClick={() => toggle(i, pick)}
                  >
                    {pick}
                  </button>
                );
              })}
            </span>
          </li>
        ))}
      </ol>
      <div className={styles.footer}>
        <dl className={styles.figures}>
          <dt>{tj('lines')}</dt>
          <dd data-testid="jackpot-lines">{lines}</dd>
          <dt>{tj('price')}</dt>
          <dd data-testid="jackpot-price">{formatMoney(price, site)}</dd>
        </dl>
        <p className={styles.hint} aria-live="polite">
          {missing > 0
            ? tfj('missingPicks', { n: missing })
            : tooMany
              ? tfj('tooManyLines', { max: round.maxLines })
              : ''}
        </p>
        <button
          type="button"
          className={styles.buy}
          disabled={pending || (isAuthenticated && (lines === 0 || tooMany))}
          onClick={() => void buy()}
        >
          {!isAuthenticated
            ? tj('loginToBuy')
            : pending
              ? tj('buying')
              : tfj('buy', { price: formatMoney(price, site) })}
        </button>
        {notice && (
          <p
            className={notice.tone === 'ok' ? styles.ok : styles.error}
            role={notice.tone === 'ok' ? 'status' : 'alert'}
          >
            {notice.text}
          </p>
        )}
      </div>
    </section>
  );
}
