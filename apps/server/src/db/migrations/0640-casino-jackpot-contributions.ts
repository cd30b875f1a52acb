import { sql, type Kysely } from 'kysely';

/**
 * Jackpot contributions waiting to be folded into the pools (docs/decisions/163): a settling
 * round appends its 1 % here (no lock on the pools or on the ledger's jackpot account), and the
 * folder moves them into the pools in id order, paying a pool that reaches its must-drop point
 * to the round whose part reached it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('casino_jackpot_contributions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('site_id', 'smallint', (c) => c.notNull())
    .addColumn('round_pk', 'bigint', (c) =>
      c.notNull().unique().references('casino_rounds.id').onDelete('restrict'),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('mini', 'bigint', (c) => c.notNull().check(sql`mini >= 0`))
    .addColumn('major', 'bigint', (c) => c.notNull().check(sql`major >= 0`))
    .addColumn('mega', 'bigint', (c) => c.notNull().check(sql`mega >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('casino_jackpot_contributions_site_idx')
    .on('casino_jackpot_contributions')
    .columns(['site_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('casino_jackpot_contributions').execute();
}
