import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database';
import type { Fixture, ProducerId, SettlementMessage } from './feed-messages';
import type { SettlementKind } from './feed.tables';
import type { ReadEvent, ReadMarket } from './read-model';

/** Upserts a fixture's sport, category and tournament. */
export async function upsertTaxonomy(db: DbOrTx, fixture: Fixture): Promise<void> {
  const { sport, category, tournament } = fixture;
  await db
    .insertInto('feed_sports')
    .values({
      id: sport.id,
      name: sport.name,
      sort_order: sport.order,
      default_market_id: sport.defaultMarketId,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        name: sport.name,
        sort_order: sport.order,
        default_market_id: sport.defaultMarketId,
      }),
    )
    .execute();
  await db
    .insertInto('feed_categories')
    .values({
      id: category.id,
      sport_id: sport.id,
      name: category.name,
      country_code: category.countryCode,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ name: category.name, country_code: category.countryCode }),
    )
    .execute();
  await db
    .insertInto('feed_tournaments')
    .values({
      id: tournament.id,
      sport_id: sport.id,
      category_id: category.id,
      name: tournament.name,
      popular: tournament.popular,
      sort_order: tournament.order,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        name: tournament.name,
        popular: tournament.popular,
        sort_order: tournament.order,
      }),
    )
    .execute();
}

/** Outbox rows per statement: well under PostgreSQL's 65,535 parameters (5 a row). */
const ROWS_PER_STATEMENT = 2_000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  }
  return out;
}

/** A batch's writes (ADR 232): each event's last state, the markets it changed, its settlements. */
export interface BatchWrites {
  /** In id order, each once. */
  events: readonly ReadEvent[];
  /** In key order, each once: the markets any message of the batch changed, at their last state. */
  markets: readonly { eventId: number; market: ReadMarket }[];
  /** In the feed's order. */
  settlements: readonly SettlementMessage[];
}

/**
 * Writes a batch in one statement (ADR 233): the events' states, guarded by `last_seq` so a
 * stale or repeated state is a no-op even if two writers raced; then, only for the events
 * written, their markets, outcomes and settlement messages (a repeated message queues nothing).
 * One statement is one round trip and, outside a transaction, one atomic commit: all of it or
 * nothing. The rows travel as JSON (one parameter per table, no 65,535-parameter limit) and are
 * written in key order. Returns the ids of the events written.
 */
