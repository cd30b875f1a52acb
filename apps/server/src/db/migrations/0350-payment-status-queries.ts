import { type Kysely } from 'kysely';

/**
 * Reconciliation asks M-Pesa (Daraja's TransactionStatusQuery) about a payout whose result never
 * came; the time of the last question keeps it from asking again at every run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('status_queried_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('status_queried_at').execute();
}
