import { betslipReducer, createBetslip, recompute, siteBetslipConfig } from '@dau/domain/betslip';
import {
  selectionKey,
  type BetslipAction,
  type BetslipConfig,
  type BetslipKind,
  type BetslipState,
} from '@dau/domain/betslip-state';
import type { Odds } from '@dau/domain/odds';
import { createStore } from 'zustand';
import { withServerSnapshot } from './hydration';
import { currentSite } from './site';

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

const betslipStore = createStore<BetslipStore>()(() => ({
  config: siteConfigNow(),
  normal: restoreBetslip('normal', storage()),
  virtual: restoreBetslip('virtual', storage()),
  sheetOpen: false,
  moves: {},
  pickedAt: {},
  toss: null,
  shakes: 0,
}));

// The server renders an empty slip; the device's slip shows right after hydrating (ADR 180).
export const useBetslipStore = withServerSnapshot(
  'betslip',
  betslipStore,
  (initial) => ({ ...initial, normal: createBetslip('normal'), virtual: createBetslip('virtual') }),
  { browser: true },
);

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

/** 'Accept changes': every leg takes its live price; the 'was' hints go with the old prices. */
export function acceptOddsChanges(kind: BetslipKind = 'normal'): void {
  dispatchBetslip({ type: 'acceptChanges' }, kind);
  useBetslipStore.setState({ moves: {}, pickedAt: {} });
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
  // The floating button, or on larger screens the docked slip column (the button is hidden):
  // the first one drawn.
  const targets =
    typeof document === 'undefined'
      ? []
      : [
          ...document.querySelectorAll(
            '[data-betslip-fab="normal"],[data-betslip-column="normal"]',
          ),
        ].map((element) => element.getBoundingClientRect());
  const fab = targets.find((rect) => rect.width > 0) ?? targets[0];
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
