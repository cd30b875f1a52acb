import type { Kysely } from 'kysely';

/**
 * Registration with a phone that already has an account answers exactly like a new
 * registration (ADR 110): a registration row marked `for_existing_account` stands behind the
 * `sid`, its "code" is never sent (the owner gets a notice instead) and can never be verified.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('registrations')
    .addColumn('for_existing_account', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registrations').dropColumn('for_existing_account').execute();
}
