import type { EventSummary, MarketGroup } from '@dau/contracts/sports/event-summary';
import type { OddsChangePush } from '@dau/contracts/sports/realtime-payloads';
import { toEventSummary } from '../sports/event-wire';
import { isFinished, type FeedReadModel, type ReadEvent } from './read-model';

interface Relayed {
  market: MarketGroup;
  /** Local time this instance received it, to drop it once a model load covers it. */
  at: number;
}

/**
 * What a (re)joining client is sent at once (ADR 230): the current summary of each event of the
 * room, in the lists' `EventSummary` shape. On the instance that ingests the read model is
 * current. On the others it is reloaded from the database now and then (followers) or never
 * (`FEED_MODE=off`), so the prices pushed since — relayed from the ingesting instance through
 * the push tap — are kept here and laid over the model's until a load covers them; otherwise a
 * client re-joining on another instance would keep a stale price until the market moved again.
 */
export class FeedSnapshots {
  private readonly relayed = new Map<number, Map<string, Relayed>>();

  constructor(
    private readonly model: FeedReadModel,
    /** Whether this instance ingests (its model is then current: nothing is kept). */
    private readonly ingesting: () => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /** A price push this instance carried (its own or relayed); kept while not ingesting. */
  priceSeen(push: OddsChangePush): void {
    if (this.ingesting()) {
      if (this.relayed.size > 0) this.relayed.clear();
      return;
    }
    let markets = this.relayed.get(push.eventId);
    if (!markets) this.relayed.set(push.eventId, (markets = new Map()));
    markets.set(push.market.uid, { market: push.market, at: this.now() });
  }

  /** A model load that started at `startedAt` (this clock) holds every price seen before it. */
  loaded(startedAt: number): void {
    for (const [eventId, markets] of this.relayed) {
      for (const [uid, seen] of markets) if (seen.at < startedAt) markets.delete(uid);
      if (markets.size === 0) this.relayed.delete(eventId);
    }
  }

  /** The event's summary with the latest prices this instance knows; null when unknown. */
  event(eventId: number, options: { marketId?: number } = {}): EventSummary | null {
    const event = this.model.events.get(eventId);
    return event ? this.summary(event, options) : null;
  }

  /** The summaries of the sport's events still in the lists (pre-match and live). */
  sport(sportId: number): EventSummary[] {
    const summaries: EventSummary[] = [];
    for (const event of this.model.events.values()) {
      if (event.sportId === sportId && !isFinished(event.status))
        summaries.push(this.summary(event));
    }
    return summaries;
  }

  /** The summaries a new member of a room is sent (event and sport rooms; others none). */
  room(room: string): EventSummary[] {
    const [kind, id] = room.split(':');
    const numeric = Number(id);
    if (!Number.isSafeInteger(numeric) || numeric <= 0) return [];
    if (kind === 'sport') return this.sport(numeric);
    if (kind !== 'event') return [];
    const summary = this.event(numeric);
    return summary ? [summary] : [];
  }

  private summary(event: ReadEvent, options: { marketId?: number } = {}): EventSummary {
    const summary = toEventSummary(event, this.model, options);
    const newer = this.relayed.get(event.id);
    if (!newer) return summary;
    return {
      ...summary,
      odds: summary.odds.map((market) => newer.get(market.uid)?.market ?? market),
    };
  }
}
