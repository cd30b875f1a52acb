import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_sports')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('default_market_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('feed_categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('sport_id', 'integer', (c) => c.notNull().references('feed_sports.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text')
    .execute();
  await db.schema
    .createTable('feed_tournaments')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('sport_id', 'integer', (c) => c.notNull().references('feed_sports.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('feed_categories.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('popular', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('feed_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('sport_id', 'integer', (c) => c.notNull().references('feed_sports.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('feed_categories.id'))
    .addColumn('tournament_id', 'integer', (c) => c.notNull().references('feed_tournaments.id'))
    .addColumn('home', 'text', (c) => c.notNull())
    .addColumn('away', 'text', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status between 0 and 9`))
    .addColumn('clock_minute', 'smallint')
    .addColumn('home_score', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('away_score', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('status_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('producer', 'smallint', (c) => c.notNull().check(sql`producer in (1, 3)`))
    .addColumn('last_seq', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('feed_events_sport_start_idx')
    .on('feed_events')
    .columns(['sport_id', 'start_time'])
    .execute();
  await db.schema
    .createTable('feed_markets')
    .addColumn('event_id', 'bigint', (c) =>
      c.notNull().references('feed_events.id').onDelete('cascade'),
    )
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('specifier', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status between -4 and 1`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('feed_markets_pkey', ['event_id', 'market_id', 'specifier'])
    .execute();
  await db.schema
    .createTable('feed_outcomes')
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('specifier', 'text', (c) => c.notNull())
    .addColumn('outcome_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('odds', 'integer', (c) => c.notNull().check(sql`odds >= 100`))
    .addColumn('active', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_outcomes_pkey', [
      'event_id',
      'market_id',
      'specifier',
      'outcome_id',
    ])
    .addForeignKeyConstraint(
      'feed_outcomes_market_fkey',
      ['event_id', 'market_id', 'specifier'],
      'feed_markets',
      ['event_id', 'market_id', 'specifier'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createTable('feed_producers')
    .addColumn('id', 'smallint', (c) => c.primaryKey().check(sql`id in (1, 3)`))
    .addColumn('up', 'boolean', (c) => c.notNull())
    .addColumn('last_alive_at', 'timestamptz')
    .addColumn('down_since', 'timestamptz')
    .addColumn('down_reason', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Both producers start down: nothing is bettable until a recovery snapshot completes.
  await sql`insert into feed_producers (id, up, down_reason) values (1, false, 'not started'), (3, false, 'not started')`.execute(
    db,
  );
  await db.schema
    .createTable('feed_settlement_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('message_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('bet_settlement', 'rollback_bet_settlement', 'bet_cancel', 'rollback_bet_cancel')`,
        ),
    )
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('producer', 'smallint', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('acked_at', 'timestamptz')
    .execute();
  await sql`create index feed_settlement_outbox_pending_idx on feed_settlement_outbox (id) where acked_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'feed_settlement_outbox',
    'feed_producers',
    'feed_outcomes',
    'feed_markets',
    'feed_events',
    'feed_tournaments',
    'feed_categories',
    'feed_sports',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
