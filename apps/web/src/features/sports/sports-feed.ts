import { realtimeSocket, type SocketLike } from '../../lib/realtime-socket';
import type { EventSummary, MarketGroup } from '@dau/contracts/sports/event-summary';
import type { MarketUpdatedPush } from '@dau/contracts/sports/realtime-payloads';
import {
  applyEventDeleted,
  applyLiveState,
  applyMarketStatus,
  applyOddsChange,
  batchLive,
  seedEvents,
  setProducer,
} from './live-store';
import type { EventPlace } from './sports-counts';

/**
 * Socket.IO wiring of the sports pages (spec doc 2 §4, §7). Listeners are attached once per
 * socket and write to the live store; pages only declare what they watch (`watch`), and the
 * subscriptions are counted so two pages watching the same sport share one join. After a
 * reconnect every counted subscription is joined again and its snapshot applied.
 */
type Room =
  | { kind: 'event'; id: number }
  | { kind: 'sport'; id: number }
  | { kind: 'betslip'; eventId: number; marketId: number };

const counts = new Map<string, { room: Room; count: number }>();
let wired: SocketLike | null = null;
let waiting: ReturnType<typeof setInterval> | null = null;
/** Unknown live events fetched at most once at a time each. */
const fetching = new Set<number>();
let fetchEventById: ((id: number) => Promise<unknown>) | null = null;
let onEventRemoved: (place: EventPlace, wasLive: boolean) => void = () => {};

/** The betslip's handlers of the same pushes; set by the slip when it loads. */
export interface BetslipFeed {
  odds(eventId: number, market: MarketGroup): void;
  marketStatus(push: MarketUpdatedPush): void;
  event(update: {
    eventId: number;
    isLive?: boolean;
    finished: boolean;
    mt?: string;
    sc?: string;
  }): void;
  summary(event: EventSummary): void;
}
let slipFeed: BetslipFeed | null = null;

export function setBetslipFeed(feed: BetslipFeed): void {
  slipFeed = feed;
}

function roomKey(room: Room): string {
  return room.kind === 'betslip' ? `b:${room.eventId}:${room.marketId}` : `${room.kind}:${room.id}`;
}

/**
 * Joins a room. After a reconnect (`catchUp`) the server answers with the current prices of
 * what was joined (ADR 230): an `EventUpdated` push for an event or a betslip market, the
 * acknowledgement's summaries for a sport. A page's first join of a sport asks no snapshot:
 * the page has just loaded that list, and the whole sport is ~380 kB of JSON (ADR 230).
 */
function join(socket: SocketLike, room: Room, catchUp: boolean): void {
  if (room.kind === 'event') socket.emit('JoinEvent', room.id);
  else if (room.kind === 'sport' && !catchUp) socket.emit('JoinSport', room.id);
  else if (room.kind === 'sport') {
    socket.emit('JoinSport', room.id, (events) => {
      // Left before the answer came: nothing to apply.
      if (wired !== socket || !counts.has(roomKey(room))) return;
      // After the pushes that came before it, in order.
      queue(() => seedEvents(events));
    });
  } else socket.emit('JoinMarketForBetslip', { eventId: room.eventId, marketId: room.marketId });
}

function leave(socket: SocketLike, room: Room): void {
  if (room.kind === 'event') socket.emit('LeaveEvent', room.id);
  else if (room.kind === 'sport') socket.emit('LeaveSport', room.id);
  else socket.emit('LeaveEventForBetslip', { eventId: room.eventId, marketId: room.marketId });
}

/**
 * Pushes wait for the next frame and are then applied together, in the order they came
 * (`batchLive`): a burst — a polling response, a busy minute of a sport — costs the page one
 * store update and one render instead of one per push. A hidden page (no frames) applies them
 * every 250 ms. The betslip's handlers run at once: the slip's prices are never a frame late.
 */
const queued: (() => void)[] = [];
let flushScheduled = false;

/** Applies the queued pushes now (the frame callback; tests). */
export function flushPushes(): void {
  flushScheduled = false;
  const pushes = queued.splice(0);
  if (pushes.length > 0) batchLive(() => pushes.forEach((apply) => apply()));
}

