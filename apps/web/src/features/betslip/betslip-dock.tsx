import {
  betslipSelections,
  coerceStake,
  effectiveOdds,
  comboPayout,
  isPlaceable,
  type BetslipKind,
  type BetslipSelection,
  type BetslipState,
} from '@dau/domain/betslip';
import { toAmountText } from '@dau/domain/amount-input';
import { SITE_STAKE_DEFAULTS } from '@dau/domain/stake-defaults';
import type { TaxPolicy } from '@dau/domain/tax-policy';
import type { Cents } from '@dau/domain/money';
import { formatMoney, fromUnits } from '@dau/domain/money';
import { formatOdds } from '@dau/domain/odds';
import { payoutBreakdown } from '@dau/domain/payout';
import { winBoostSelectionsToNext } from '@dau/domain/win-boost';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Link, useLocation } from 'react-router';
import { t as tCore, tf as tfCore } from '../../lib/i18n';
import { currentSite } from '../../lib/site';
import { openLoginModal, useSessionStore } from '../../lib/session-store';
import { balanceQueryKey, useBalance } from '../payments/api/get-balance';
import { usePaymentsStore } from '../payments/store';
import { watch } from '../sports/sports-feed';
import { dispatchBetslip, setBetslipOpen, TOSS_MS, useBetslipStore } from './betslip-store';
import { t, tf } from './betting-strings';
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
 * `kind="virtual"` is the separate virtual betslip (its own state and storage key).
 */
export function BetslipDock({ kind = 'normal' }: { kind?: BetslipKind }) {
  const slip = useBetslipStore((s) => s[kind]);
  const open = useBetslipStore((s) => s.sheetOpen);
  const shakes = useBetslipStore((s) => s.shakes);
  const rooms = useMemo(
    () =>
      kind === 'virtual'
        ? []
        : betslipSelections(slip)
            .map((s) => ({ eventId: Number(s.brid), marketId: marketIdOf(s) }))
            .filter((r) => Number.isInteger(r.eventId) && Number.isInteger(r.marketId)),
    [slip, kind],
  );
  const roomKey = rooms.map((r) => `${r.eventId}:${r.marketId}`).join(',');
  useEffect(
    () => watch(rooms.map((r) => ({ kind: 'betslip' as const, ...r }))),
    // Re-join only when the set of markets changes, not on every price.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [roomKey],
  );
  const count = slip.numselections;
  const name = kind === 'virtual' ? t('virtualBetslip') : tCore('betslip');
  // Two identical keyframes, alternated, restart the shake on every landing.
  const shake = shakes === 0 ? '' : shakes % 2 === 0 ? styles.shakeA : styles.shakeB;
  return (
    <>
      <button
        type="button"
        className={`${styles.fab} ${shake}`}
        onClick={() => setBetslipOpen(true)}
        aria-label={count > 0 ? `${name}, ${tfCore('selectionsCount', { n: count })}` : name}
        data-betslip-fab={kind}
        data-shakes={shakes}
      >
        {count > 0 ? (
          <>
            <span className={styles.fabCount}>{count}</span>
            <span>{formatOdds(slip.comboodds)}</span>
          </>
        ) : (
          name
        )}
      </button>
      {kind === 'normal' && <TossChip />}
      {open && <BetslipSheet kind={kind} />}
    </>
  );
}

/** The price flying from the tapped button to the betslip button (750 ms, once at a time). */
function TossChip() {
  const toss = useBetslipStore((s) => s.toss);
  if (!toss) return null;
  const style = {
    left: toss.x,
    top: toss.y,
    '--toss-dx': `${toss.toX - toss.x}px`,
    '--toss-dy': `${toss.toY - toss.y}px`,
    animationDuration: `${TOSS_MS}ms`,
  } as CSSProperties;
  return (
    <span className={styles.toss} style={style} aria-hidden="true" data-testid="bet-toss">
      {toss.odds}
    </span>
  );
}

