import type { Db } from '../../db/database';
import type { EventStatus, MarketStatus, ProducerId } from './feed-messages';

export interface ReadOutcome {
  outcomeId: number;
  name: string;
  /** Decimal odds in hundredths. */
  odds: number;
  active: boolean;
}

export interface ReadMarket {
  marketId: number;
  specifier: string;
  name: string;
  status: MarketStatus;
  outcomes: ReadOutcome[];
}

export interface ReadEvent {
  id: number;
  sportId: number;
  categoryId: number;
  tournamentId: number;
  home: string;
  away: string;
  /** Epoch ms. */
  startTime: number;
  status: EventStatus;
  clockMinute: number | null;
  homeScore: number;
  awayScore: number;
  statusText: string;
  producer: ProducerId;
  lastSeq: number;
  /** Keyed by `marketKey(marketId, specifier)`. */
  markets: Map<string, ReadMarket>;
}

export interface ReadSport {
  id: number;
  name: string;
  order: number;
  defaultMarketId: number;
}
export interface ReadCategory {
  id: number;
  sportId: number;
  name: string;
  countryCode: string | null;
}
export interface ReadTournament {
  id: number;
  sportId: number;
  categoryId: number;
  name: string;
  popular: boolean;
  order: number;
}

export const marketKey = (marketId: number, specifier: string) =>
  specifier ? `${marketId}|${specifier}` : String(marketId);

/** Statuses after which an event leaves the lists. */
const FINISHED: readonly number[] = [3, 4, 5, 9];
export const isFinished = (status: number) => FINISHED.includes(status);
/** In play, including a live match that is briefly suspended, interrupted or delayed. */
export const isLiveStatus = (status: number) => status === 1 || status === 2 || status === 7;

export function cloneEvent(event: ReadEvent): ReadEvent {
  return {
    ...event,
    markets: new Map(
      [...event.markets].map(([k, m]) => [
        k,
        { ...m, outcomes: m.outcomes.map((o) => ({ ...o })) },
      ]),
    ),
  };
}

/**
 * The in-memory copy of the feed tables that list calls read. Ingestion writes the database
 * first and swaps the new event in only after commit, so readers never see uncommitted odds.
 */
export class FeedReadModel {
  readonly events = new Map<number, ReadEvent>();
  readonly sports = new Map<number, ReadSport>();
  readonly categories = new Map<number, ReadCategory>();
  readonly tournaments = new Map<number, ReadTournament>();
  readonly producerUp: Record<ProducerId, boolean> = { 1: false, 3: false };
  disconnected = true;
  /** Grows with every committed change, so answers computed from the model can be cached. */
  version = 0;

  /** Loads every event that has not finished (at start-up, and after a restart). */
  async load(db: Db): Promise<void> {
    const [sports, categories, tournaments, events, producers] = await Promise.all([
      db.selectFrom('feed_sports').selectAll().execute(),
      db.selectFrom('feed_categories').selectAll().execute(),
      db.selectFrom('feed_tournaments').selectAll().execute(),
      db
        .selectFrom('feed_events')
        .selectAll()
        .where('status', 'not in', [...FINISHED])
        .execute(),
      db.selectFrom('feed_producers').selectAll().execute(),
    ]);
    this.events.clear();
    for (const s of sports) {
      this.sports.set(s.id, {
        id: s.id,
        name: s.name,
        order: s.sort_order,
        defaultMarketId: s.default_market_id,
      });
    }
    for (const c of categories) {
      this.categories.set(c.id, {
        id: c.id,
        sportId: c.sport_id,
        name: c.name,
        countryCode: c.country_code,
      });
    }
    for (const t of tournaments) {
      this.tournaments.set(t.id, {
        id: t.id,
        sportId: t.sport_id,
        categoryId: t.category_id,
        name: t.name,
        popular: t.popular,
        order: t.sort_order,
      });
    }
    for (const e of events) {
      this.events.set(e.id, {
        id: e.id,
        sportId: e.sport_id,
        categoryId: e.category_id,
        tournamentId: e.tournament_id,
        home: e.home,
        away: e.away,
        startTime: new Date(e.start_time).getTime(),
        status: e.status as EventStatus,
        clockMinute: e.clock_minute,
        homeScore: e.home_score,
        awayScore: e.away_score,
        statusText: e.status_text,
        producer: e.producer as ProducerId,
        lastSeq: e.last_seq,
        markets: new Map(),
      });
    }
    if (events.length > 0) {
      const ids = events.map((e) => e.id);
      const markets = await db
        .selectFrom('feed_markets')
        .selectAll()
        .where('event_id', 'in', ids)
        .execute();
      for (const m of markets) {
        this.events.get(m.event_id)?.markets.set(marketKey(m.market_id, m.specifier), {
          marketId: m.market_id,
          specifier: m.specifier,
          name: m.name,
          status: m.status as MarketStatus,
          outcomes: [],
        });
      }
      const outcomes = await db
        .selectFrom('feed_outcomes')
        .selectAll()
        .where('event_id', 'in', ids)
        .orderBy('outcome_id')
        .execute();
      for (const o of outcomes) {
        this.events
          .get(o.event_id)
          ?.markets.get(marketKey(o.market_id, o.specifier))
          ?.outcomes.push({
            outcomeId: o.outcome_id,
            name: o.name,
            odds: o.odds,
            active: o.active,
          });
      }
    }
    for (const p of producers) {
      if (p.id === 1 || p.id === 3) this.producerUp[p.id] = p.up;
    }
    this.version++;
  }

  isProducerUp(producer: ProducerId): boolean {
    return this.producerUp[producer];
  }
}
