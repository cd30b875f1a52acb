import type { Kysely } from 'kysely';

/**
 * Bets a settlement message touched but has not yet reconciled (issue #19 item 2, ADR 215):
 * a message that reaches many bets records them here in the transaction that applies its legs
 * and acknowledges it, and the bets are then settled in short batches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settlement_pending')
    .addColumn('bet_id', 'bigint', (c) => c.primaryKey().references('bets.id').onDelete('cascade'))
    /** The last message that touched the bet, for its history rows. */
    .addColumn('message_key', 'text', (c) => c.notNull())
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settlement_pending').execute();
}