function BetslipSheet({ kind }: { kind: BetslipKind }) {
  const slip = useBetslipStore((s) => s[kind]);
  const authenticated = useSessionStore((s) => s.isAuthenticated);
  // A guest logs in in the modal and stays on the page the slip was built on.
  const { pathname } = useLocation();
  // The app's one balance state (currency units); the query refreshes it when the slip opens.
  useBalance(authenticated);
  const balances = usePaymentsStore((s) => s.balances);
  const freebetBalance = balances ? fromUnits(balances.freeBet) : (0 as Cents);
  const site = currentSite();
  const money = (amount: Cents) => formatMoney(amount, site);
  const selections = betslipSelections(slip);
  const multiple = slip.betType === 'multiple';
  const config = useBetslipStore((s) => s.config);
  const payout = multiple ? comboPayout(slip, config) : null;
  const toNext = winBoostSelectionsToNext(slip.qualifyingselections);
  const singles = singlesTaxes(selections, config.policy);
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
        aria-label={kind === 'virtual' ? t('virtualBetslip') : tCore('betslip')}
        onClick={(e) => e.stopPropagation()}
      >
        <header className={styles.head}>
          <h2>
            {kind === 'virtual' ? t('virtualBetslip') : tCore('betslip')}{' '}
            {slip.numselections > 0 && <small>({slip.numselections})</small>}
          </h2>
          {authenticated && (
            <Link
              className={styles.link}
              to={currentSite().features.myBetsPath}
              onClick={() => setBetslipOpen(false)}
            >
              {tCore('myBets')}
            </Link>
          )}
          {selections.length > 0 && (
            <button
              type="button"
              className={styles.link}
              onClick={() => dispatchBetslip({ type: 'removeAll' }, kind)}
            >
              {t('removeAll')}
            </button>
          )}
          <button
            type="button"
            className={styles.close}
            onClick={() => setBetslipOpen(false)}
            aria-label={t('closeBetslip')}
          >
            ×
          </button>
        </header>
        {authenticated && balances && (
          <p className={styles.balances} data-testid="slip-balance">
            {t('balance')} <b>{money(fromUnits(balances.cash))}</b>
            {freebetBalance > 0 && (
              <>
                {' '}
                · {t('freeBet')} <b>{money(freebetBalance)}</b>
              </>
            )}
          </p>
        )}
        {notice && (
          <p className={notice.tone === 'ok' ? styles.placed : styles.message} role="status">
            {notice.text}
          </p>
        )}
        <BookingCodeBar />
        {selections.length === 0 ? (
          <p className={styles.empty}>{t('tapAnyOdds')}</p>
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
                  onClick={() => dispatchBetslip({ type: 'setBetType', betType: type }, kind)}
                >
                  {type === 'single' ? t('singles') : t('multiple')}
                </button>
              ))}
            </div>
            <ul className={styles.list}>
              {selections.map((s) => (
                <SelectionItem
                  key={s.id}
                  kind={kind}
                  selection={s}
                  singles={!multiple}
                  freebet={freebetBalance > 0}
                />
              ))}
            </ul>
            {multiple && (
              <StakeInput
                label={t('stake')}
                value={slip.combostake}
                onChange={(value) => dispatchBetslip({ type: 'setComboStake', value }, kind)}
              />
            )}
            {multiple && freebetBalance > 0 && (
              <StakeInput
                label={t('freeBetStake')}
                value={slip.freebetstake}
                onChange={(value) => dispatchBetslip({ type: 'setFreebetStake', value }, kind)}
              />
            )}
            <div className={styles.quick}>
              {SITE_STAKE_DEFAULTS[site.siteId].quickStakes.map((amount) => (
                <button
                  key={amount}
                  type="button"
                  onClick={() =>
                    dispatchBetslip(
                      multiple
                        ? { type: 'setComboStake', value: amount }
                        : { type: 'setSingleStake', value: amount },
                      kind,
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
                  <dt>{t('totalOdds')}</dt>
                  <dd data-testid="combo-odds">{formatOdds(slip.comboodds)}</dd>
                  <dt>{t('winBoost')}</dt>
                  <dd data-testid="win-boost">
                    {slip.winboostpercentage} %
                    {toNext > 0 && (
                      <small className={styles.hint}>
                        {toNext === 1
                          ? tf('addOneMore', { p: slip.winboostnext })
                          : tf('addMore', { n: toNext, p: slip.winboostnext })}
                      </small>
                    )}
                  </dd>
                  {slip.taxboostpercentage > 0 && (
                    <>
                      <dt>{t('taxBoost')}</dt>
                      <dd data-testid="tax-boost">{slip.taxboostpercentage} %</dd>
                    </>
                  )}
                  <dt>{t('stake')}</dt>
                  <dd>{money(payout.stake)}</dd>
                  {payout.freebetStake > 0 && (
                    <>
                      <dt>{t('freeBetStake')}</dt>
                      <dd data-testid="freebet-stake">{money(payout.freebetStake)}</dd>
                    </>
                  )}
                  <dt>{t('exciseTax')}</dt>
                  <dd data-testid="excise">−{money(payout.excise)}</dd>
                  <dt>{t('stakeAfterTax')}</dt>
                  <dd>{money(payout.stakeAfterExcise)}</dd>
                  {payout.winBoostAmount > 0 && (
                    <>
                      <dt>{t('boostAmount')}</dt>
                      <dd>+{money(payout.winBoostAmount)}</dd>
                    </>
                  )}
                  <dt>{t('grossPossibleWin')}</dt>
                  <dd>{money(payout.grossPossibleWin)}</dd>
                  <dt>{t('withholdingTax')}</dt>
                  <dd data-testid="withholding">−{money(payout.withholdingTax)}</dd>
                  <dt className={styles.total}>{t('possiblePayout')}</dt>
                  <dd className={styles.total} data-testid="net-payout">
                    {money(payout.netPayout)}
                  </dd>
                </>
              ) : (
                <>
                  <dt>{t('totalStake')}</dt>
                  <dd>{money(slip.totalstake)}</dd>
                  {slip.totalfreebetstake > 0 && (
                    <>
                      <dt>{t('freeBetStake')}</dt>
                      <dd data-testid="freebet-stake">{money(slip.totalfreebetstake)}</dd>
                    </>
                  )}
                  <dt>{t('exciseTax')}</dt>
                  <dd data-testid="excise">−{money(singles.excise)}</dd>
                  <dt>{t('withholdingTax')}</dt>
                  <dd data-testid="withholding">−{money(singles.withholdingTax)}</dd>
                  <dt className={styles.total}>{t('possiblePayout')}</dt>
                  <dd className={styles.total} data-testid="net-payout">
                    {money(slip.pwsingles)}
                  </dd>
                </>
              )}
            </dl>
            {payout?.capped && <p className={styles.note}>{t('payoutCapped')}</p>}
            {!isPlaceable(slip) && (
              <p className={styles.message} role="status">
                {t('removeBlocked')}
              </p>
            )}
            {slip.totalfreebetstake > freebetBalance && authenticated && (
              <p className={styles.message} role="status">
                {t('freeBetTooLow')}
              </p>
            )}
            {kind === 'virtual' ? (
              <p className={styles.note}>{t('virtualUnavailable')}</p>
            ) : authenticated ? (
              <PlaceBetButton
                slip={slip}
                disabled={!isPlaceable(slip) || slip.totalfreebetstake > freebetBalance}
                label={money(slip.totalstake)}
                setNotice={setNotice}
              />
            ) : (
              <button
                type="button"
                className={styles.place}
                onClick={() => {
                  setBetslipOpen(false);
                  openLoginModal(pathname);
                }}
              >
                {t('logInToBet')}
              </button>
            )}
          </>
        )}
      </section>
    </div>
  );
}

