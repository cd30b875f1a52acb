import type { MarketGroup } from '@dau/contracts/sports/event-summary';
import {
  betslipReducer,
  createBetslip,
  recompute,
  selectionKey,
  type BetslipAction,
  type BetslipKind,
  type BetslipState,
} from '@dau/domain/betslip';
import type { Odds } from '@dau/domain/odds';
import { create } from 'zustand';

/**
 * The betslip store: two instances of #3's engine (normal and virtual, kept apart as the spec
 * says), persisted to localStorage after every change and restored on load. Every figure comes
 * from `@dau/domain/betslip`; this file only stores, persists and routes feed updates.
 */
export const STORAGE_KEYS: Record<BetslipKind, string> = {
  normal: 'dau-betslip',
  virtual: 'dau-betslip-virtual',
};

interface BetslipStore {
  normal: BetslipState;
  virtual: BetslipState;
  sheetOpen: boolean;
  /** Last price move of each selection since it was picked, shown on the slip. */
  moves: Record<string, 'up' | 'down'>;
}

function isBetslipState(value: unknown, kind: BetslipKind): value is BetslipState {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.kind === kind &&
    typeof record.selections === 'object' &&
    record.selections !== null &&
    typeof record.combostake === 'number'
  );
}

/** A stored slip, recomputed so figures follow the current rules; a broken entry starts empty. */
export function restoreBetslip(kind: BetslipKind, storage: Storage | null): BetslipState {
  try {
    const raw = storage?.getItem(STORAGE_KEYS[kind]);
    if (raw) {
      const parsed: unknown = JSON.parse(raw);
      if (isBetslipState(parsed, kind)) return recompute({ ...createBetslip(kind), ...parsed });
    }
  } catch {
    // Unreadable storage (private mode, quota, bad JSON): an empty slip is the safe answer.
  }
  return createBetslip(kind);
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const useBetslipStore = create<BetslipStore>()(() => ({
  normal: restoreBetslip('normal', storage()),
  virtual: restoreBetslip('virtual', storage()),
  sheetOpen: false,
  moves: {},
}));

export function dispatchBetslip(action: BetslipAction, kind: BetslipKind = 'normal'): void {
  const previous = useBetslipStore.getState()[kind];
  const next = betslipReducer(previous, action);
  const { moves } = useBetslipStore.getState();
  // Price moves belong to the current picks: a removed or replaced pick forgets its move.
  const kept = Object.fromEntries(
    Object.entries(moves).filter(([id]) => kind !== 'normal' || next.selections[id] !== undefined),
  );
  useBetslipStore.setState({ [kind]: next, moves: kept });
  try {
    storage()?.setItem(STORAGE_KEYS[kind], JSON.stringify(next));
  } catch {
    // Storage full or blocked: the slip still works for this visit.
  }
}

export function setBetslipOpen(open: boolean): void {
  useBetslipStore.setState({ sheetOpen: open });
}

export function toOdds(decimal: number): Odds {
  return Math.round(decimal * 100) as Odds;
}

export interface OddsPick {
  eventId: number;
  marketUid: string;
  outcomeId: number;
  odds: number;
  marketName: string;
  outcomeName: string;
  eventName: string;
  isLive: boolean;
  kickOff: string;
}

/** Tapping odds: adds the pick, replaces another pick of the same event, or removes it. */
export function toggleSelection(pick: OddsPick): void {
  dispatchBetslip({
    type: 'toggle',
    selection: {
      eventId: pick.eventId,
      marketId: pick.marketUid,
      uid: pick.outcomeId,
      odds: toOdds(pick.odds),
      marketName: pick.marketName,
      selectionName: pick.outcomeName,
      event: { isLive: pick.isLive, edtlocale: pick.kickOff, n: pick.eventName },
    },
  });
}

export function pickKey(eventId: number, marketUid: string, outcomeId: number): string {
  return selectionKey(eventId, marketUid, outcomeId);
}

/** An `oddsChange` for a market on the slip: new prices, suspension, or a vanished outcome. */
export function applyBetslipOdds(eventId: number, market: MarketGroup): void {
  const slip = useBetslipStore.getState().normal;
  const locked = market.ibs || market.s !== 1;
  for (const selection of Object.values(slip.selections)) {
    if (String(selection.brid) !== String(eventId) || selection.marketId !== market.uid) continue;
    const outcome = market.m.find((m) => m.id === Number(selection.uid));
    const odds = outcome ? toOdds(outcome.o) : null;
    const suspended = locked || (outcome?.ibs ?? false);
    if (odds === selection.selectionitem.o && suspended === selection.suspended) continue;
    if (odds !== null && odds > 0 && odds !== selection.selectionitem.o) {
      const move = odds > selection.selectionitem.o ? 'up' : 'down';
      useBetslipStore.setState((state) => ({ moves: { ...state.moves, [selection.id]: move } }));
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
