import type { Db, Tx } from '../../db/database';
import { AppError } from '../../errors/app-error';
import {
  INSUFFICIENT_FUNDS_SQLSTATE,
  ledgerCounts,
  ledgerProblems,
  lockLedgerAccounts,
  postLedger,
  ledgerPostManyInput,
  type LedgerPosting,
} from './wallet.repository';
import {
  SHARDED_SYSTEM_KINDS,
  SYSTEM_SHARDS,
  type SystemAccountKind,
  type UserAccountKind,
} from './wallet.tables';

/** One side of a ledger movement: a user's account or one of the house's accounts. */
export type AccountRef = { userId: number; kind: UserAccountKind } | { system: SystemAccountKind };

export interface LedgerEntryInput {
  account: AccountRef;
  /** Integer cents; positive adds to the account's balance, negative takes from it. */
  amount: number;
}

export interface PostTransactionInput {
  /** What happened, e.g. `deposit`, `withdrawal_reserve`, `bet_stake`, `bet_win`. */
  kind: string;
  /**
   * Required for anything an outside event triggers (callback, settlement message, game
   * round): a second post with the same key changes nothing and reports `duplicate`.
   */
  idempotencyKey: string | null;
  /** The user the transaction is about (shown in their transactions list). */
  userId?: number | null;
  entries: LedgerEntryInput[];
  meta?: Record<string, unknown>;
}

export interface PostedTransaction {
  transactionId: number;
  duplicate: boolean;
  /** Users whose balances changed: push them their balances after the commit. */
  userIds: number[];
  /** Every account the transaction moved, with its balance after it (none for a duplicate). */
  balances: { userId: number | null; kind: string; balance: number }[];
}

export const INSUFFICIENT_FUNDS = 'INSUFFICIENT_FUNDS';

export function insufficientFunds(): AppError {
  return new AppError('CONFLICT', [
    { code: INSUFFICIENT_FUNDS, message: 'Your balance is not enough for this amount.' },
  ]);
}

export function isInsufficientFunds(error: unknown): boolean {
  return error instanceof AppError && error.details.some((d) => d.code === INSUFFICIENT_FUNDS);
}

/** A shard of the house's accounts: spread evenly, so postings rarely queue. */
export function pickShard(): number {
  return Math.floor(Math.random() * SYSTEM_SHARDS);
}

const shardOfTransaction = new WeakMap<Tx, number>();

/**
 * The shard every posting of one database transaction uses. A transaction of several postings
 * (a settlement batch) then holds one shard of each house account, taken by its first posting,
 * instead of drawing a new one per posting and taking them in no fixed order — which would let
 * it deadlock with a placement holding another shard and waiting for a user the batch holds.
 */
function transactionShard(tx: Tx): number {
  let shard = shardOfTransaction.get(tx);
  if (shard === undefined) {
    shard = pickShard();
    shardOfTransaction.set(tx, shard);
  }
  return shard;
}

/**
 * A checked posting, ready for `ledger_post`: amounts non-zero integer cents summing to zero, at
 * least two entries, the house's sharded accounts on one shard (drawn here unless given).
 */
export function preparePosting(
  input: PostTransactionInput,
  shard: number = pickShard(),
): LedgerPosting {
  const { entries } = input;
  if (entries.length < 2) throw new Error('a ledger transaction needs at least two entries');
  let sum = 0;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
      throw new Error(`ledger entry amounts must be non-zero integer cents, got ${entry.amount}`);
    }
    sum += entry.amount;
  }
  if (sum !== 0) throw new Error(`ledger transaction ${input.kind} does not balance (${sum})`);
  return {
    header: {
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      userId: input.userId ?? null,
      meta: input.meta ?? {},
    },
    entries: entries.map(({ account, amount }) => ({ ...accountRow(account, shard), amount })),
  };
}

/** The ledger row an account names: a user's (shard 0), or the house's on `shard` if sharded. */
function accountRow(account: AccountRef, shard: number) {
  return 'system' in account
    ? {
        userId: null,
        kind: account.system,
        shard: SHARDED_SYSTEM_KINDS.includes(account.system) ? shard : 0,
      }
    : { userId: account.userId, kind: account.kind, shard: 0 };
}

