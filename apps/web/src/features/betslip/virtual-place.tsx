import { comboOddsText } from '@dau/domain/betslip';
import { betslipSelections, type BetslipState } from '@dau/domain/betslip-state';
import { MAX_WINNING } from '@dau/domain/constants';
import { formatMoney, type Cents } from '@dau/domain/money';
import { groupOddsText, type Odds } from '@dau/domain/odds';
import { virtualPotentialWin } from '@dau/domain/virtuals/markets';
import { virtualPickOf } from '@dau/domain/virtuals/virtual-slip';
import { VIRTUALS_PATHS } from '@dau/contracts/virtuals/paths';
import type {
  VirtualPlaceBetRequest,
  VirtualPlaceBetResponse,
} from '@dau/contracts/virtuals/virtuals';
import { useState } from 'react';
import { apiFetch, ApiError } from '../../lib/api-client';
import { currentSite } from '../../lib/site';
import type { Notice } from './betslip-place';
import { dispatchBetslip } from '../../lib/betslip-store';
import { t, tf } from '../../lib/betting-strings';
import styles from './betslip.module.css';

/** The virtual game's max win (the catalogue's, ADR 195): the spec's 1,500,000. */
const VIRTUAL_MAX_WIN = MAX_WINNING;

/** The request the virtual slip sends, or null when its picks are not of one matchday. */
export function virtualRequest(slip: BetslipState): VirtualPlaceBetRequest | null {
  const selections = betslipSelections(slip);
  const picks = selections.map((s) => ({ s, pick: virtualPickOf(s) }));
  const matchdays = new Set(picks.map((p) => p.pick?.matchdayId));
  const first = picks[0]?.pick;
  if (!first || matchdays.size !== 1 || picks.some((p) => p.pick === null)) return null;
  const multiple = slip.betType === 'multiple' && selections.length > 1;
  return {
    matchdayId: first.matchdayId,
    betType: multiple ? 'multiple' : 'single',
    ...(multiple ? { stake: slip.combostake / 100 } : {}),
    selections: picks.map(({ s, pick }) => ({
      matchIndex: pick?.matchIndex ?? 0,
      market: pick?.market ?? '',
      outcome: pick?.outcome ?? '',
      odds: s.selectionitem.o / 100,
      ...(multiple ? {} : { stake: s.stake / 100 }),
    })),
  };
}

/** Virtual bets carry no boosts or taxes (ADR 195): stake × odds, down to the cent. */
export function virtualFigures(slip: BetslipState): { stake: Cents; win: Cents } {
  const selections = betslipSelections(slip);
  if (slip.betType === 'multiple' && selections.length > 1) {
    const odds = selections.map((s) => s.selectionitem.o as Odds);
    return {
      stake: slip.combostake,
      win: virtualPotentialWin(slip.combostake, odds, VIRTUAL_MAX_WIN),
    };
  }
  return selections.reduce(
    (sum, s) => ({
      stake: (sum.stake + s.stake) as Cents,
      win: (sum.win +
        virtualPotentialWin(s.stake, [s.selectionitem.o as Odds], VIRTUAL_MAX_WIN)) as Cents,
    }),
    { stake: 0 as Cents, win: 0 as Cents },
  );
}

export function VirtualFigures({ slip }: { slip: BetslipState }) {
  const site = currentSite();
  const { stake, win } = virtualFigures(slip);
  return (
    <dl className={styles.figures}>
      <dt>{t('totalStake')}</dt>
      <dd>{formatMoney(stake, site)}</dd>
      {slip.betType === 'multiple' && (
        <>
          <dt>{t('totalOdds')}</dt>
          <dd>{groupOddsText(comboOddsText(slip), site.locale)}</dd>
        </>
      )}
      <dt className={styles.total}>{t('possiblePayout')}</dt>
      <dd className={styles.total} data-testid="net-payout">
        {formatMoney(win, site)}
      </dd>
    </dl>
  );
}

/**
 * Places the virtual betslip (issue #14): all picks must be of the matchday open for betting;
 * the server refuses after kick-off and the slip says why.
 */
export function VirtualPlaceButton({
  slip,
  setNotice,
  onPlaced,
}: {
  slip: BetslipState;
  setNotice: (notice: Notice | null) => void;
  onPlaced: () => void;
}) {
  const [pending, setPending] = useState(false);
  const request = virtualRequest(slip);
  const { stake } = virtualFigures(slip);
  const place = async () => {
    if (!request) return;
    setPending(true);
    setNotice(null);
    try {
      const result = await apiFetch<VirtualPlaceBetResponse>({
        base: 'core',
        path: VIRTUALS_PATHS.placeBet,
        method: 'POST',
        body: request,
      });
      onPlaced();
      dispatchBetslip({ type: 'removeAll' }, 'virtual');
      setNotice({
        tone: 'ok',
        text: tf('betPlaced', { ids: result.bets.map((b) => b.betId).join(', ') }),
      });
    } catch (error) {
      const entry = error instanceof ApiError ? error.envelope.datasource_entries[0] : undefined;
      setNotice({ tone: 'error', text: entry?.dimension_value ?? t('betNotSent') });
    } finally {
      setPending(false);
    }
  };
  return (
    <button
      type="button"
      className={styles.place}
      disabled={pending || !request || stake <= 0}
      onClick={() => void place()}
    >
      {pending ? t('placing') : `${t('placeBet')} · ${formatMoney(stake, currentSite())}`}
    </button>
  );
}
