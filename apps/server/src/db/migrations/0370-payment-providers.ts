import { sql, type Kysely } from 'kysely';

/**
 * Payments name their mobile-money provider (ADR 131): Kenya's M-Pesa (`mpesa`, Daraja, the
 * default for every existing row), MTN MoMo, Airtel Money, Vodacom M-Pesa. `provider_reference`
 * is the id the operator knows a request by (made by Dau before the call), `provider_receipt`
 * the operator's own transaction id once it is done (M-Pesa keeps `mpesa_receipt`).
 * `expired_at` marks a deposit failed because no confirmation came in time (ADR 133): a late
 * success for it is still credited, once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('provider', 'text', (c) =>
      c
        .notNull()
        .defaultTo('mpesa')
        .check(sql`provider in ('mpesa', 'mtn-momo', 'airtel-money', 'vodacom-mpesa')`),
    )
    .addColumn('provider_reference', 'text')
    .addColumn('provider_receipt', 'text')
    .addColumn('expired_at', 'timestamptz')
    .execute();
  await sql`create unique index payments_provider_reference_idx
    on payments (provider, provider_reference) where provider_reference is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists payments_provider_reference_idx`.execute(db);
  await db.schema
    .alterTable('payments')
    .dropColumn('provider')
    .dropColumn('provider_reference')
    .dropColumn('provider_receipt')
    .dropColumn('expired_at')
    .execute();
}
