import type { Selectable } from 'kysely';
import type { Db, DbOrTx } from '../../db/database';
import type { EventStatus, MarketStatus, ProducerId } from './feed-messages';
import type { FeedEventsTable } from './feed.tables';

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

/** How long a finished event stays in memory. */
export const FINISHED_KEEP_MS = 30 * 60_000;

/** A producer is down when no `alive` came for this long (glossary). */
export const PRODUCER_ALIVE_TIMEOUT_MS = 20_000;

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
  /** Grows when sports, categories or tournaments are (re)named, for entries that show names. */
  taxonomyVersion = 0;
  /** When each finished event finished (feed time), so it can be dropped a while later. */
  readonly finishedAt = new Map<number, number>();

  /**
   * Forgets events that finished more than `keepMs` ago. Until then `byId` still answers them
   * (clients show the final state, then remove the event); the database keeps them for good.
   */
  pruneFinished(now: number, keepMs = FINISHED_KEEP_MS): number {
    let removed = 0;
    for (const [id, at] of this.finishedAt) {
      if (now - at < keepMs) continue;
      this.finishedAt.delete(id);
      if (this.events.delete(id)) removed++;
    }
    if (removed > 0) this.version++;
    return removed;
  }

  /**
   * Loads every event that has not finished (at start-up, and after a restart), and the
   * producers' state. A producer counts as up only if its last alive is recent: if the
   * instance that ingested died, nobody else would mark it down.
   */
  async load(db: Db, now: Date): Promise<void> {
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
    // Built aside and swapped in at the end, so readers never see half-loaded events.
    this.taxonomyVersion++;
    const fresh = new Map<number, ReadEvent>();
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
    for (const e of events) fresh.set(e.id, readEventOf(e));
    if (events.length > 0) {
      const ids = events.map((e) => e.id);
      const markets = await db
        .selectFrom('feed_markets')
        .selectAll()
        .where('event_id', 'in', ids)
        .execute();
      for (const m of markets) {
        fresh.get(m.event_id)?.markets.set(marketKey(m.market_id, m.specifier), {
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
        fresh.get(o.event_id)?.markets.get(marketKey(o.market_id, o.specifier))?.outcomes.push({
          outcomeId: o.outcome_id,
          name: o.name,
          odds: o.odds,
          active: o.active,
        });
      }
    }
    this.events.clear();
    for (const [id, event] of fresh) this.events.set(id, event);
    for (const p of producers) {
      const aliveAt = p.last_alive_at ? new Date(p.last_alive_at).getTime() : 0;
      const fresh = now.getTime() - aliveAt <= PRODUCER_ALIVE_TIMEOUT_MS;
      if (p.id === 1 || p.id === 3) this.producerUp[p.id] = p.up && fresh;
    }
    this.version++;
  }

  isProducerUp(producer: ProducerId): boolean {
    return this.producerUp[producer];
  }
}

/** An event row as the read model holds it (without its markets). */
export function readEventOf(e: Selectable<FeedEventsTable>): ReadEvent {
  return {
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
  };
}

/**
 * A finished event the model has already forgotten (see `pruneFinished`), from the database:
 * its page still shows the teams and the final score. Null when unknown or not finished.
 */
export async function loadFinishedEvent(db: DbOrTx, eventId: number): Promise<ReadEvent | null> {
  const row = await db
    .selectFrom('feed_events')
    .selectAll()
    .where('id', '=', eventId)
    .where('status', 'in', [...FINISHED])
    .executeTakeFirst();
  return row ? readEventOf(row) : null;
}
