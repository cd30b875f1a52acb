import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../db/columns';

export type BetStatus = 'open' | 'won' | 'lost' | 'void' | 'cashed_out';
import type { AcceptOddsChanges } from '@dau/domain/odds-acceptance';

/** Tables of the sportsbook (migration 0400). Money in integer cents, odds in hundredths. */
export interface BetsTable {
  id: Generated<number>;
  user_id: number;
  site_id: number;
  bet_type: 'single' | 'multiple';
  status: BetStatus;
  idempotency_key: string;
  accept_odds_changes: AcceptOddsChanges;
  stake: number;
  freebet_stake: number;
  excise: number;
  stake_after_excise: number;
  /** Exact decimal odds (numeric, read back as text): no size limit (migration 0470). */
  total_odds: ColumnType<string, string, string>;
  /** numeric: read back as a decimal string. */
  win_boost_percentage: ColumnType<string, number, number>;
  win_boost_amount: number;
  gross_possible_win: number;
  withholding_tax: number;
  /** Tax boost percentage and the part of the withholding it pays (ADR 150). */
  tax_boost_percentage: ColumnType<string, number | undefined, number>;
  tax_boost_amount: ColumnType<number, number | undefined, number>;
  /** What the bettor receives: gross − withholding + tax boost. */
  net_payout: number;
  capped: boolean;
  tax_policy: ColumnType<unknown, string, string>;
  stake_transaction_id: number;
  settled_payout: ColumnType<number, number | undefined, number>;
  settled_withholding: ColumnType<number, number | undefined, number>;
  settlement_count: ColumnType<number, number | undefined, number>;
  settled_at: Timestamp | null;
  placed_at: Timestamp;
  response: ColumnType<unknown, string, string>;
  /** Cash stake taken by cash-outs so far, and what they paid (migration 0700). */
  cashed_out_stake: ColumnType<number, number | undefined, number>;
  cashed_out_payout: ColumnType<number, number | undefined, number>;
}
export type BetRow = Selectable<BetsTable>;

export interface BetSelectionsTable {
  id: Generated<number>;
  bet_id: number;
  leg_index: number;
  event_id: number;
  market_id: number;
  specifier: string;
  outcome_id: number;
  odds: number;
  requested_odds: number;
  is_live: boolean;
  qualifies: boolean;
  event_name: string;
  market_name: string;
  outcome_name: string;
  result: 'won' | 'lost' | null;
  void_factor: ColumnType<string | null, number | null, number | null>;
  dead_heat_factor: ColumnType<string | null, number | null, number | null>;
  cancelled: ColumnType<boolean, boolean | undefined, boolean>;
  score: string | null;
}
export type BetSelectionRow = Selectable<BetSelectionsTable>;

export interface BetStatusHistoryTable {
  id: Generated<number>;
  bet_id: number;
  status: string;
  reason: string;
  message_key: string | null;
  created_at: Timestamp;
}

/** One cash-out of a bet, full or partial (migration 0700): the bet's cash-out history. */
export interface BetCashoutsTable {
  id: Generated<number>;
  bet_id: number;
  seq: number;
  full: boolean;
  stake: number;
  stake_after_excise: number;
  gross: number;
  withholding_tax: number;
  tax_boost_amount: number;
  value: number;
  offered_value: number;
  transaction_id: number;
  created_at: Timestamp;
}

/** Migration 0870: bets a settlement message touched, waiting for their batch (ADR 215). */
export interface SettlementPendingTable {
  bet_id: number;
  message_key: string;
  queued_at: Timestamp;
}
