import { sql, type Kysely } from 'kysely';
import { CATEGORIES, GAMES, PROVIDERS } from './casino-catalogue-seed';

/**
 * The casino catalogue (issue #13 item 1): providers, categories, games, and which categories
 * each lobby shows as chips. Seeded here with Dau's own games, so every deployment (not only the
 * demo) has a catalogue; a studio added later is rows, not code. Money columns are integer
 * cents; RTP is in basis points (9700 = 97.00 %).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('casino_providers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('in-house', 'studio')`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('casino_categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_sw', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('casino_lobby_categories')
    .addColumn('lobby', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`lobby in ('casino', 'live-casino', 'crash', 'virtuals', 'games', 'instant-wins', 'all-games')`,
        ),
    )
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('casino_categories.id').onDelete('cascade'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('casino_lobby_categories_pkey', ['lobby', 'category_id'])
    .execute();

  await db.schema
    .createTable('casino_games')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'integer', (c) =>
      c.notNull().references('casino_providers.id').onDelete('restrict'),
    )
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('casino_categories.id').onDelete('restrict'),
    )
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('rng', 'instant', 'live-rng', 'crash', 'virtual')`),
    )
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('rtp_bps', 'integer', (c) => c.notNull().check(sql`rtp_bps between 1 and 10000`))
    .addColumn('min_stake', 'bigint', (c) => c.notNull().check(sql`min_stake > 0`))
    .addColumn('max_stake', 'bigint', (c) => c.notNull())
    .addColumn('max_win', 'bigint', (c) => c.notNull())
    .addColumn('volatility', 'text', (c) =>
      c.notNull().check(sql`volatility in ('low', 'medium', 'high')`),
    )
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('description_sw', 'text', (c) => c.notNull())
    .addColumn('rules_en', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('rules_sw', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('demo', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('casino_games_stake_range', sql`max_stake >= min_stake`)
    .execute();

  await db.schema
    .createTable('casino_game_categories')
    .addColumn('game_id', 'integer', (c) =>
      c.notNull().references('casino_games.id').onDelete('cascade'),
    )
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('casino_categories.id').onDelete('cascade'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('casino_game_categories_pkey', ['game_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('casino_game_categories_category_idx')
    .on('casino_game_categories')
    .columns(['category_id', 'sort'])
    .execute();

  await seedCatalogue(db);
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(values.map((v) => sql`${v}`))}]::text[]`;

async function seedCatalogue(db: Kysely<unknown>): Promise<void> {
  for (const [i, p] of PROVIDERS.entries()) {
    await sql`insert into casino_providers (slug, name, kind, sort)
      values (${p.slug}, ${p.name}, ${p.kind}, ${i})`.execute(db);
  }
  for (const [i, c] of CATEGORIES.entries()) {
    await sql`insert into casino_categories (slug, name_en, name_sw, sort)
      values (${c.slug}, ${c.en}, ${c.sw}, ${i})`.execute(db);
    for (const lobby of [...c.lobbies, 'all-games']) {
      await sql`insert into casino_lobby_categories (lobby, category_id, sort)
        select ${lobby}, id, ${i} from casino_categories where slug = ${c.slug}`.execute(db);
    }
  }
  for (const [i, g] of GAMES.entries()) {
    await sql`insert into casino_games (slug, name, provider_id, category_id, kind, engine, rtp_bps,
        min_stake, max_stake, max_win, volatility, tags, description_en, description_sw,
        rules_en, rules_sw, sort)
      select ${g.slug}, ${g.name}, p.id, c.id, ${g.kind}, ${g.engine}, ${g.rtpBps},
        ${g.minStake * 100}, ${g.maxStake * 100}, ${g.maxWin * 100}, ${g.volatility},
        ${textArray(g.tags)}, ${g.en}, ${g.sw}, ${textArray(g.rulesEn)}, ${textArray(g.rulesSw)}, ${i}
      from casino_providers p, casino_categories c
      where p.slug = ${g.provider} and c.slug = ${g.category}`.execute(db);
    for (const slug of [g.category, ...g.also]) {
      await sql`insert into casino_game_categories (game_id, category_id, sort)
        select g.id, c.id, ${i} from casino_games g, casino_categories c
        where g.slug = ${g.slug} and c.slug = ${slug}`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('casino_game_categories').execute();
  await db.schema.dropTable('casino_games').execute();
  await db.schema.dropTable('casino_lobby_categories').execute();
  await db.schema.dropTable('casino_categories').execute();
  await db.schema.dropTable('casino_providers').execute();
}
