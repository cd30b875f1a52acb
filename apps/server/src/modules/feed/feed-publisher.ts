import { rooms } from '@dau/contracts/realtime';
import type { FeedStatus } from '@dau/contracts/sports/feed-status';
import type { OddsChangePush } from '@dau/contracts/sports/realtime-payloads';
import type { Realtime, RealtimeServer } from '../../realtime/socket-server';
import { toEventSummary, toMarketGroup } from '../sports/event-wire';
import type { EventChange, IngestionListener } from './feed-ingestion';
import type { ProducerId } from './feed-messages';
import { isLiveStatus, marketKey, type FeedReadModel } from './read-model';

/**
 * Price pushes are coalesced per market (ADR 231) and written in slices (ADR 194): after a quiet
 * spell the next change goes out at once (on the next timer tick, so changes of one commit
 * travel together); otherwise a flush starts `ODDS_MIN_GAP_MS` after the one before it started,
 * or when that one ends if it took longer. One market so reaches a client at most 20 times a
 * second (the latest price wins). A flush writes for at most `ODDS_FLUSH_SLICE_MS`, then lets the
 * event loop turn (database answers, requests, timers) before it goes on: at 10,000 clients a
 * flush is tens to hundreds of milliseconds of socket writes, which no longer hold the feed's
 * commits. Nothing lengthens the gap but the flush itself: when sending takes the whole loop,
 * flushes run back to back and each one carries what piled up during the last (the latest price
 * of a market replacing the ones before it).
 */
export const ODDS_MIN_GAP_MS = 50;
export const ODDS_FLUSH_SLICE_MS = 5;

export interface FeedPublisherOptions {
  /** A monotonic clock in ms (tests step it). */
  clock?: () => number;
}

/**
 * Turns committed feed changes into Socket.IO pushes. Ingestion calls it only after the
 * database commit. Status changes go out at once; price updates are coalesced per market.
 */
export class FeedPublisher implements IngestionListener {
  private readonly pending = new Map<string, { rooms: string[]; payload: OddsChangePush }>();
  private timer: NodeJS.Timeout | null = null;
  /** The rest of a flush under way, written after a turn of the event loop. */
  private rest: NodeJS.Immediate | null = null;
  private readonly watchers: IngestionListener[] = [];
  private readonly clock: () => number;
  /** When the last flush started, and how long it took from its start to its last write. */
  private lastFlushAt = -Infinity;
  private lastFlushMs = 0;

  constructor(
    private readonly realtime: Realtime,
    private readonly model: FeedReadModel,
    options: FeedPublisherOptions = {},
  ) {
    this.clock = options.clock ?? (() => performance.now());
  }

  /** From the start of the last flush to the earliest start of the next one. */
  currentGapMs(): number {
    return Math.max(ODDS_MIN_GAP_MS, this.lastFlushMs);
  }

  /**
   * Other modules' listeners to the same committed changes (cash-out offers re-price on moved
   * prices), called after this publisher's own pushes.
   */
  watch(listener: IngestionListener): void {
    this.watchers.push(listener);
  }

  eventChanged(change: EventChange): void {
    this.publish(change);
    for (const watcher of this.watchers) watcher.eventChanged(change);
  }

  private publish(change: EventChange): void {
    const io = this.realtime.io;
    if (!io) return;
    const { event } = change;
    const eventRooms = [rooms.event(event.id), rooms.sport(event.sportId)];
    for (const market of change.markets) {
      const group = toMarketGroup(event, market, this.model);
      this.pending.set(`${event.id}:${marketKey(market.marketId, market.specifier)}`, {
        rooms: [...eventRooms, rooms.betslipMarket(event.id, market.marketId)],
        payload: {
          eventId: event.id,
          sportId: event.sportId,
          isLive: isLiveStatus(event.status),
          market: group,
          ts: change.timestamp,
        },
      });
    }
    for (const market of change.statusChanged) {
      io.to([rooms.event(event.id), rooms.betslipMarket(event.id, market.marketId)]).emit(
        'MarketUpdated',
        {
          eventId: event.id,
          marketId: market.marketId,
          specifier: market.specifier,
          status: market.status,
          ibs: toMarketGroup(event, market, this.model).ibs,
        },
      );
    }
    if (change.liveStateChanged) {
      const summary = toEventSummary(event, this.model, { marketId: -1 });
      io.to(eventRooms).emit('liveStateDiff', {
        eventId: event.id,
        sportId: event.sportId,
        ms: summary.ms,
        mt: summary.mt,
        sc: summary.sc,
        st: summary.st,
        isLive: summary.isLive,
        finished: summary.finished,
      });
    }
    if (change.fixtureChanged || change.liveStateChanged) {
      io.to(eventRooms).emit('EventUpdated', toEventSummary(event, this.model));
    }
    if (change.deleted) {
      io.to(eventRooms).emit('EventDeleted', { eventId: event.id, sportId: event.sportId });
    }
    this.schedule();
  }

  /** The next flush, one gap after the last one started (none while one is under way). */
  private schedule(): void {
    if (this.pending.size === 0 || this.timer || this.rest) return;
    const wait = Math.max(0, this.lastFlushAt + ODDS_MIN_GAP_MS - this.clock());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  producerChanged(producer: ProducerId, up: boolean): void {
    this.realtime.toAll(up ? 'ProducerUp' : 'ProducerDown', producer);
    this.realtime.toAll('feedStatus', this.status());
    for (const watcher of this.watchers) watcher.producerChanged(producer, up);
  }

  status(): FeedStatus {
    return {
      uofLiveProducerUp: this.model.producerUp[1],
      uofPreProducerUp: this.model.producerUp[3],
      uofDisconnected: this.model.disconnected,
    };
  }

  /**
   * Sends the latest price of every market that changed since the last flush, in slices of
   * `ODDS_FLUSH_SLICE_MS` with a turn of the event loop between. A market that moves while the
   * flush is under way goes in it too, with its latest price, unless this flush already sent it:
   * then it waits for the next flush (so a market is sent at most once per flush).
   */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.rest) return;
    const io = this.realtime.io;
    if (!io) {
      this.pending.clear();
      return;
    }
    if (this.pending.size === 0) return;
    this.lastFlushAt = this.clock();
    this.write(io, new Set());
  }

  private write(io: RealtimeServer, sent: Set<string>): void {
    this.rest = null;
    const began = this.clock();
    for (const [key, push] of this.pending) {
      if (sent.has(key)) continue;
      if (this.clock() - began >= ODDS_FLUSH_SLICE_MS) {
        this.rest = setImmediate(() => this.write(io, sent));
        return;
      }
      sent.add(key);
      this.pending.delete(key);
      io.to(push.rooms).emit('oddsChange', push.payload);
    }
    this.lastFlushMs = this.clock() - this.lastFlushAt;
    this.schedule();
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.rest) clearImmediate(this.rest);
    this.rest = null;
    this.pending.clear();
  }
}
