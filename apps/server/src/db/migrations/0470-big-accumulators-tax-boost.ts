import { sql, type Kysely } from 'kysely';

/**
 * Issue #15 (defects 3 and 5). `bets.total_odds` was an integer of hundredths and overflowed
 * past 21,474,836.47 (about 29 ordinary legs), so big accumulators failed with a 500. It becomes
 * exact decimal odds (numeric, '1358412790924.90'), whatever the number of legs. Bets also
 * record the tax boost they were placed with and the part of the withholding it pays (ADR 150).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bets alter column total_odds type numeric using (total_odds::numeric / 100)`.execute(
    db,
  );
  await db.schema
    .alterTable('bets')
    .addColumn('tax_boost_percentage', 'numeric', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('bets')
    .addColumn('tax_boost_amount', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`tax_boost_amount >= 0`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bets').dropColumn('tax_boost_amount').execute();
  await db.schema.alterTable('bets').dropColumn('tax_boost_percentage').execute();
  await sql`alter table bets alter column total_odds type integer using round(total_odds * 100)::integer`.execute(
    db,
  );
}
