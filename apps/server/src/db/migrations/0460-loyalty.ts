import { sql, type Kysely } from 'kysely';

/**
 * Loyalty (issue #8 item 7). Progress is counted from `bets` (settled in the week, cash stake at
 * least the minimum), so a rollback that reopens a bet takes it out of the count by itself. A
 * reward is one row per user and week: the unique key, with the ledger transaction's own
 * idempotency key, makes the free bet impossible to credit twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('loyalty_rewards')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('week_start', 'timestamptz', (c) => c.notNull())
    .addColumn('settled_bets', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('transaction_id', 'bigint', (c) =>
      c.notNull().references('ledger_transactions.id').onDelete('restrict'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('loyalty_rewards_user_week', ['user_id', 'week_start'])
    .execute();
  await db.schema
    .createIndex('bets_user_settled_idx')
    .on('bets')
    .columns(['user_id', 'settled_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bets_user_settled_idx').execute();
  await db.schema.dropTable('loyalty_rewards').execute();
}
