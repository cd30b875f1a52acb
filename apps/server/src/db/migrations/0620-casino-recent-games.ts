import { sql, type Kysely } from 'kysely';

/**
 * Recent games of signed-in users (spec doc 2 §4, §7: `{games}/track`): one row per user and
 * game, the newest ten kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('casino_recent_games')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game_slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('played_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('casino_recent_games_pkey', ['user_id', 'game_slug'])
    .execute();
  await sql`create index casino_recent_games_user_idx on casino_recent_games (user_id, played_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('casino_recent_games').execute();
}
