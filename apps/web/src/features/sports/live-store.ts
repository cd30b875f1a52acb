import type { EventSummary, MarketGroup } from '@dau/contracts/sports/event-summary';
import type { LiveStateDiffPush } from '@dau/contracts/sports/realtime-payloads';
import { create } from 'zustand';
import { useAvailabilityStore } from '../../lib/availability-store';
import type { EventPlace } from './sports-counts';

/**
 * The prices and live state the lists show, keyed so that every odds button and every event
 * row subscribes to its own entry only: an odds update replaces one outcome object and React
 * re-renders the one button that reads it (the lists themselves never re-render on a push).
 */
export type PriceMove = 'up' | 'down' | null;

export interface OutcomeState {
  o: number;
  ibs: boolean;
  move: PriceMove;
}

export interface EventLiveState {
  ms: number;
  mt: string;
  sc: string;
  st: string;
  isLive: boolean;
  finished: boolean;
  /** Set 2 s after an EventDeleted push: the row disappears. */
  removed: boolean;
}

interface LiveStore {
  outcomes: Record<string, OutcomeState>;
  /** Market key → outcome ids, so a market status change reaches its buttons. */
  marketOutcomes: Record<string, number[]>;
  events: Record<number, EventLiveState>;
}

export const useLiveStore = create<LiveStore>()(() => ({
  outcomes: {},
  marketOutcomes: {},
  events: {},
}));

/** Where each seen event sits (sport, category, tournament), for the counts on deletion. */
const places = new Map<number, EventPlace>();

export function eventPlace(eventId: number): EventPlace | undefined {
  return places.get(eventId);
}

export function marketUid(marketId: number, specifier: string): string {
  return specifier ? `${marketId}|${specifier}` : String(marketId);
}

export function marketKeyOf(eventId: number, uid: string): string {
  return `${eventId}:${uid}`;
}

export function outcomeKey(eventId: number, uid: string, outcomeId: number): string {
  return `${eventId}:${uid}:${outcomeId}`;
}

function moveOf(previous: OutcomeState | undefined, next: number): PriceMove {
  if (!previous || previous.o === next) return previous?.move ?? null;
  return next > previous.o ? 'up' : 'down';
}

function applyMarket(
  outcomes: Record<string, OutcomeState>,
  marketOutcomes: Record<string, number[]>,
  eventId: number,
  market: MarketGroup,
  track: boolean,
): void {
  const locked = market.ibs || market.s !== 1;
  for (const item of market.m) {
    const key = outcomeKey(eventId, market.uid, item.id);
    const previous = outcomes[key];
    const ibs = locked || item.ibs;
    if (previous && previous.o === item.o && previous.ibs === ibs) continue;
    outcomes[key] = { o: item.o, ibs, move: track ? moveOf(previous, item.o) : null };
  }
  marketOutcomes[marketKeyOf(eventId, market.uid)] = market.m.map((item) => item.id);
}

function liveStateOf(event: LiveStateDiffPush | EventSummary): EventLiveState {
  return {
    ms: event.ms,
    mt: event.mt,
    sc: event.sc,
    st: event.st,
    isLive: event.isLive,
    finished: event.finished,
    removed: false,
  };
}

function sameLiveState(a: EventLiveState | undefined, b: EventLiveState): boolean {
  return (
    a !== undefined &&
    a.ms === b.ms &&
    a.mt === b.mt &&
    a.sc === b.sc &&
    a.st === b.st &&
    a.isLive === b.isLive &&
    a.finished === b.finished &&
    a.removed === b.removed
  );
}

/**
 * Pushes that arrive together (a polling response carries many; a busy sport sends dozens a
 * second) are applied in one batch (`batchLive`): the records are copied once and the
 * subscribers told once, instead of once per push — on a slow phone each copy and notification
 * of a few hundred odds buttons is a task of its own (issue #18, TBT). Outside a batch every
 * change is committed at once, as before.
 */
let draft: LiveStore | null = null;
let depth = 0;
let dirty = false;

