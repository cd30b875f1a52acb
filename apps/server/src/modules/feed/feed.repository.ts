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

/** Rows per statement: well under PostgreSQL's 65,535 parameters for the widest row (14). */
const ROWS_PER_STATEMENT = 2_000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  }
  return out;
}

/**
 * Writes events' new states, one statement per 2,000 (each id once). The `last_seq` guard makes
 * a stale or repeated state a no-op even if two writers raced; returns the ids written.
 */
export async function saveEvents(db: DbOrTx, events: readonly ReadEvent[]): Promise<Set<number>> {
  const written = new Set<number>();
  for (const part of chunks(events)) {
    const rows = await db
      .insertInto('feed_events')
      .values(
        part.map((event) => ({
          id: event.id,
          sport_id: event.sportId,
          category_id: event.categoryId,
          tournament_id: event.tournamentId,
          home: event.home,
          away: event.away,
          start_time: new Date(event.startTime),
          status: event.status,
          clock_minute: event.clockMinute,
          home_score: event.homeScore,
          away_score: event.awayScore,
          status_text: event.statusText,
          producer: event.producer,
          last_seq: event.lastSeq,
        })),
      )
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({
            sport_id: (eb) => eb.ref('excluded.sport_id'),
            category_id: (eb) => eb.ref('excluded.category_id'),
            tournament_id: (eb) => eb.ref('excluded.tournament_id'),
            home: (eb) => eb.ref('excluded.home'),
            away: (eb) => eb.ref('excluded.away'),
            start_time: (eb) => eb.ref('excluded.start_time'),
            status: (eb) => eb.ref('excluded.status'),
            clock_minute: (eb) => eb.ref('excluded.clock_minute'),
            home_score: (eb) => eb.ref('excluded.home_score'),
            away_score: (eb) => eb.ref('excluded.away_score'),
            status_text: (eb) => eb.ref('excluded.status_text'),
            producer: (eb) => eb.ref('excluded.producer'),
            last_seq: (eb) => eb.ref('excluded.last_seq'),
            updated_at: sql<Date>`now()`,
          })
          .where('feed_events.last_seq', '<', (eb) => eb.ref('excluded.last_seq')),
      )
      .returning('id')
      .execute();
    for (const row of rows) written.add(Number(row.id));
  }
  return written;
}

/** Writes markets and their outcomes (each market once), set-based. */
export async function saveMarkets(
  db: DbOrTx,
  markets: readonly { eventId: number; market: ReadMarket }[],
): Promise<void> {
  for (const part of chunks(markets)) {
    await db
      .insertInto('feed_markets')
      .values(
        part.map(({ eventId, market: m }) => ({
          event_id: eventId,
          market_id: m.marketId,
          specifier: m.specifier,
          name: m.name,
          status: m.status,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['event_id', 'market_id', 'specifier']).doUpdateSet({
          name: (eb) => eb.ref('excluded.name'),
          status: (eb) => eb.ref('excluded.status'),
          updated_at: sql<Date>`now()`,
        }),
      )
      .execute();
  }
  const outcomes = markets.flatMap(({ eventId, market: m }) =>
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
  for (const part of chunks(outcomes)) {
    await db
      .insertInto('feed_outcomes')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['event_id', 'market_id', 'specifier', 'outcome_id']).doUpdateSet({
          name: (eb) => eb.ref('excluded.name'),
          odds: (eb) => eb.ref('excluded.odds'),
          active: (eb) => eb.ref('excluded.active'),
        }),
      )
      .execute();
  }
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
