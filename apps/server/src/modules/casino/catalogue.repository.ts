import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database';

/** A game row with its provider, main category and listings, as the catalogue reads it. */
export interface GameRow {
  id: number;
  slug: string;
  name: string;
  kind: 'rng' | 'instant' | 'live-rng' | 'crash' | 'virtual';
  engine: string;
  rtp_bps: number;
  min_stake: number;
  max_stake: number;
  max_win: number;
  volatility: 'low' | 'medium' | 'high';
  tags: string[];
  description_en: string;
  description_sw: string;
  rules_en: string[];
  rules_sw: string[];
  demo: boolean;
  enabled: boolean;
  provider_slug: string;
  provider_name: string;
  provider_kind: 'in-house' | 'studio';
  category_slug: string;
  category_en: string;
  category_sw: string;
  /** Slugs of every category the game is listed in. */
  categories: string[];
  /** Lobbies showing at least one of those categories. */
  lobbies: string[];
}

/** Every enabled game of an enabled provider, in display order. */
export async function listGames(db: DbOrTx): Promise<GameRow[]> {
  const rows = await sql<GameRow>`
    select g.id, g.slug, g.name, g.kind, g.engine, g.rtp_bps, g.min_stake, g.max_stake, g.max_win,
      g.volatility, g.tags, g.description_en, g.description_sw, g.rules_en, g.rules_sw, g.demo,
      g.enabled, p.slug as provider_slug, p.name as provider_name, p.kind as provider_kind,
      c.slug as category_slug, c.name_en as category_en, c.name_sw as category_sw,
      coalesce((select array_agg(cc.slug order by cc.sort) from casino_game_categories gc
        join casino_categories cc on cc.id = gc.category_id where gc.game_id = g.id), '{}') as categories,
      coalesce((select array_agg(distinct lc.lobby) from casino_game_categories gc
        join casino_lobby_categories lc on lc.category_id = gc.category_id
        where gc.game_id = g.id), '{}') as lobbies
    from casino_games g
    join casino_providers p on p.id = g.provider_id
    join casino_categories c on c.id = g.category_id
    where g.enabled and p.enabled
    order by g.sort, g.id`.execute(db);
  return rows.rows;
}

export interface CategoryRow {
  slug: string;
  name_en: string;
  name_sw: string;
  lobbies: string[];
  /** Slugs of the enabled games listed in it. */
  games: string[];
}

export async function listCategories(db: DbOrTx): Promise<CategoryRow[]> {
  const rows = await sql<CategoryRow>`
    select c.slug, c.name_en, c.name_sw,
      coalesce((select array_agg(lc.lobby order by lc.lobby) from casino_lobby_categories lc
        where lc.category_id = c.id), '{}') as lobbies,
      coalesce((select array_agg(g.slug order by gc.sort) from casino_game_categories gc
        join casino_games g on g.id = gc.game_id join casino_providers p on p.id = g.provider_id
        where gc.category_id = c.id and g.enabled and p.enabled), '{}') as games
    from casino_categories c
    order by c.sort, c.id`.execute(db);
  return rows.rows;
}

export interface ProviderRow {
  slug: string;
  name: string;
  kind: 'in-house' | 'studio';
}

export async function listProviders(db: DbOrTx): Promise<ProviderRow[]> {
  return db
    .selectFrom('casino_providers')
    .select(['slug', 'name', 'kind'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The game's limits and identity, for the wallet's checks (any state: disabled games too). */
export async function gameBySlug(db: DbOrTx, slug: string) {
  return db
    .selectFrom('casino_games as g')
    .innerJoin('casino_providers as p', 'p.id', 'g.provider_id')
    .select([
      'g.id',
      'g.slug',
      'g.name',
      'g.engine',
      'g.kind',
      'g.min_stake',
      'g.max_stake',
      'g.max_win',
      'g.enabled',
      'g.provider_id',
      'p.slug as provider_slug',
      'p.kind as provider_kind',
      'p.enabled as provider_enabled',
    ])
    .where('g.slug', '=', slug)
    .executeTakeFirst();
}
