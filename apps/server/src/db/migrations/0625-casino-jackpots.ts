import { sql, type Kysely } from 'kysely';

/**
 * Jackpots (issue #13 item 5, docs/decisions/162): three pools per site whose money sits in the
 * ledger's `jackpot_pool` account (the pools' values always sum to its balance), and every win.
 * `trigger_value` is the hidden must-drop point drawn when a pool is (re)seeded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('casino_jackpots')
    .addColumn('site_id', 'smallint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('Mini', 'Major', 'Mega')`))
    .addColumn('value', 'bigint', (c) => c.notNull().check(sql`value >= 0`))
    .addColumn('seed', 'bigint', (c) => c.notNull())
    .addColumn('trigger_value', 'bigint', (c) => c.notNull())
    .addColumn('won_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('casino_jackpots_pkey', ['site_id', 'type'])
    .execute();

  await db.schema
    .createTable('casino_jackpot_wins')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('site_id', 'smallint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('round_pk', 'bigint', (c) =>
      c.notNull().unique().references('casino_rounds.id').onDelete('restrict'),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('ledger_transaction_id', 'bigint', (c) =>
      c.notNull().references('ledger_transactions.id').onDelete('restrict'),
    )
    .addColumn('won_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('casino_jackpot_wins_won_idx')
    .on('casino_jackpot_wins')
    .columns(['site_id', 'won_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('casino_jackpot_wins').execute();
  await db.schema.dropTable('casino_jackpots').execute();
}