export async function saveBatch(db: DbOrTx, batch: BatchWrites): Promise<Set<number>> {
  const events = batch.events.map((event) => ({
    id: event.id,
    sport_id: event.sportId,
    category_id: event.categoryId,
    tournament_id: event.tournamentId,
    home: event.home,
    away: event.away,
    start_time: new Date(event.startTime).toISOString(),
    status: event.status,
    clock_minute: event.clockMinute,
    home_score: event.homeScore,
    away_score: event.awayScore,
    status_text: event.statusText,
    producer: event.producer,
    last_seq: event.lastSeq,
  }));
  const markets = batch.markets.map(({ eventId, market: m }) => ({
    event_id: eventId,
    market_id: m.marketId,
    specifier: m.specifier,
    name: m.name,
    status: m.status,
  }));
  const outcomes = batch.markets.flatMap(({ eventId, market: m }) =>
    m.outcomes.map((o) => ({
      event_id: eventId,
      market_id: m.marketId,
      specifier: m.specifier,
      outcome_id: o.outcomeId,
      name: o.name,
      odds: o.odds,
      active: o.active,
    })),
  );
  const settlements = batch.settlements.map((message, n) => ({
    n,
    message_key: `${message.type}:${message.eventId}:${message.seq}`,
    kind: message.type satisfies SettlementKind,
    event_id: message.eventId,
    producer: message.producer,
    payload: message,
  }));
  const { rows } = await sql<{ id: number }>`
    with written as (
      insert into feed_events as e (id, sport_id, category_id, tournament_id, home, away,
        start_time, status, clock_minute, home_score, away_score, status_text, producer, last_seq)
      select r.id, r.sport_id, r.category_id, r.tournament_id, r.home, r.away, r.start_time,
        r.status, r.clock_minute, r.home_score, r.away_score, r.status_text, r.producer, r.last_seq
      from json_to_recordset(${JSON.stringify(events)}::json) as r(id bigint, sport_id integer,
        category_id integer, tournament_id integer, home text, away text, start_time timestamptz,
        status smallint, clock_minute smallint, home_score smallint, away_score smallint,
        status_text text, producer smallint, last_seq bigint)
      order by r.id
      on conflict (id) do update set sport_id = excluded.sport_id,
        category_id = excluded.category_id, tournament_id = excluded.tournament_id,
        home = excluded.home, away = excluded.away, start_time = excluded.start_time,
        status = excluded.status, clock_minute = excluded.clock_minute,
        home_score = excluded.home_score, away_score = excluded.away_score,
        status_text = excluded.status_text, producer = excluded.producer,
        last_seq = excluded.last_seq, updated_at = now()
      where e.last_seq < excluded.last_seq
      returning e.id
    ), markets as (
      insert into feed_markets as m (event_id, market_id, specifier, name, status)
      select r.event_id, r.market_id, r.specifier, r.name, r.status
      from json_to_recordset(${JSON.stringify(markets)}::json) as r(event_id bigint,
        market_id integer, specifier text, name text, status smallint)
      where r.event_id in (select id from written)
      order by r.event_id, r.market_id, r.specifier
      on conflict (event_id, market_id, specifier) do update set name = excluded.name,
        status = excluded.status, updated_at = now()
    ), outcomes as (
      insert into feed_outcomes as o (event_id, market_id, specifier, outcome_id, name, odds,
        active)
      select r.event_id, r.market_id, r.specifier, r.outcome_id, r.name, r.odds, r.active
      from json_to_recordset(${JSON.stringify(outcomes)}::json) as r(event_id bigint,
        market_id integer, specifier text, outcome_id integer, name text, odds integer,
        active boolean)
      where r.event_id in (select id from written)
      order by r.event_id, r.market_id, r.specifier, r.outcome_id
      on conflict (event_id, market_id, specifier, outcome_id) do update set
        name = excluded.name, odds = excluded.odds, active = excluded.active
    ), settlements as (
      insert into feed_settlement_outbox (message_key, kind, event_id, producer, payload)
      select r.message_key, r.kind, r.event_id, r.producer, r.payload
      from json_to_recordset(${JSON.stringify(settlements)}::json) as r(n integer,
        message_key text, kind text, event_id bigint, producer smallint, payload jsonb)
      where r.event_id in (select id from written)
      order by r.n
      on conflict (message_key) do nothing
    )
    select id from written`.execute(db);
  return new Set(rows.map((row) => Number(row.id)));
}

/** Queues settlement messages for the betting module; a repeated message queues nothing. */
export async function enqueueSettlements(
  db: DbOrTx,
  messages: readonly SettlementMessage[],
): Promise<void> {
  for (const part of chunks(messages)) {
    await db
      .insertInto('feed_settlement_outbox')
      .values(
        part.map((message) => ({
          message_key: `${message.type}:${message.eventId}:${message.seq}`,
          kind: message.type satisfies SettlementKind,
          event_id: message.eventId,
          producer: message.producer,
          payload: JSON.stringify(message),
        })),
      )
      .onConflict((oc) => oc.column('message_key').doNothing())
      .execute();
  }
}

export async function saveProducerState(
  db: DbOrTx,
  producer: ProducerId,
  state: { up: boolean; at: Date; reason: string | null },
): Promise<void> {
  await db
    .updateTable('feed_producers')
    .set({
      up: state.up,
      down_since: state.up ? null : state.at,
      down_reason: state.reason,
      updated_at: state.at,
      // A completed snapshot is as good as an alive.
      ...(state.up ? { last_alive_at: state.at } : {}),
    })
    .where('id', '=', producer)
    .execute();
}

export async function recordAlive(db: DbOrTx, producer: ProducerId, at: Date): Promise<void> {
  await db
    .updateTable('feed_producers')
    .set({ last_alive_at: at })
    .where('id', '=', producer)
    .execute();
}
