import { useState } from 'react';
import type { JackpotRound, JackpotTicket } from '@dau/contracts/jackpots/jackpots';
import { formatMoney } from '@dau/domain/money';
import { currentSite } from '../../lib/site';
import { siteDateTime } from '../../lib/site-clock';
import { pageCount, Pager } from '../../ui/pager';
import { useJackpotResults } from './api/get-jackpot-results';
import { useJackpotTickets } from './api/get-jackpot-tickets';
import { toCents } from './jackpot-coupon';
import { tfj, tj } from './jackpots-strings';
import styles from './jackpots.module.css';

const STATUS = {
  open: 'statusOpen',
  won: 'statusWon',
  lost: 'statusLost',
  void: 'statusVoid',
} as const;

/** A state line in place of a list: loading, failed (with a retry) or empty. */
export function ListState({
  state,
  empty,
  onRetry,
}: {
  state: 'loading' | 'error' | 'empty';
  empty: string;
  onRetry: () => void;
}) {
  if (state === 'error')
    return (
      <div className={styles.state} role="alert">
        <p>{tj('unreachable')}</p>
        <button type="button" className={styles.secondary} onClick={onRetry}>
          {tj('retry')}
        </button>
      </div>
    );
  return (
    <p className={styles.state} role="status">
      {state === 'loading' ? tj('loading') : empty}
    </p>
  );
}

function TicketCard({ ticket }: { ticket: JackpotTicket }) {
  const site = currentSite();
  return (
    <li className={styles.card} data-ticket={ticket.ticketId}>
      <div className={styles.cardHead}>
        <b>
          {ticket.roundName} · {ticket.ticketId}
        </b>
        <span className={styles[`status_${ticket.status}`]}>{tj(STATUS[ticket.status])}</span>
      </div>
      <p className={styles.muted}>
        {tfj('ticketLines', {
          lines: ticket.lineCount,
          price: formatMoney(toCents(ticket.price), site),
        })}{' '}
        · {siteDateTime(ticket.placedAt)}
      </p>
      {ticket.payout > 0 && (
        <p className={styles.ok}>
          {tfj('payout', { amount: formatMoney(toCents(ticket.payout), site) })}
        </p>
      )}
      <ol className={styles.lines}>
        {ticket.lines.map((line, i) => (
          <li key={i}>
            <span className={styles.lineNo}>{tfj('line', { n: i + 1 })}</span>
            <code className={styles.linePicks}>{line.picks.join(' ')}</code>
            {line.hits !== null && (
              <span className={styles.muted}> · {tfj('hits', { n: line.hits })}</span>
            )}
          </li>
        ))}
      </ol>
    </li>
  );
}

/**
 * The signed-in user's jackpot tickets with their lines and status, newest first, a page of 20
 * at a time (the server pages and counts them). A purchase (`version`) goes back to the first.
 */
export function JackpotTickets({ version }: { version: number }) {
  const [paged, setPaged] = useState({ version, page: 1 });
  const page = paged.version === version ? paged.page : 1;
  const tickets = useJackpotTickets(true, version, page);
  if (!tickets.data)
    return (
      <ListState state={tickets.isError ? 'error' : 'loading'} empty="" onRetry={tickets.refetch} />
    );
  if (tickets.data.items.length === 0 && tickets.data.totalCount === 0)
    return <ListState state="empty" empty={tj('noTickets')} onRetry={tickets.refetch} />;
  const { items, pageSize, totalCount } = tickets.data;
  return (
    <>
      <ul className={styles.cards} aria-label={tj('tabTickets')}>
        {items.map((ticket) => (
          <TicketCard key={ticket.ticketId} ticket={ticket} />
        ))}
      </ul>
      <Pager
        page={tickets.data.page}
        pages={pageCount(totalCount, pageSize)}
        onPage={(next) => setPaged({ version, page: next })}
        label={tj('ticketPages')}
        newer={tj('newer')}
        older={tj('older')}
        position={tfj('pageOf', {
          page: tickets.data.page,
          pages: pageCount(totalCount, pageSize),
        })}
      />
    </>
  );
}

function ResultCard({ round }: { round: JackpotRound }) {
  const site = currentSite();
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <b>{round.name}</b>
        <span className={styles.muted}>{siteDateTime(round.settledAt ?? round.closesAt)}</span>
      </div>
      {round.status === 'void' && <p className={styles.muted}>{tj('voidRound')}</p>}
      <ol className={styles.results}>
        {round.matches.map((m) => (
          <li key={m.eventId}>
            <span className={styles.matchNo}>{m.number}</span>
            <span className={styles.resultTeams}>
              {m.home} – {m.away}
            </span>
            <b className={styles.resultPick}>
              {m.result === 'cancelled' ? tj('cancelled') : (m.result ?? '–')}
            </b>
          </li>
        ))}
      </ol>
      <ul className={styles.tiers}>
        {[...round.tiers]
          .sort((a, b) => b.hits - a.hits)
          .map((tier) => (
            <li key={tier.hits}>
              {tier.winners
                ? tfj('winners', {
                    hits: tier.hits,
                    winners: tier.winners,
                    share: formatMoney(toCents(tier.share ?? 0), site),
                  })
                : tfj('noWinners', { hits: tier.hits })}
            </li>
          ))}
      </ul>
    </li>
  );
}

/** Past rounds: the winning picks and the winners of each tier. */
export function JackpotResults() {
  const results = useJackpotResults(true);
  if (!results.data)
    return (
      <ListState state={results.isError ? 'error' : 'loading'} empty="" onRetry={results.refetch} />
    );
  if (results.data.rounds.length === 0)
    return <ListState state="empty" empty={tj('noResults')} onRetry={results.refetch} />;
  return (
    <ul className={styles.cards} aria-label={tj('tabResults')}>
      {results.data.rounds.map((round) => (
        <ResultCard key={round.id} round={round} />
      ))}
    </ul>
  );
}

/** The rules (ADR 225), in the user's language. */
export function JackpotRules() {
  return (
    <section className={styles.rules} aria-labelledby="jackpot-rules">
      <h2 id="jackpot-rules" className={styles.roundName}>
        {tj('rulesTitle')}
      </h2>
      <ol>
        {(['rule1', 'rule2', 'rule3', 'rule4', 'rule5', 'rule6'] as const).map((key) => (
          <li key={key}>{tj(key)}</li>
        ))}
      </ol>
    </section>
  );
}
