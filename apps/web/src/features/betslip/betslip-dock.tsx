import { comboOddsText, isPlaceable } from '@dau/domain/betslip';
import {
  betslipSelections,
  hasStakes,
  type BetslipKind,
  type BetslipSelection,
} from '@dau/domain/betslip-state';
import { SITE_STAKE_DEFAULTS } from '@dau/domain/stake-defaults';
import type { Cents } from '@dau/domain/money';
import { formatMoney, fromUnits } from '@dau/domain/money';
import { groupOddsText } from '@dau/domain/odds';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { Link, useLocation } from 'react-router';
import { t as tCore, tf as tfCore } from '../../lib/i18n';
import { currentSite } from '../../lib/site';
import { openLoginModal, useSessionStore } from '../../lib/session-store';
import { balanceQueryKey, useBalance } from '../payments/api/get-balance';
import { usePaymentsStore } from '../payments/store';
import { setBetslipFeed, watch } from '../sports/sports-feed';
import {
  applyBetslipEvent,
  applyBetslipMarketStatus,
  applyBetslipOdds,
  applyBetslipSummary,
} from './betslip-feed';
import { BetslipFigures } from './betslip-figures';
import { BetslipLeg } from './betslip-leg';
import { AcceptSetting, OddsChangesBar, PlaceBetButton, type Notice } from './betslip-place';
import { dispatchBetslip, setBetslipOpen, TOSS_MS, useBetslipStore } from '../../lib/betslip-store';
import { t } from '../../lib/betting-strings';
import { BookingCodeBar } from './share-slip';
import { StakeInput } from './stake-input';
import { VirtualFigures, VirtualPlaceButton } from './virtual-place';
import styles from './betslip.module.css';

// The slip follows its markets from the moment it loads (it joins their rooms below).
setBetslipFeed({
  odds: applyBetslipOdds,
  marketStatus: applyBetslipMarketStatus,
  event: applyBetslipEvent,
  summary: applyBetslipSummary,
});

/** `18|total=2.5` → 18: the betslip room is per market id. */
function marketIdOf(selection: BetslipSelection): number {
  return Number(String(selection.marketId).split('|')[0]);
}

/**
 * "Larger screens" of spec doc 1 (Header): its first breakpoint above a phone (640 px, Layout
 * table). Keep in step with the `640px` media queries in betslip.module.css and theme.css.
 */
export const WIDE_SCREEN = '(min-width: 640px)';
function subscribeWide(listener: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => undefined;
  const query = matchMedia(WIDE_SCREEN);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
/**
 * False on the server and while hydrating, so the first client render matches the server's;
 * CSS has already drawn the wide layout (hidden button, reserved column) by then.
 */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => typeof matchMedia === 'function' && matchMedia(WIDE_SCREEN).matches,
    () => false,
  );
}

/**
 * The floating betslip button and the slip sheet (issue #8 item 1, web). Selections follow
 * live changes through `JoinMarketForBetslip`, joined here for every selection on the slip.
 * `kind="virtual"` is the separate virtual betslip (its own state and storage key).
 *
 * Larger screens (issue #15 item 16, ADR 151): the button is hidden and the slip is a column
 * docked on the right — except where `dockable` is false (home), where the spec keeps the
 * button and the sheet opens as a side panel.
 */
export function BetslipDock({
  kind = 'normal',
  dockable = true,
}: {
  kind?: BetslipKind;
  dockable?: boolean;
}) {
  const docked = useWideScreen() && dockable;
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
      {!docked && (
        <button
          type="button"
          className={`${styles.fab} ${dockable ? styles.fabDockable : ''} ${shake}`}
          onClick={() => setBetslipOpen(true)}
          aria-label={count > 0 ? `${name}, ${tfCore('selectionsCount', { n: count })}` : name}
          data-betslip-fab={kind}
          data-shakes={shakes}
        >
          {count > 0 ? (
            <>
              <span className={styles.fabCount}>{count}</span>
              <span>{groupOddsText(comboOddsText(slip), currentSite().locale)}</span>
            </>
          ) : (
            name
          )}
        </button>
      )}
      {kind === 'normal' && <TossChip />}
      {dockable && (
        // Server-rendered empty: CSS shows it (and makes room for it) on larger screens only.
        <aside className={styles.column} aria-label={name} data-betslip-column={kind}>
          {docked && <BetslipSheet kind={kind} docked />}
        </aside>
      )}
      {open && !docked && <BetslipSheet kind={kind} />}
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

function BetslipSheet({ kind, docked = false }: { kind: BetslipKind; docked?: boolean }) {
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
  const blocked = selections.some((s) => s.selectionitem.ibs);
  const queryClient = useQueryClient();
  // Kept here, not in the button: a placed bet empties the slip and the button goes away.
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (docked) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setBetslipOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [docked]);
  const sheet = (
    <section
      className={docked ? `${styles.sheet} ${styles.docked}` : styles.sheet}
      {...(docked
        ? {}
        : {
            role: 'dialog',
            'aria-modal': true,
            'aria-label': kind === 'virtual' ? t('virtualBetslip') : tCore('betslip'),
          })}
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
        {!docked && (
          <button
            type="button"
            className={styles.close}
            onClick={() => setBetslipOpen(false)}
            aria-label={t('closeBetslip')}
          >
            ×
          </button>
        )}
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
      {kind === 'normal' && <BookingCodeBar />}
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
              <BetslipLeg
                key={s.id}
                kind={kind}
                selection={s}
                singles={!multiple}
                freebet={freebetBalance > 0 && kind === 'normal'}
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
          {multiple && freebetBalance > 0 && kind === 'normal' && (
            <StakeInput
              label={t('freeBetStake')}
              value={slip.freebetstake}
              optional
              onChange={(value) => dispatchBetslip({ type: 'setFreebetStake', value }, kind)}
            />
          )}
          <div className={styles.quick}>
            {SITE_STAKE_DEFAULTS[currentSite().siteId].quickStakes.map((amount) => (
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
          {kind === 'virtual' ? <VirtualFigures slip={slip} /> : <BetslipFigures slip={slip} />}
          <OddsChangesBar slip={slip} kind={kind} />
          {blocked && (
            <p className={styles.message} role="status">
              {t('removeBlocked')}
            </p>
          )}
          {slip.totalfreebetstake > freebetBalance && authenticated && (
            <p className={styles.message} role="status">
              {t('freeBetTooLow')}
            </p>
          )}
          {kind === 'virtual' && authenticated ? (
            <VirtualPlaceButton
              slip={slip}
              setNotice={setNotice}
              onPlaced={() => void queryClient.invalidateQueries({ queryKey: balanceQueryKey })}
            />
          ) : authenticated ? (
            <>
              <AcceptSetting slip={slip} kind={kind} />
              <PlaceBetButton
                slip={slip}
                disabled={
                  !isPlaceable(slip) || !hasStakes(slip) || slip.totalfreebetstake > freebetBalance
                }
                label={money(slip.totalstake)}
                setNotice={setNotice}
                onPlaced={() => void queryClient.invalidateQueries({ queryKey: balanceQueryKey })}
              />
            </>
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
  );
  if (docked) return sheet;
  return (
    <div className={styles.backdrop} onClick={() => setBetslipOpen(false)}>
      {sheet}
    </div>
  );
}
