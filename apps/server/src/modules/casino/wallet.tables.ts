import type { ColumnType, Generated } from 'kysely';

/** The seamless game wallet's tables (migration 0610). Money columns are integer cents. */

type Json = ColumnType<Record<string, unknown>, string | undefined, string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type RoundStatus = 'open' | 'settled' | 'rolled_back';

export interface CasinoRoundsTable {
  id: Generated<number>;
  provider_id: number;
  round_id: string;
  user_id: number;
  game_id: number;
  status: ColumnType<RoundStatus, RoundStatus | undefined, RoundStatus>;
  stake: ColumnType<number, number | undefined, number>;
  win: ColumnType<number, number | undefined, number>;
  jackpot_contribution: ColumnType<number, number | undefined, number>;
  jackpot_win: ColumnType<number, number | undefined, number>;
  planned_win: number | null;
  details: Json;
  started_at: Stamp;
  updated_at: Stamp;
  closed_at: Stamp | null;
}

export type WalletTransactionKind = 'debit' | 'credit' | 'rollback';

export interface CasinoTransactionsTable {
  id: Generated<number>;
  provider_id: number;
  transaction_id: string;
  round_pk: number;
  user_id: number;
  kind: WalletTransactionKind;
  amount: number;
  reference_transaction_id: string | null;
  rolled_back: ColumnType<boolean, boolean | undefined, boolean>;
  ledger_transaction_id: number | null;
  fingerprint: string;
  response: Json;
  created_at: Stamp;
}

export interface CasinoWalletRequestsTable {
  provider_id: number;
  request_id: string;
  received_at: Stamp;
}

export interface CasinoRecentGamesTable {
  user_id: number;
  game_slug: string;
  name: string;
  image: string;
  played_at: Stamp;
}

export interface CasinoJackpotsTable {
  site_id: number;
  type: 'Mini' | 'Major' | 'Mega';
  value: number;
  seed: number;
  trigger_value: number;
  won_count: ColumnType<number, number | undefined, number>;
  updated_at: Stamp;
}

/** A settled round's part of the pools, until the folder moves it in (ADR 163). */
export interface CasinoJackpotContributionsTable {
  id: Generated<number>;
  site_id: number;
  round_pk: number;
  user_id: number;
  mini: number;
  major: number;
  mega: number;
  created_at: Stamp;
}

export interface CasinoJackpotWinsTable {
  id: Generated<number>;
  site_id: number;
  type: 'Mini' | 'Major' | 'Mega';
  user_id: number;
  round_pk: number;
  amount: number;
  ledger_transaction_id: number;
  won_at: Stamp;
}
