import { sql, type Kysely } from 'kysely';

/** Income sources offered by the compliance form (site 1). */
export const INCOME_SOURCES = [
  'Employment',
  'Self-employment or business',
  'Farming',
  'Pension',
  'Savings or investments',
  'Family support',
  'Student',
  'Other',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_whitelisted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('raf_code', 'text')
    .addColumn('terms_accepted_at', 'timestamptz')
    .addColumn('click_id', 'text')
    .addColumn('affiliate', 'text')
    .addColumn('btag', 'text')
    .execute();
  await sql`create unique index users_raf_code_key on users (raf_code) where raf_code is not null`.execute(
    db,
  );

  await db.schema
    .createTable('registrations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sid_hash', 'text', (c) => c.notNull().unique())
    .addColumn('otp_hash', 'text')
    .addColumn('otp_expires_at', 'timestamptz')
    .addColumn('otp_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('otp_sent_at', 'timestamptz')
    .addColumn('otp_sends', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('registrations_user_id_idx')
    .on('registrations')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('guid_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('password_resets_user_id_idx')
    .on('password_resets')
    .column('user_id')
    .execute();

  // One row per throttled key (an account identifier or an IP): failures since the last
  // success and the current lock-out, so a lock grows with repeated failures but always ends.
  await db.schema
    .createTable('login_throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'bigint', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('feature_flags', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('responsible_gambling_limits')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('break', 'self_exclusion')`))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('responsible_gambling_limits_user_idx')
    .on('responsible_gambling_limits')
    .columns(['user_id', 'ends_at'])
    .execute();

  await db.schema
    .createTable('income_sources')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('income_sources' as never)
    .values(INCOME_SOURCES.map((name, i) => ({ id: i + 1, name })) as never)
    .execute();

  await db.schema
    .createTable('compliance_info')
    .addColumn('user_id', 'bigint', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('birth_date', 'text')
    .addColumn('gender', 'smallint')
    .addColumn('id_number', 'text')
    .addColumn('income_source_id', 'integer', (c) => c.references('income_sources.id'))
    .addColumn('is_politically_exposed', 'boolean')
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('sms_outbox_phone_idx')
    .on('sms_outbox')
    .columns(['phone', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sms_outbox',
    'compliance_info',
    'income_sources',
    'responsible_gambling_limits',
    'user_settings',
    'login_throttles',
    'password_resets',
    'registrations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop index users_raf_code_key`.execute(db);
  await db.schema
    .alterTable('users')
    .dropColumn('is_verified')
    .dropColumn('is_whitelisted')
    .dropColumn('raf_code')
    .dropColumn('terms_accepted_at')
    .dropColumn('click_id')
    .dropColumn('affiliate')
    .dropColumn('btag')
    .execute();
}
