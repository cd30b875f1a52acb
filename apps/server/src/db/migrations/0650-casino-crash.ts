import { sql, type Kysely } from 'kysely';

/**
 * High Flyer, the crash game (issue #14 item 1, docs/decisions/190): the hash chains whose links
 * seed the rounds, the shared rounds, and the players' bets (two slots per round). Money goes
 * through the seamless wallet (casino_rounds, one wallet round per bet); these tables hold what
 * the engine needs to play, judge cash-outs on any instance and settle a round exactly once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('casino_crash_chains')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    /** The chain's secret start: the seed of its last round (never sent to a client). */
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('length', 'integer', (c) => c.notNull().check(sql`length > 0`))
    /** SHA-256 of round 1's seed: published before the chain's first round. */
    .addColumn('terminating_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('casino_crash_rounds')
    /** The round number: also the nonce of its fairness reference. */
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('chain_id', 'bigint', (c) =>
      c.notNull().references('casino_crash_chains.id').onDelete('restrict'),
    )
    .addColumn('chain_index', 'integer', (c) => c.notNull().check(sql`chain_index > 0`))
    /** Secret until the crash. */
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    /** Hundredths (187 = 1.87×); secret until the crash. */
    .addColumn('crash_point', 'integer', (c) =>
      c.notNull().check(sql`crash_point between 100 and 1000000`),
    )
    .addColumn('phase', 'text', (c) =>
      c
        .notNull()
        .defaultTo('betting')
        .check(sql`phase in ('betting', 'flying', 'crashed')`),
    )
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('takeoff_at', 'timestamptz', (c) => c.notNull())
    /** take-off + the curve's time to reach the crash point: fixed when the round opens. */
    .addColumn('crash_at', 'timestamptz', (c) => c.notNull())
    .addColumn('crashed_at', 'timestamptz')
    /** Every bet's wallet round closed (paid, lost or rolled back). */
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await sql`create sequence casino_crash_round_no`.execute(db);
  await sql`create unique index casino_crash_rounds_live on casino_crash_rounds ((true)) where phase <> 'crashed'`.execute(
    db,
  );
  await sql`create unique index casino_crash_rounds_link on casino_crash_rounds (chain_id, chain_index)`.execute(
    db,
  );
  await sql`create index casino_crash_rounds_unsettled on casino_crash_rounds (id) where settled_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('casino_crash_bets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('round_no', 'bigint', (c) =>
      c.notNull().references('casino_crash_rounds.id').onDelete('restrict'),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('slot', 'smallint', (c) => c.notNull().check(sql`slot in (1, 2)`))
    /** The name others see in the live list (masked when the bet was placed). */
    .addColumn('player', 'text', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull().check(sql`stake > 0`))
    /** Hundredths, or null for cash-out by hand only. */
    .addColumn('auto_cash_out', 'integer', (c) =>
      c.check(sql`auto_cash_out between 101 and 1000000`),
    )
    /**
     * pending: recorded, debit not confirmed; open: debited, flying; cashed_out: by hand or
     * automatically (cash_out, win set); lost: the plane left first; rolled_back: its debit undone.
     */
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'open', 'cashed_out', 'lost', 'rolled_back')`),
    )
    .addColumn('cash_out', 'integer')
    .addColumn('win', 'bigint')
    .addColumn('auto', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cashed_out_at', 'timestamptz')
    /** The wallet confirmed the bet's closing credit (or rollback). */
    .addColumn('paid', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index casino_crash_bets_slot on casino_crash_bets (round_no, user_id, slot)`.execute(
    db,
  );
  await sql`create index casino_crash_bets_round on casino_crash_bets (round_no, status)`.execute(
    db,
  );
  await sql`create index casino_crash_bets_user on casino_crash_bets (user_id, id)`.execute(db);
  await sql`create index casino_crash_bets_unpaid on casino_crash_bets (round_no) where not paid`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('casino_crash_bets').execute();
  await sql`drop sequence casino_crash_round_no`.execute(db);
  await db.schema.dropTable('casino_crash_rounds').execute();
  await db.schema.dropTable('casino_crash_chains').execute();
}
