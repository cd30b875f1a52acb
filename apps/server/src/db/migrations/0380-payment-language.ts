import type { Kysely } from 'kysely';

/**
 * A payment remembers the language of the request that started it (issue #16): its pushed
 * results (`TransactionResult`, `LeakyBucket`) come in that language, so a Tanzanian who chose
 * English is not answered in Swahili. Null (older rows, paybill deposits): the site's default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('language').execute();
}
