import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../../db/columns';

/** The game engines' tables (migration 0630). Money columns are integer cents. */

type Json<T> = ColumnType<T, string, string>;

export interface CasinoSeedPairsTable {
  id: Generated<number>;
  user_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  revealed_at: Timestamp | null;
}

export type MinesRoundStatus = 'playing' | 'lost' | 'cashed_out';

export interface CasinoMinesRoundsTable {
  id: Generated<number>;
  round_id: string;
  user_id: number;
  seed_pair_id: number;
  nonce: number;
  mines: number;
  stake: number;
  mine_tiles: Json<number[]>;
  revealed: ColumnType<number[], string | undefined, string>;
  status: ColumnType<MinesRoundStatus, MinesRoundStatus | undefined, MinesRoundStatus>;
  hit: number | null;
  win: ColumnType<number, number | undefined, number>;
  debited: ColumnType<boolean, boolean | undefined, boolean>;
  settled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type RoulettePhaseColumn = 'betting' | 'spinning' | 'settled';

export interface CasinoRouletteRoundsTable {
  id: Generated<number>;
  server_seed: string;
  server_seed_hash: string;
  phase: ColumnType<RoulettePhaseColumn, RoulettePhaseColumn | undefined, RoulettePhaseColumn>;
  opened_at: Timestamp;
  betting_closes_at: Timestamp;
  settles_at: Timestamp;
  pocket: number | null;
  settled_at: Timestamp | null;
}

export interface StoredRouletteBet {
  kind: string;
  numbers: number[];
  /** Cents. */
  stake: number;
}

export type RouletteBetStatus = 'pending' | 'placed' | 'refused' | 'settled' | 'rolled_back';

export interface CasinoRouletteBetsTable {
  id: Generated<number>;
  round_no: number;
  user_id: number;
  bets: Json<StoredRouletteBet[]>;
  stake: number;
  win: number | null;
  status: ColumnType<RouletteBetStatus, RouletteBetStatus | undefined, RouletteBetStatus>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