/**
 * Locks every account a transaction is about to post to, before its first posting, in the
 * ledger's one order (the house's rows first, then users', each by id; ADR 200 and 202), the
 * house's on the transaction's shard. A transaction that posts several times (a settlement
 * batch) otherwise takes each posting's accounts as it goes, users in its own order, and can
 * deadlock with a placement batch (`ledger_post_many`), which takes all of its accounts at once
 * in the ledger's order. Its postings then wait for nothing. A user account that does not exist
 * yet is made by the posting that moves it (nobody else holds it).
 */
export async function lockAccounts(tx: Tx, accounts: readonly AccountRef[]): Promise<void> {
  const shard = transactionShard(tx);
  await lockLedgerAccounts(
    tx,
    accounts.map((account) => accountRow(account, shard)),
  );
}

/** A user account `ledger_post` refused to take below zero (SQLSTATE DL001) as the API's error. */
export function asInsufficientFunds(error: unknown): unknown {
  return (error as { code?: string }).code === INSUFFICIENT_FUNDS_SQLSTATE
    ? insufficientFunds()
    : error;
}

/**
 * Posts a balanced transaction inside the caller's database transaction. Betting, casino and
 * payments call this so that their own rows and the money move commit together. In one round
 * trip (`ledger_post`, migration 0800) it writes the header (a repeated idempotency key stops
 * there), locks the touched accounts (the house's first, then users', by id), refuses to take a
 * user account below zero (the database CHECK is the backstop), and records each entry with the
 * account's running balance. Call it late in the transaction: the accounts stay locked until
 * the commit. The house's busy accounts are sharded (decision 200); all postings of one
 * database transaction use the same shard of each.
 */
export async function postTransaction(
  tx: Tx,
  input: PostTransactionInput,
): Promise<PostedTransaction> {
  const posting = preparePosting(input, transactionShard(tx));
  let posted;
  try {
    posted = await postLedger(tx, posting);
  } catch (error) {
    throw asInsufficientFunds(error);
  }
  if (posted.duplicate) {
    return { transactionId: posted.transactionId, duplicate: true, userIds: [], balances: [] };
  }
  const userIds = new Set<number>();
  for (const { account } of input.entries) if (!('system' in account)) userIds.add(account.userId);
  return {
    transactionId: posted.transactionId,
    duplicate: false,
    userIds: [...userIds],
    balances: posted.accounts.map((a) => ({
      userId: a.userId,
      kind: a.kind,
      balance: a.balance,
    })),
  };
}

/** What `ledger_post_many` answers for one posting (migration 0880). */
export type PostingStatus = 'ok' | 'duplicate' | 'insufficient';

/**
 * Several postings for `ledger_post_many`, checked (each balanced, an account at most once per
 * posting, the house's accounts on the transaction's shard), as the JSON its caller's statement
 * passes (bet placement's `place_bets_many`, ADR 193). That call posts them inside the caller's
 * transaction in one round trip, each refused on its own (ADR 202): per posting `ok` or
 * `duplicate` with a transaction id, or `insufficient` when it would take a user account below
 * zero (it moved nothing; the others went on). The accounts stay locked until the commit.
 */
export function ledgerPostings(tx: Tx, inputs: readonly PostTransactionInput[]): string {
  const shard = transactionShard(tx);
  const postings = inputs.map((input) => {
    const posting = preparePosting(input, shard);
    const accounts = new Set(posting.entries.map((e) => `${e.userId}/${e.kind}/${e.shard}`));
    if (accounts.size !== posting.entries.length) {
      throw new Error(`ledger posting ${input.kind} names an account twice`);
    }
    return posting;
  });
  return ledgerPostManyInput(postings);
}

export interface LedgerCheck {
  ok: boolean;
  problems: string[];
  transactions: number;
  entries: number;
}

/**
 * Verifies the whole ledger: every transaction sums to zero and has entries, every account's
 * balance equals the sum of its entries and each entry's running balance is right, no user
 * account is negative, and all balances together sum to zero (no money created or lost).
 */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  // One snapshot for every query, so money moving while the check runs cannot look like drift.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const problems = await ledgerProblems(tx);
      const counts = await ledgerCounts(tx);
      return { ok: problems.length === 0, problems, ...counts };
    });
}