/** Tax totals of the placeable singles, each priced by the domain's payout rules. */
function singlesTaxes(
  selections: readonly BetslipSelection[],
  policy: TaxPolicy,
): {
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
      policy,
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
  slip,
  disabled,
  label,
  setNotice,
}: {
  slip: BetslipState;
  disabled: boolean;
  label: string;
  setNotice: (notice: Notice | null) => void;
}) {
  const [accept, setAccept] = useState<AcceptOddsChanges>('none');
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const place = async () => {
    setPending(true);
    setNotice(null);
    try {
      const result = await placeBets(slip, accept);
      if (result.placed.length > 0) {
        void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
      }
      const ids = result.placed.map((bet) => bet.betId).join(', ');
      if (result.messages.length > 0) setNotice({ tone: 'error', text: result.messages.join(' ') });
      else if (ids) setNotice({ tone: 'ok', text: tf('betPlaced', { ids }) });
    } catch {
      setNotice({ tone: 'error', text: t('betNotSent') });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <label className={styles.stake}>
        {t('oddsChanges')}
        <select value={accept} onChange={(e) => setAccept(e.target.value as AcceptOddsChanges)}>
          <option value="none">{t('askMe')}</option>
          <option value="higher">{t('acceptHigher')}</option>
          <option value="any">{t('acceptAny')}</option>
        </select>
      </label>
      <button
        type="button"
        className={styles.place}
        disabled={disabled || pending}
        onClick={() => void place()}
      >
        {pending ? t('placing') : `${t('placeBet')} · ${label}`}
      </button>
    </>
  );
}

function SelectionItem({
  kind,
  selection,
  singles,
  freebet,
}: {
  kind: BetslipKind;
  selection: BetslipSelection;
  singles: boolean;
  freebet: boolean;
}) {
  const item = selection.selectionitem;
  const move = useBetslipStore((s) => s.moves[selection.id]);
  const was = useBetslipStore((s) => s.pickedAt[selection.id]);
  const message =
    item.sm || (item.ibs ? (selection.deleted ? t('eventEnded') : t('suspended')) : '');
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
        <p className={styles.market}>
          {item.mn}
          {was !== undefined && was !== item.o && item.o > 0 && (
            <span className={styles.was} data-testid="odds-was">
              {' '}
              · {t('was')} {formatOdds(was)}
            </span>
          )}
        </p>
        <p className={styles.event}>
          {selection.eventmin.isLive && <span className={styles.live}>{t('live')}</span>}
          {selection.eventmin.n ?? String(selection.brid)}
        </p>
        {message && (
          <p className={styles.message} role="status">
            {message}
          </p>
        )}
        {singles && (
          <StakeInput
            label={t('stake')}
            value={selection.stake}
            onChange={(value) =>
              dispatchBetslip({ type: 'setSelectionStake', id: selection.id, value }, kind)
            }
          />
        )}
        {singles && freebet && (
          <StakeInput
            label={t('freeBetStake')}
            value={selection.freebetstake}
            onChange={(value) =>
              dispatchBetslip({ type: 'setSelectionFreebetStake', id: selection.id, value }, kind)
            }
          />
        )}
      </div>
      <button
        type="button"
        className={styles.remove}
        aria-label={`${t('remove')} ${item.s}`}
        onClick={() => dispatchBetslip({ type: 'remove', id: selection.id }, kind)}
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
  const { currencyCode } = currentSite();
  const [text, setText] = useState(() => toAmountText(value, currencyCode));
  const [shown, setShown] = useState(value);
  // A quick amount changes the stake from outside: show it (adjusting state during render).
  if (shown !== value) {
    setShown(value);
    if (coerceStake(text, currencyCode) !== value) setText(toAmountText(value, currencyCode));
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
