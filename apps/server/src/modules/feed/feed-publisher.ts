import { rooms } from '@dau/contracts/realtime';
import type { FeedStatus } from '@dau/contracts/sports/feed-status';
import type { OddsChangePush } from '@dau/contracts/sports/realtime-payloads';
import type { Realtime } from '../../realtime/socket-server';
import { toEventSummary, toMarketGroup } from '../sports/event-wire';
import type { EventChange, IngestionListener } from './feed-ingestion';
import type { ProducerId } from './feed-messages';
import { isLiveStatus, marketKey, type FeedReadModel } from './read-model';

/**
 * Price pushes are coalesced per market with a gap that follows the load (ADR 231): after a
 * quiet spell the next change goes out at once (on the next timer tick, so changes of one
 * commit travel together); after a flush the next one waits at least `ODDS_MIN_GAP_MS`, and as
 * long as that flush took to send (`ODDS_LOAD_FACTOR` times), up to `ODDS_MAX_GAP_MS`. One
 * market so reaches a client at most 20 times a second (the latest price wins); the gap only
 * grows past the minimum once sending prices would take half of the event loop, where waiting
 * longer is what lets the latest price replace more of the pending ones.
 */
export const ODDS_MIN_GAP_MS = 50;
export const ODDS_MAX_GAP_MS = 300;
export const ODDS_LOAD_FACTOR = 1;

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
  private readonly watchers: IngestionListener[] = [];
  private readonly clock: () => number;
  /** When the last flush ended, and the gap to keep after it. */
  private lastFlushAt = -Infinity;
  private gap = ODDS_MIN_GAP_MS;

  constructor(
    private readonly realtime: Realtime,
    private readonly model: FeedReadModel,
    options: FeedPublisherOptions = {},
  ) {
    this.clock = options.clock ?? (() => performance.now());
  }

  /** The wait after the last flush before the next one, as the last flush's cost set it. */
  currentGapMs(): number {
    return this.gap;
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
    if (this.pending.size > 0 && !this.timer) {
      const wait = Math.max(0, this.lastFlushAt + this.gap - this.clock());
      this.timer = setTimeout(() => this.flush(), wait);
    }
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

  /** Sends the latest prices of every market that changed since the last flush. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const io = this.realtime.io;
    const batch = [...this.pending.values()];
    this.pending.clear();
    if (!io || batch.length === 0) return;
    const began = this.clock();
    for (const { rooms: targets, payload } of batch) io.to(targets).emit('oddsChange', payload);
    this.lastFlushAt = this.clock();
    const cost = this.lastFlushAt - began;
    this.gap = Math.min(ODDS_MAX_GAP_MS, Math.max(ODDS_MIN_GAP_MS, cost * ODDS_LOAD_FACTOR));
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}
