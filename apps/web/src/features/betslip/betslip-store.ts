import type { EventSummary, MarketGroup } from '@dau/contracts/sports/event-summary';
import type { MarketUpdatedPush } from '@dau/contracts/sports/realtime-payloads';
import {
  betslipReducer,
  createBetslip,
  recompute,
  selectionKey,
  siteBetslipConfig,
  type BetslipAction,
  type BetslipConfig,
  type BetslipKind,
  type BetslipState,
} from '@dau/domain/betslip';
import type { Odds } from '@dau/domain/odds';
import { create } from 'zustand';
import { currentSite } from '../../lib/site';

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
  /** The site's rules: tax policy, currency (the stake step) and default stake. */
  config: BetslipConfig;
  normal: BetslipState;
  virtual: BetslipState;
  sheetOpen: boolean;
  /** Last price move of each selection since it was picked, shown on the slip. */
  moves: Record<string, 'up' | 'down'>;
  /** The price each moved selection was picked at, shown as 'was 1.85'. */
  pickedAt: Record<string, Odds>;
  /** The bet-toss animation in flight (spec doc 2 §3, §4): start position and odds. */
  toss: Toss | null;
  /** Bumped when a toss lands: the betslip button shakes once per bump. */
  shakes: number;
}

export interface Toss {
  /** Start: the centre of the tapped price. */
  x: number;
  y: number;
  /** End: the centre of the betslip button. */
  toX: number;
  toY: number;
  odds: string;
}

/** Spec doc 2 §9: the toss flies for 750 ms, then the betslip button shakes. */
export const TOSS_MS = 750;

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
export function restoreBetslip(
  kind: BetslipKind,
  storage: Storage | null,
  config: BetslipConfig = siteConfigNow(),
): BetslipState {
  try {
    const raw = storage?.getItem(STORAGE_KEYS[kind]);
    if (raw) {
      const parsed: unknown = JSON.parse(raw);
      if (isBetslipState(parsed, kind))
        return recompute({ ...createBetslip(kind, config), ...parsed }, config);
    }
  } catch {
    // Unreadable storage (private mode, quota, bad JSON): an empty slip is the safe answer.
  }
  return createBetslip(kind, config);
}

/** The site's betslip rules as of the store's creation (the tax policy in force today). */
function siteConfigNow(): BetslipConfig {
  return siteBetslipConfig(currentSite().siteId, new Date());
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const useBetslipStore = create<BetslipStore>()(() => ({
  config: siteConfigNow(),
  normal: restoreBetslip('normal', storage()),
  virtual: restoreBetslip('virtual', storage()),
  sheetOpen: false,
  moves: {},
  pickedAt: {},
  toss: null,
  shakes: 0,
}));

export function dispatchBetslip(action: BetslipAction, kind: BetslipKind = 'normal'): void {
  const previous = useBetslipStore.getState()[kind];
  const next = betslipReducer(previous, action, useBetslipStore.getState().config);
  const { moves, pickedAt } = useBetslipStore.getState();
  // Price moves belong to the current picks: a removed or replaced pick forgets its move.
  const onSlip = ([id]: [string, unknown]) =>
    kind !== 'normal' || next.selections[id] !== undefined;
  useBetslipStore.setState({
    [kind]: next,
    moves: Object.fromEntries(Object.entries(moves).filter(onSlip)),
    pickedAt: Object.fromEntries(Object.entries(pickedAt).filter(onSlip)),
  });
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

/**
 * Tapping odds: adds the pick, replaces another pick of the same event, or removes it. An added
 * pick tosses its price to the betslip button (virtual games pass `kind: 'virtual'`).
 */
export function toggleSelection(pick: OddsPick, kind: BetslipKind = 'normal'): void {
  const key = pickKey(pick.eventId, pick.marketUid, pick.outcomeId);
  const wasOnSlip = useBetslipStore.getState()[kind].selections[key] !== undefined;
  dispatchBetslip(
    {
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
    },
    kind,
  );
  if (!wasOnSlip) startToss(pick.odds.toFixed(2), tossOrigin(pick));
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Where the toss starts: the tapped price button (focused on click, or found by its key). */
function tossOrigin(pick: OddsPick): { x: number; y: number } | null {
  if (typeof document === 'undefined') return null;
  const key = `${pick.eventId}:${pick.marketUid}:${pick.outcomeId}`;
  const focused = document.activeElement;
  const candidates = [
    ...(focused instanceof HTMLElement && focused.dataset.outcome === key ? [focused] : []),
    ...document.querySelectorAll<HTMLElement>(`[data-outcome="${CSS.escape(key)}"]`),
  ];
  for (const element of candidates) {
    const rect = element.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0) {
      return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    }
  }
  return null;
}

let tossTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Runs the toss once at a time (a tap during a flight adds the pick without a second toss),
 * then shakes the button. With reduced motion there is no flight; the button only flashes.
 */
export function startToss(odds: string, origin: { x: number; y: number } | null): void {
  if (tossTimer !== null) return;
  const fab =
    typeof document === 'undefined'
      ? null
      : document.querySelector('[data-betslip-fab="normal"]')?.getBoundingClientRect();
  if (!origin || !fab || prefersReducedMotion()) {
    useBetslipStore.setState((state) => ({ shakes: state.shakes + 1 }));
    return;
  }
  const to = { toX: fab.left + fab.width / 2, toY: fab.top + fab.height / 2 };
  useBetslipStore.setState({ toss: { ...origin, ...to, odds } });
  tossTimer = setTimeout(() => {
    tossTimer = null;
    useBetslipStore.setState((state) => ({ toss: null, shakes: state.shakes + 1 }));
  }, TOSS_MS);
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
      const first = selection.selectionitem.o;
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
    if (selection.suspended === suspended && (odds ?? 0) === selection.selectionitem.o) continue;
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
