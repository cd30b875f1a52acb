import { sql, type Kysely } from 'kysely';

/**
 * Booking codes (issue #8 item 6): a shared slip's selections under a short code. The
 * selections are a snapshot (jsonb) as the sharer saw them; loading reads current odds from the
 * feed. `expires_at` is a backstop for clean-up: a code also stops loading as soon as none of
 * its events can take bets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull())
    /** Who made it, when signed in; anonymous visitors can share a slip too. */
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('selections', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('booking_codes_code_shape', sql`code ~ '^[2-9A-HJ-NP-Z]{6}$'`)
    .execute();
  await db.schema
    .createIndex('booking_codes_expires_idx')
    .on('booking_codes')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_codes').execute();
}
