import type { ColumnType, Generated, Selectable } from 'kysely';

export const USER_ACCOUNT_KINDS = ['cash', 'bonus', 'free_bet', 'withdrawal_reserved'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

export const SYSTEM_ACCOUNT_KINDS = [
  'house',
  'bets_in_play',
  'payments_clearing',
  'tax_payable',
  'jackpot_pool',
  /** Sports jackpot stakes (issue #21, ADR 226) until their round is settled. */
  'sports_jackpot_pool',
] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

/**
 * System accounts split into shards (migration 0800, docs/decisions/200): concurrent postings
 * lock different rows; the account's balance is the sum of its shards.
 */
export const SHARDED_SYSTEM_KINDS: readonly SystemAccountKind[] = [
  'house',
  'bets_in_play',
  'tax_payable',
];
export const SYSTEM_SHARDS = 16;

export type AccountKind = UserAccountKind | SystemAccountKind;

export interface LedgerAccountsTable {
  id: Generated<number>;
  /** Owner of a user account; null for the house's own accounts. */
  user_id: number | null;
  kind: AccountKind;
  /** 0–15 for the sharded system kinds, 0 for every other account. */
  shard: ColumnType<number, number | undefined, number>;
  /** Integer cents. */
  balance: ColumnType<number, number | undefined, number>;
  created_at: Generated<Date>;
}
export type LedgerAccount = Selectable<LedgerAccountsTable>;

export interface LedgerTransactionsTable {
  id: Generated<number>;
  kind: string;
  idempotency_key: string | null;
  user_id: number | null;
  meta: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  amount: number;
  balance_after: number;
  created_at: Generated<Date>;
}
