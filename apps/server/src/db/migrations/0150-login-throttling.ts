import { sql, type Kysely } from 'kysely';

/**
 * Login throttling per account and per network (decision 120). `login_counters` replaces
 * `login_throttles`: one row per key (`user:<id>`, `unknown:<site>:<identifier>`,
 * `ip:<address or /64>`, `device:<token hash>`, `change-password:<user id>`) with a 15-minute and
 * a 24-hour window, both counted by one atomic upsert before the password is checked.
 * `login_devices` are the browsers an account signed in from (or reset its PIN on): their
 * attempts are counted apart, so strangers' failures never lock the owner out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_throttles').execute();
  await db.schema
    .createTable('login_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('short_count', 'integer', (c) => c.notNull())
    .addColumn('short_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('day_count', 'integer', (c) => c.notNull())
    .addColumn('day_started_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('login_devices')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_devices_user_id_idx')
    .on('login_devices')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_devices').execute();
  await db.schema.dropTable('login_counters').execute();
  await db.schema
    .createTable('login_throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();
}
