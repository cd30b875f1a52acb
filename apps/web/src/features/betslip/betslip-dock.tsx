import {
  betslipSelections,
  coerceStake,
  DEFAULT_BETSLIP_CONFIG,
  effectiveOdds,
  comboPayout,
  isPlaceable,
  type BetslipSelection,
} from '@dau/domain/betslip';
import { QUICK_BET_AMOUNTS } from '@dau/domain/constants';
import type { Cents } from '@dau/domain/money';
import { formatMoney, toUnitsString } from '@dau/domain/money';
import { formatOdds } from '@dau/domain/odds';
import { payoutBreakdown } from '@dau/domain/payout';
import { winBoostSelectionsToNext } from '@dau/domain/win-boost';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { currentSite } from '../../lib/site';
import { useSessionStore } from '../../lib/session-store';
import { watch } from '../sports/sports-feed';
import { dispatchBetslip, setBetslipOpen, useBetslipStore } from './betslip-store';
import { placeBets, type AcceptOddsChanges } from './place-bet';
import { BookingCodeBar } from './share-slip';
import styles from './betslip.module.css';

/** `18|total=2.5` → 18: the betslip room is per market id. */
function marketIdOf(selection: BetslipSelection): number {
  return Number(String(selection.marketId).split('|')[0]);
}

/**
 * The floating betslip button and the slip sheet (issue #8 item 1, web). Selections follow
 * live changes through `JoinMarketForBetslip`, joined here for every selection on the slip.
 */
export function BetslipDock() {
  const slip = useBetslipStore((s) => s.normal);
  const open = useBetslipStore((s) => s.sheetOpen);
  const rooms = useMemo(
    () =>
      betslipSelections(slip)
        .map((s) => ({ eventId: Number(s.brid), marketId: marketIdOf(s) }))
        .filter((r) => Number.isInteger(r.eventId) && Number.isInteger(r.marketId)),
    [slip],
  );
  const roomKey = rooms.map((r) => `${r.eventId}:${r.marketId}`).join(',');
  useEffect(
    () => watch(rooms.map((r) => ({ kind: 'betslip' as const, ...r }))),
    // Re-join only when the set of markets changes, not on every price.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [roomKey],
  );
  const count = slip.numselections;
  return (
    <>
      <button
        type="button"
        className={styles.fab}
        onClick={() => setBetslipOpen(true)}
        aria-label={count > 0 ? `Betslip, ${count} selections` : 'Betslip'}
      >
        {count > 0 ? (
          <>
            <span className={styles.fabCount}>{count}</span>
            <span>{formatOdds(slip.comboodds)}</span>
          </>
        ) : (
          'Betslip'
        )}
      </button>
      {open && <BetslipSheet />}
    </>
  );
}

