import type { EventSummary, MarketGroup } from '@dau/contracts/sports/event-summary';
import type { MarketUpdatedPush } from '@dau/contracts/sports/realtime-payloads';
import { dispatchBetslip, toOdds, useBetslipStore } from '../../lib/betslip-store';

/**
 * The slip's side of the live feed: prices, market states and event states of the picks on
 * the slip. Loaded with the slip (the dock registers it with the sports feed), not with the
 * first paint: the betslip rooms it serves are joined only by the dock.
 */

/** An `oddsChange` for a market on the slip: new prices, suspension, or a vanished outcome. */
export function applyBetslipOdds(eventId: number, market: MarketGroup): void {
  const slip = useBetslipStore.getState().normal;
  const locked = market.ibs || market.s !== 1;
  for (const selection of Object.values(slip.selections)) {
    if (String(selection.brid) !== String(eventId) || selection.marketId !== market.uid) continue;
    const outcome = market.m.find((m) => m.id === Number(selection.uid));
    const odds = outcome ? toOdds(outcome.o) : null;
    const suspended = locked || (outcome?.ibs ?? false);
    const refused = slip.errorlist[String(selection.brid)] !== undefined;
    // Unchanged facts change nothing, unless they can lift a refusal (issue #15, defect 1).
    if (odds === selection.selectionitem.o && suspended === selection.suspended && !refused)
      continue;
    const first = selection.selectionitem.o;
    if (odds !== null && odds > 0 && first > 0 && odds !== first) {
      const move = odds > first ? 'up' : 'down';
      useBetslipStore.setState((state) => ({
        moves: { ...state.moves, [selection.id]: move },
        pickedAt: { ...state.pickedAt, [selection.id]: state.pickedAt[selection.id] ?? first },
      }));
    }
    dispatchBetslip({
      type: 'oddsUpdated',
      eventId,
      marketId: market.uid,
      uid: selection.uid,
      odds,
      suspended,
    });
  }
}

/** A live-state change or deletion of an event on the slip (ended events block the pick). */
export function applyBetslipEvent(update: {
  eventId: number;
  isLive?: boolean;
  finished: boolean;
  mt?: string;
  sc?: string;
}): void {
  const slip = useBetslipStore.getState().normal;
  const onSlip = Object.values(slip.selections).some(
    (s) => String(s.brid) === String(update.eventId),
  );
  if (!onSlip) return;
  dispatchBetslip({
    type: 'eventUpdated',
    event: {
      id: update.eventId,
      finished: update.finished,
      ...(update.isLive === undefined ? {} : { isLive: update.isLive }),
      ...(update.mt === undefined ? {} : { mt: update.mt }),
      ...(update.sc === undefined ? {} : { sc: update.sc }),
    },
  });
}

function marketUidOf(marketId: number, specifier: string): string {
  return specifier ? `${marketId}|${specifier}` : String(marketId);
}

/**
 * A `MarketUpdated` push for a market on the slip: suspended (-1) blocks the pick until it
 * reopens (1); deactivated, handed over, settled or cancelled (0, -2, -3, -4) means the market
 * is gone, so the pick expires ('Market has expired') until new prices arrive.
 */
export function applyBetslipMarketStatus(push: MarketUpdatedPush): void {
  const slip = useBetslipStore.getState().normal;
  const uid = marketUidOf(push.marketId, push.specifier);
  const gone = push.status !== 1 && push.status !== -1;
  const suspended = push.ibs || push.status !== 1;
  for (const selection of Object.values(slip.selections)) {
    if (String(selection.brid) !== String(push.eventId) || selection.marketId !== uid) continue;
    const odds = gone ? null : selection.selectionitem.o;
    const refused = slip.errorlist[String(selection.brid)] !== undefined;
    if (selection.suspended === suspended && (odds ?? 0) === selection.selectionitem.o && !refused)
      continue;
    dispatchBetslip({
      type: 'oddsUpdated',
      eventId: push.eventId,
      marketId: uid,
      uid: selection.uid,
      odds,
      suspended,
    });
  }
}

/**
 * An `EventUpdated` summary (sent on `JoinMarketForBetslip`, so a slip restored from storage
 * catches up): current prices and states of the slip's markets. A market or line that is no
 * longer in it has expired ('Market has expired').
 */
export function applyBetslipSummary(event: EventSummary): void {
  const slip = useBetslipStore.getState().normal;
  const picks = Object.values(slip.selections).filter((s) => String(s.brid) === String(event.id));
  if (picks.length === 0) return;
  applyBetslipEvent({
    eventId: event.id,
    isLive: event.isLive,
    finished: event.finished || event.isdeleted,
    mt: event.mt,
    sc: event.sc,
  });
  for (const selection of picks) {
    const market = event.odds.find((m) => m.uid === selection.marketId);
    if (market) {
      applyBetslipOdds(event.id, market);
      continue;
    }
    // Summaries carry every active or suspended market (or all of the joined market id): one
    // that is missing was deactivated, settled or cancelled.
    if (selection.selectionitem.o > 0) {
      dispatchBetslip({
        type: 'oddsUpdated',
        eventId: event.id,
        marketId: selection.marketId,
        uid: selection.uid,
        odds: null,
      });
    }
  }
}
