import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_call_back_requests')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('site_id', 'smallint', (c) => c.notNull().check(sql`site_id between 1 and 4`))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'called', 'unreachable')`),
    )
    .addColumn('within_hours', 'boolean', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('support_call_back_requests_phone_idx')
    .on('support_call_back_requests')
    .columns(['site_id', 'phone', 'created_at'])
    .execute();

  await db.schema
    .createTable('account_deletion_requests')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('site_id', 'smallint', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'completed', 'withdrawn')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One open request per user: asking again answers the open one.
  await sql`create unique index account_deletion_requests_pending_key on account_deletion_requests (user_id) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_deletion_requests').execute();
  await db.schema.dropTable('support_call_back_requests').execute();
}