function BetslipSheet() {
  const slip = useBetslipStore((s) => s.normal);
  const authenticated = useSessionStore((s) => s.isAuthenticated);
  const site = currentSite();
  const money = (amount: Cents) => formatMoney(amount, site);
  const selections = betslipSelections(slip);
  const multiple = slip.betType === 'multiple';
  const payout = multiple ? comboPayout(slip) : null;
  const toNext = winBoostSelectionsToNext(slip.qualifyingselections);
  const singles = singlesTaxes(selections);
  // Kept here, not in the button: a placed bet empties the slip and the button goes away.
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setBetslipOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className={styles.backdrop} onClick={() => setBetslipOpen(false)}>
      <section
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-label="Betslip"
        onClick={(e) => e.stopPropagation()}
      >
        <header className={styles.head}>
          <h2>Betslip {slip.numselections > 0 && <small>({slip.numselections})</small>}</h2>
          {selections.length > 0 && (
            <button
              type="button"
              className={styles.link}
              onClick={() => dispatchBetslip({ type: 'removeAll' })}
            >
              Remove all
            </button>
          )}
          <button
            type="button"
            className={styles.close}
            onClick={() => setBetslipOpen(false)}
            aria-label="Close betslip"
          >
            ×
          </button>
        </header>
        {notice && (
          <p className={notice.tone === 'ok' ? styles.placed : styles.message} role="status">
            {notice.text}
          </p>
        )}
        <BookingCodeBar />
        {selections.length === 0 ? (
          <p className={styles.empty}>Tap any odds to add a selection.</p>
        ) : (
          <>
            <div className={styles.tabs} role="tablist">
              {(['single', 'multiple'] as const).map((type) => (
                <button
                  key={type}
                  type="button"
                  role="tab"
                  aria-selected={slip.betType === type}
                  className={slip.betType === type ? styles.tabActive : styles.tab}
                  onClick={() => dispatchBetslip({ type: 'setBetType', betType: type })}
                >
                  {type === 'single' ? 'Singles' : 'Multiple'}
                </button>
              ))}
            </div>
            <ul className={styles.list}>
              {selections.map((s) => (
                <SelectionItem key={s.id} selection={s} singles={!multiple} />
              ))}
            </ul>
            {multiple && (
              <StakeInput
                label="Stake"
                value={slip.combostake}
                onChange={(value) => dispatchBetslip({ type: 'setComboStake', value })}
              />
            )}
            <div className={styles.quick}>
              {QUICK_BET_AMOUNTS.map((amount) => (
                <button
                  key={amount}
                  type="button"
                  onClick={() =>
                    dispatchBetslip(
                      multiple
                        ? { type: 'setComboStake', value: amount }
                        : { type: 'setSingleStake', value: amount },
                    )
                  }
                >
                  {amount}
                </button>
              ))}
            </div>
            <dl className={styles.figures}>
              {multiple && payout ? (
                <>
                  <dt>Total odds</dt>
                  <dd data-testid="combo-odds">{formatOdds(slip.comboodds)}</dd>
                  <dt>Win boost</dt>
                  <dd data-testid="win-boost">
                    {slip.winboostpercentage} %
                    {toNext > 0 && (
                      <small className={styles.hint}>
                        Add {toNext} more selection{toNext === 1 ? '' : 's'} for {slip.winboostnext}{' '}
                        %
                      </small>
                    )}
                  </dd>
                  <dt>Stake</dt>
                  <dd>{money(payout.stake)}</dd>
                  <dt>Excise tax</dt>
                  <dd data-testid="excise">−{money(payout.excise)}</dd>
                  <dt>Stake after tax</dt>
                  <dd>{money(payout.stakeAfterExcise)}</dd>
                  {payout.winBoostAmount > 0 && (
                    <>
                      <dt>Boost amount</dt>
                      <dd>+{money(payout.winBoostAmount)}</dd>
                    </>
                  )}
                  <dt>Gross possible win</dt>
                  <dd>{money(payout.grossPossibleWin)}</dd>
                  <dt>Withholding tax</dt>
                  <dd data-testid="withholding">−{money(payout.withholdingTax)}</dd>
                  <dt className={styles.total}>Possible payout</dt>
                  <dd className={styles.total} data-testid="net-payout">
                    {money(payout.netPayout)}
                  </dd>
                </>
              ) : (
                <>
                  <dt>Total stake</dt>
                  <dd>{money(slip.totalstake)}</dd>
                  <dt>Excise tax</dt>
                  <dd data-testid="excise">−{money(singles.excise)}</dd>
                  <dt>Withholding tax</dt>
                  <dd data-testid="withholding">−{money(singles.withholdingTax)}</dd>
                  <dt className={styles.total}>Possible payout</dt>
                  <dd className={styles.total} data-testid="net-payout">
                    {money(slip.pwsingles)}
                  </dd>
                </>
              )}
            </dl>
            {payout?.capped && (
              <p className={styles.note}>Payout is capped at the maximum win per bet.</p>
            )}
            {authenticated ? (
              <PlaceBetButton
                disabled={!isPlaceable(slip)}
                label={money(slip.totalstake)}
                setNotice={setNotice}
              />
            ) : (
              <Link className={styles.place} to="/login?redirectUrl=/sports">
                Log in to place bets
              </Link>
            )}
          </>
        )}
      </section>
    </div>
  );
}