function begin(): LiveStore {
  if (!draft) {
    const state = useLiveStore.getState();
    draft = {
      outcomes: { ...state.outcomes },
      marketOutcomes: { ...state.marketOutcomes },
      events: { ...state.events },
    };
  }
  depth += 1;
  return draft;
}

/** Ends a change (`changed`: it wrote to the draft); the outermost end commits what changed. */
function end(changed: boolean): void {
  dirty ||= changed;
  depth -= 1;
  if (depth > 0 || !draft) return;
  const next = draft;
  const commit = dirty;
  draft = null;
  dirty = false;
  if (commit) useLiveStore.setState(next);
}

/** Runs `apply` with every change it makes to the store committed once, at its end. */
export function batchLive(apply: () => void): void {
  begin();
  try {
    apply();
  } finally {
    end(false);
  }
}

/** Stores fetched events; entries whose values did not change keep their identity. */
export function seedEvents(events: readonly EventSummary[]): void {
  const { outcomes, marketOutcomes, events: liveEvents } = begin();
  for (const event of events) {
    places.set(event.id, { sportId: event.sid, categoryId: event.cid, tournamentId: event.tid });
    for (const market of event.odds) applyMarket(outcomes, marketOutcomes, event.id, market, false);
    const live = liveStateOf(event);
    if (!sameLiveState(liveEvents[event.id], live)) liveEvents[event.id] = live;
  }
  end(events.length > 0);
}

/** An `oddsChange` push: the market's latest prices; changed buttons flash up or down. */
export function applyOddsChange(eventId: number, market: MarketGroup): void {
  const { outcomes, marketOutcomes } = begin();
  applyMarket(outcomes, marketOutcomes, eventId, market, true);
  end(true);
}

/** A `MarketUpdated` push: lock (suspended, deactivated, settled) or unlock the market. */
export function applyMarketStatus(
  eventId: number,
  marketId: number,
  specifier: string,
  status: number,
  ibs: boolean,
): void {
  const { outcomes, marketOutcomes } = begin();
  const uid = marketUid(marketId, specifier);
  const ids = marketOutcomes[marketKeyOf(eventId, uid)] ?? [];
  const locked = ibs || status !== 1;
  let changed = false;
  for (const id of ids) {
    const key = outcomeKey(eventId, uid, id);
    const previous = outcomes[key];
    if (!previous || previous.ibs === locked) continue;
    outcomes[key] = { ...previous, ibs: locked };
    changed = true;
  }
  end(changed);
}

/**
 * A `liveStateDiff` push. Only events already known and live are updated: an update for a
 * non-live event is ignored (spec doc 2 §4).
 */
export function applyLiveState(diff: LiveStateDiffPush): boolean {
  const { events } = begin();
  const previous = events[diff.eventId];
  const next = liveStateOf(diff);
  const changed =
    previous !== undefined && (previous.isLive || diff.isLive) && !sameLiveState(previous, next);
  if (changed) events[diff.eventId] = next;
  end(changed);
  return previous !== undefined;
}

export const REMOVE_AFTER_MS = 2_000;

/** A soft delete: the event shows 'Ended', then leaves the list after 2 s. */
export function applyEventDeleted(
  eventId: number,
  schedule: (fn: () => void, ms: number) => unknown = setTimeout,
  onRemoved: (place: EventPlace, wasLive: boolean) => void = () => {},
): void {
  const { events } = begin();
  const previous = events[eventId];
  if (previous) events[eventId] = { ...previous, st: 'Ended', finished: true };
  end(previous !== undefined);
  if (!previous) return;
  schedule(() => {
    const { events: now } = begin();
    const current = now[eventId];
    const remove = current !== undefined && !current.removed;
    if (remove) now[eventId] = { ...current, removed: true };
    end(remove);
    const place = places.get(eventId);
    if (remove && place) onRemoved(place, current.isLive);
  }, REMOVE_AFTER_MS);
}

/**
 * Producer availability lives in the shell's store: the shell draws the banners on every page,
 * the odds buttons lock from the same flags.
 */
export function setProducer(producer: 1 | 3, up: boolean): void {
  useAvailabilityStore
    .getState()
    .setAvailability(
      producer === 1 ? { liveBettingAvailable: up } : { preMatchBettingAvailable: up },
    );
}
