import { sql, type Kysely } from 'kysely';

/**
 * Cash-out (issue #21, ADR 220). A bet may end `cashed_out`; a partial cash-out reduces the
 * running stake and records what was taken. `bet_cashouts` is the bet's cash-out history: one
 * row per cash-out with the stake it took and what it paid (the ledger transaction's id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bets drop constraint if exists bets_status_check`.execute(db);
  await sql`alter table bets add constraint bets_status_check check (status in ('open', 'won', 'lost', 'void', 'cashed_out'))`.execute(
    db,
  );
  await db.schema
    .alterTable('bets')
    .addColumn('cashed_out_stake', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`cashed_out_stake >= 0`),
    )
    .execute();
  await db.schema
    .alterTable('bets')
    .addColumn('cashed_out_payout', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`cashed_out_payout >= 0`),
    )
    .execute();
  await db.schema
    .createTable('bet_cashouts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('bet_id', 'bigint', (c) => c.notNull().references('bets.id').onDelete('restrict'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('full', 'boolean', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    .addColumn('stake_after_excise', 'bigint', (c) => c.notNull())
    .addColumn('gross', 'bigint', (c) => c.notNull())
    .addColumn('withholding_tax', 'bigint', (c) => c.notNull())
    .addColumn('tax_boost_amount', 'bigint', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('offered_value', 'bigint', (c) => c.notNull())
    .addColumn('transaction_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('bet_cashouts_bet_seq_key', ['bet_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bet_cashouts').execute();
  await db.schema.alterTable('bets').dropColumn('cashed_out_payout').execute();
  await db.schema.alterTable('bets').dropColumn('cashed_out_stake').execute();
  await sql`alter table bets drop constraint if exists bets_status_check`.execute(db);
  await sql`alter table bets add constraint bets_status_check check (status in ('open', 'won', 'lost', 'void'))`.execute(
    db,
  );
}