/** Tax totals of the placeable singles, each priced by the domain's payout rules. */
function singlesTaxes(selections: readonly BetslipSelection[]): {
  excise: Cents;
  withholdingTax: Cents;
} {
  let excise = 0;
  let withholdingTax = 0;
  for (const s of selections) {
    if (s.selectionitem.ibs) continue;
    const payout = payoutBreakdown({
      stake: s.stake,
      freebetStake: s.freebetstake,
      legs: [effectiveOdds(s)],
      betType: 'single',
      policy: DEFAULT_BETSLIP_CONFIG.policy,
    });
    excise += payout.excise;
    withholdingTax += payout.withholdingTax;
  }
  return { excise: excise as Cents, withholdingTax: withholdingTax as Cents };
}

interface Notice {
  tone: 'ok' | 'error';
  text: string;
}

function PlaceBetButton({
  disabled,
  label,
  setNotice,
}: {
  disabled: boolean;
  label: string;
  setNotice: (notice: Notice | null) => void;
}) {
  const [accept, setAccept] = useState<AcceptOddsChanges>('none');
  const [pending, setPending] = useState(false);
  const place = async () => {
    setPending(true);
    setNotice(null);
    try {
      const result = await placeBets(useBetslipStore.getState().normal, accept);
      const ids = result.placed.map((bet) => bet.betId).join(', ');
      if (result.messages.length > 0) setNotice({ tone: 'error', text: result.messages.join(' ') });
      else if (ids) setNotice({ tone: 'ok', text: `Bet placed (${ids}).` });
    } catch {
      setNotice({ tone: 'error', text: 'The bet could not be sent. Try again.' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <label className={styles.stake}>
        Odds changes
        <select value={accept} onChange={(e) => setAccept(e.target.value as AcceptOddsChanges)}>
          <option value="none">Ask me</option>
          <option value="higher">Accept higher</option>
          <option value="any">Accept any</option>
        </select>
      </label>
      <button
        type="button"
        className={styles.place}
        disabled={disabled || pending}
        onClick={() => void place()}
      >
        {pending ? 'Placing…' : `Place bet · ${label}`}
      </button>
    </>
  );
}

function SelectionItem({ selection, singles }: { selection: BetslipSelection; singles: boolean }) {
  const item = selection.selectionitem;
  const move = useBetslipStore((s) => s.moves[selection.id]);
  const message =
    item.sm || (item.ibs ? (selection.deleted ? 'Event has ended' : 'Suspended') : '');
  return (
    <li className={item.ibs ? `${styles.item} ${styles.blocked}` : styles.item}>
      <div className={styles.itemMain}>
        <p className={styles.pick}>
          {item.s}{' '}
          <b data-move={move}>
            {move === 'up' ? '▲ ' : move === 'down' ? '▼ ' : ''}
            {item.o > 0 ? formatOdds(item.o) : '—'}
          </b>
        </p>
        <p className={styles.market}>{item.mn}</p>
        <p className={styles.event}>
          {selection.eventmin.isLive && <span className={styles.live}>LIVE</span>}
          {selection.eventmin.n ?? String(selection.brid)}
        </p>
        {message && (
          <p className={styles.message} role="status">
            {message}
          </p>
        )}
        {singles && (
          <StakeInput
            label="Stake"
            value={selection.stake}
            onChange={(value) =>
              dispatchBetslip({ type: 'setSelectionStake', id: selection.id, value })
            }
          />
        )}
      </div>
      <button
        type="button"
        className={styles.remove}
        aria-label={`Remove ${item.s}`}
        onClick={() => dispatchBetslip({ type: 'remove', id: selection.id })}
      >
        ×
      </button>
    </li>
  );
}

function StakeInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Cents;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(() => toUnitsString(value));
  const [shown, setShown] = useState(value);
  // A quick amount changes the stake from outside: show it (adjusting state during render).
  if (shown !== value) {
    setShown(value);
    if (coerceStake(text) !== value) setText(toUnitsString(value));
  }
  return (
    <label className={styles.stake}>
      {label}
      <input
        inputMode="decimal"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value);
        }}
      />
    </label>
  );
}
