import type { ColumnType, Generated } from 'kysely';

/** The casino catalogue (migration 0600). Money columns are integer cents. */

export interface CasinoProvidersTable {
  id: Generated<number>;
  slug: string;
  name: string;
  kind: 'in-house' | 'studio';
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface CasinoCategoriesTable {
  id: Generated<number>;
  slug: string;
  name_en: string;
  name_sw: string;
  sort: Generated<number>;
}

export interface CasinoLobbyCategoriesTable {
  lobby: string;
  category_id: number;
  sort: Generated<number>;
}

type TextArray = ColumnType<string[], string[] | undefined, string[]>;

export interface CasinoGamesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  provider_id: number;
  category_id: number;
  kind: 'rng' | 'instant' | 'live-rng' | 'crash' | 'virtual';
  engine: string;
  /** Return to player in basis points (9700 = 97 %). */
  rtp_bps: number;
  min_stake: number;
  max_stake: number;
  max_win: number;
  volatility: 'low' | 'medium' | 'high';
  tags: TextArray;
  description_en: string;
  description_sw: string;
  rules_en: TextArray;
  rules_sw: TextArray;
  demo: Generated<boolean>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  created_at: Generated<Date>;
}

export interface CasinoGameCategoriesTable {
  game_id: number;
  category_id: number;
  sort: Generated<number>;
}
