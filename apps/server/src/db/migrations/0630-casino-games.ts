import { sql, type Kysely } from 'kysely';

/**
 * The in-house game engines (issue #13 item 4, docs/decisions/170 and 172): players' seed pairs
 * for provable fairness, Mines rounds in play (their mines stay on the server), and Roulette's
 * shared rounds with their bets. Money goes through the seamless wallet (casino_rounds); these
 * tables hold what the engines need to play and to prove a round.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('casino_seed_pairs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull().unique())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    /** The nonce the next round takes (= rounds played with the pair). */
    .addColumn('nonce', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`nonce >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revealed_at', 'timestamptz')
    .execute();
  // One pair in play per player; revealed pairs stay for verification.
  await sql`create unique index casino_seed_pairs_active on casino_seed_pairs (user_id) where revealed_at is null`.execute(
    db,
  );
  await db.schema
    .createIndex('casino_seed_pairs_user_idx')
    .on('casino_seed_pairs')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('casino_mines_rounds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('round_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('seed_pair_id', 'bigint', (c) =>
      c.notNull().references('casino_seed_pairs.id').onDelete('restrict'),
    )
    .addColumn('nonce', 'integer', (c) => c.notNull())
    .addColumn('mines', 'integer', (c) => c.notNull().check(sql`mines between 1 and 24`))
    .addColumn('stake', 'bigint', (c) => c.notNull().check(sql`stake > 0`))
    .addColumn('mine_tiles', 'jsonb', (c) => c.notNull())
    .addColumn('revealed', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('playing')
        .check(sql`status in ('playing', 'lost', 'cashed_out')`),
    )
    .addColumn('hit', 'integer')
    .addColumn('win', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`win >= 0`),
    )
    /** The wallet confirmed the stake's debit (until then no tile can be opened). */
    .addColumn('debited', 'boolean', (c) => c.notNull().defaultTo(false))
    /** The wallet confirmed the closing credit (a finished round not settled is retried). */
    .addColumn('settled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index casino_mines_rounds_playing on casino_mines_rounds (user_id) where status = 'playing'`.execute(
    db,
  );

  await db.schema
    .createTable('casino_roulette_rounds')
    /** The round number: also the nonce of its seed. */
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('phase', 'text', (c) =>
      c
        .notNull()
        .defaultTo('betting')
        .check(sql`phase in ('betting', 'spinning', 'settled')`),
    )
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('betting_closes_at', 'timestamptz', (c) => c.notNull())
    .addColumn('settles_at', 'timestamptz', (c) => c.notNull())
    .addColumn('pocket', 'integer', (c) => c.check(sql`pocket between 0 and 36`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  // One round open at a time, whatever the instances do.
  await sql`create unique index casino_roulette_rounds_open on casino_roulette_rounds ((true)) where phase <> 'settled'`.execute(
    db,
  );

  await db.schema
    .createTable('casino_roulette_bets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('round_no', 'bigint', (c) =>
      c.notNull().references('casino_roulette_rounds.id').onDelete('restrict'),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('bets', 'jsonb', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull().check(sql`stake > 0`))
    .addColumn('win', 'bigint')
    /**
     * pending: recorded, its debit not yet confirmed; placed: debited; refused: the wallet said
     * no (nothing moved); settled: paid out with the round; rolled_back: its debit undone.
     */
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'placed', 'refused', 'settled', 'rolled_back')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('casino_roulette_bets_round_idx')
    .on('casino_roulette_bets')
    .columns(['round_no', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('casino_roulette_bets').execute();
  await db.schema.dropTable('casino_roulette_rounds').execute();
  await db.schema.dropTable('casino_mines_rounds').execute();
  await db.schema.dropTable('casino_seed_pairs').execute();
}