function queue(apply: () => void): void {
  queued.push(apply);
  if (flushScheduled) return;
  flushScheduled = true;
  const visible = typeof document === 'undefined' || document.visibilityState === 'visible';
  if (visible && typeof requestAnimationFrame === 'function') requestAnimationFrame(flushPushes);
  else setTimeout(flushPushes, 250);
}

function wire(socket: SocketLike): void {
  wired = socket;
  // Every connect after the first is a reconnect: the rooms are joined again with a snapshot.
  let connectedBefore = socket.connected;
  socket.on('connect', () => {
    for (const { room } of counts.values()) join(socket, room, connectedBefore);
    connectedBefore = true;
  });
  socket.on('oddsChange', (push) => {
    queue(() => applyOddsChange(push.eventId, push.market));
    slipFeed?.odds(push.eventId, push.market);
  });
  socket.on('MarketUpdated', (push) => {
    queue(() =>
      applyMarketStatus(push.eventId, push.marketId, push.specifier, push.status, push.ibs),
    );
    slipFeed?.marketStatus(push);
  });
  socket.on('liveStateDiff', (push) => {
    slipFeed?.event(push);
    queue(() => {
      if (applyLiveState(push) || !push.isLive || !fetchEventById) return;
      // An update for an unknown live event fetches it, once at a time.
      if (fetching.has(push.eventId)) return;
      fetching.add(push.eventId);
      void fetchEventById(push.eventId).finally(() => fetching.delete(push.eventId));
    });
  });
  socket.on('EventUpdated', (event) => {
    queue(() => seedEvents([event]));
    slipFeed?.summary(event);
  });
  socket.on('EventDeleted', (push) => {
    queue(() =>
      applyEventDeleted(push.eventId, setTimeout, (place, wasLive) =>
        onEventRemoved(place, wasLive),
      ),
    );
    slipFeed?.event({ eventId: push.eventId, finished: true });
  });
  socket.on('ProducerUp', (producer) => setProducer(producer, true));
  socket.on('ProducerDown', (producer) => setProducer(producer, false));
  socket.on('feedStatus', (status) => {
    setProducer(1, status.uofLiveProducerUp);
    setProducer(3, status.uofPreProducerUp);
  });
  if (socket.connected) for (const { room } of counts.values()) join(socket, room, false);
}

/** The socket starts after the first paint; wire it as soon as it exists. */
function ensureWired(): void {
  const socket = realtimeSocket();
  if (socket && socket !== wired) wire(socket);
  if (wired || waiting) return;
  waiting = setInterval(() => {
    const created = realtimeSocket();
    if (!created) return;
    if (waiting) clearInterval(waiting);
    waiting = null;
    if (created !== wired) wire(created);
  }, 250);
}

/** The lists update their sport, category and tournament counts when an event leaves. */
export function setEventRemovedHandler(
  handler: (place: EventPlace, wasLive: boolean) => void,
): void {
  onEventRemoved = handler;
}

export function setUnknownEventFetcher(fetcher: (id: number) => Promise<unknown>): void {
  fetchEventById = fetcher;
}

/** Joins the rooms and returns the function that leaves them (for effect cleanups). */
export function watch(rooms: readonly Room[]): () => void {
  ensureWired();
  for (const room of rooms) {
    const key = roomKey(room);
    const entry = counts.get(key);
    if (entry) {
      entry.count += 1;
      continue;
    }
    counts.set(key, { room, count: 1 });
    if (wired?.connected) join(wired, room, false);
  }
  return () => {
    for (const room of rooms) {
      const key = roomKey(room);
      const entry = counts.get(key);
      if (!entry) continue;
      entry.count -= 1;
      if (entry.count > 0) continue;
      counts.delete(key);
      if (wired?.connected) leave(wired, room);
    }
  };
}

/** Current subscriptions, for tests and the debug console. */
export function watchedRooms(): string[] {
  return [...counts.keys()];
}
