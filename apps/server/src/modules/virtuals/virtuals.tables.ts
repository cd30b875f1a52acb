import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/columns';

/** Virtual football's tables (migration 0675). Money columns are integer cents. */

type Json<T> = ColumnType<T, string, string>;

export type VirtualMatchdayPhaseColumn = 'open' | 'playing' | 'settled';

export interface VirtualMatchdaysTable {
  id: number;
  server_seed: string;
  server_seed_hash: string;
  phase: ColumnType<
    VirtualMatchdayPhaseColumn,
    VirtualMatchdayPhaseColumn | undefined,
    VirtualMatchdayPhaseColumn
  >;
  opened_at: Timestamp;
  kickoff_at: Timestamp;
  full_time_at: Timestamp;
  results: ColumnType<[number, number][] | null, string | null | undefined, string | null>;
  settled_at: Timestamp | null;
}

export type VirtualBetStatusColumn = 'pending' | 'open' | 'refused' | 'won' | 'lost' | 'void';

export interface StoredVirtualLeg {
  matchIndex: number;
  market: string;
  outcome: string;
  /** Hundredths. */
  odds: number;
  eventName: string;
  marketName: string;
  outcomeName: string;
}

export interface VirtualBetsTable {
  id: Generated<number>;
  user_id: number;
  matchday_id: number;
  bet_type: 'single' | 'multiple';
  status: ColumnType<
    VirtualBetStatusColumn,
    VirtualBetStatusColumn | undefined,
    VirtualBetStatusColumn
  >;
  stake: number;
  potential_win: number;
  payout: ColumnType<number, number | undefined, number>;
  total_odds: string;
  legs: Json<StoredVirtualLeg[]>;
  placed_at: Timestamp;
  settled_at: Timestamp | null;
}
