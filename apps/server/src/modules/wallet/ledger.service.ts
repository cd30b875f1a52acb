import type { Db, Tx } from '../../db/database';
import { AppError } from '../../errors/app-error';
import {
  applyEntries,
  ensureUserAccounts,
  insertTransaction,
  ledgerCounts,
  ledgerProblems,
  lockAccounts,
  transactionIdByKey,
} from './wallet.repository';
import type { SystemAccountKind, UserAccountKind } from './wallet.tables';

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

/**
 * Posts a balanced transaction inside the caller's database transaction. Betting, casino and
 * payments call this so that their own rows and the money move commit together. It locks the
 * touched accounts in id order, refuses to take a user account below zero (the database CHECK
 * is the backstop), and records each entry with the account's running balance.
 */
export async function postTransaction(
  tx: Tx,
  input: PostTransactionInput,
): Promise<PostedTransaction> {
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

  const transactionId = await insertTransaction(tx, {
    kind: input.kind,
    idempotencyKey: input.idempotencyKey,
    userId: input.userId ?? null,
    meta: input.meta ?? {},
  });
  if (transactionId === null) {
    const existing = input.idempotencyKey
      ? await transactionIdByKey(tx, input.idempotencyKey)
      : null;
    return { transactionId: existing ?? 0, duplicate: true, userIds: [], balances: [] };
  }

  const userRefs = new Map<string, { userId: number; kind: UserAccountKind }>();
  const systemKinds = new Set<SystemAccountKind>();
  for (const { account } of entries) {
    if ('system' in account) systemKinds.add(account.system);
    else userRefs.set(`${account.userId}:${account.kind}`, account);
  }
  const byUser = new Map<number, UserAccountKind[]>();
  for (const ref of userRefs.values()) {
    byUser.set(ref.userId, [...(byUser.get(ref.userId) ?? []), ref.kind]);
  }
  // Accounts are made on a user's first movement; the usual case finds them all at once.
  let locked = await lockAccounts(tx, [...userRefs.values()], [...systemKinds]);
  if (locked.length < userRefs.size + systemKinds.size) {
    for (const [userId, kinds] of byUser) await ensureUserAccounts(tx, userId, kinds);
    locked = await lockAccounts(tx, [...userRefs.values()], [...systemKinds]);
  }
  const keyOf = (userId: number | null, kind: string) => `${userId ?? 'system'}:${kind}`;
  const accounts = new Map(locked.map((a) => [keyOf(a.user_id, a.kind), a]));

  const balances = new Map(locked.map((a) => [a.id, a.balance]));
  const deltas = new Map<number, number>();
  const rows: { accountId: number; amount: number; balanceAfter: number }[] = [];
  for (const { account, amount } of entries) {
    const key =
      'system' in account ? keyOf(null, account.system) : keyOf(account.userId, account.kind);
    const row = accounts.get(key);
    if (!row) throw new Error(`ledger account ${key} does not exist`);
    const after = (balances.get(row.id) ?? 0) + amount;
    if (row.user_id !== null && after < 0) throw insufficientFunds();
    balances.set(row.id, after);
    deltas.set(row.id, (deltas.get(row.id) ?? 0) + amount);
    rows.push({ accountId: row.id, amount, balanceAfter: after });
  }
  await applyEntries(tx, transactionId, rows, deltas);
  return {
    transactionId,
    duplicate: false,
    userIds: [...byUser.keys()],
    balances: locked.map((a) => ({
      userId: a.user_id,
      kind: a.kind,
      balance: balances.get(a.id) ?? a.balance,
    })),
  };
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
