import { sql, type Kysely } from 'kysely';

/**
 * Critical notices (issue #15 item 14, ADR 213): a site's operator message, pushed as `Critical`
 * to the site's room and sent again to every client that registers the site while it is active.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_notices')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('maintenance', 'suspension', 'producerDown', 'message')`),
    )
    .addColumn('message', 'text', (c) => c.notNull().check(sql`char_length(message) <= 280`))
    .addColumn('raised_at', 'timestamptz', (c) => c.notNull())
    .addColumn('withdrawn_at', 'timestamptz')
    .execute();
  await sql`create index site_notices_active on site_notices (site_id) where withdrawn_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_notices').execute();
}
