import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../../db/columns';

/** High Flyer's tables (migration 0650, docs/decisions/190). Money columns are integer cents. */

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface CasinoCrashChainsTable {
  id: ColumnType<number, number | undefined, number>;
  secret: string;
  length: number;
  terminating_hash: string;
  created_at: Defaulted<Date>;
}

export type CrashPhaseColumn = 'betting' | 'flying' | 'crashed';

export interface CasinoCrashRoundsTable {
  id: number;
  chain_id: number;
  chain_index: number;
  server_seed: string;
  server_seed_hash: string;
  /** Hundredths. */
  crash_point: number;
  phase: Defaulted<CrashPhaseColumn>;
  opened_at: Timestamp;
  takeoff_at: Timestamp;
  crash_at: Timestamp;
  crashed_at: Timestamp | null;
  settled_at: Timestamp | null;
}

export type CrashBetStatus = 'pending' | 'open' | 'cashed_out' | 'lost' | 'rolled_back';

export interface CasinoCrashBetsTable {
  id: ColumnType<number, number | undefined, number>;
  round_no: number;
  user_id: number;
  slot: number;
  player: string;
  stake: number;
  /** Hundredths. */
  auto_cash_out: number | null;
  status: Defaulted<CrashBetStatus>;
  cash_out: number | null;
  win: number | null;
  auto: Defaulted<boolean>;
  cashed_out_at: Timestamp | null;
  paid: Defaulted<boolean>;
  created_at: Defaulted<Date>;
}
