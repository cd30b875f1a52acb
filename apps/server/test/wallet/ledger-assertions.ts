import { expect } from 'vitest';
import type { Db } from '../../src/db/database';
import { checkLedger, postTransaction } from '../../src/modules/wallet/ledger.service';

/** Used in `afterEach` of every wallet and payments test file: the ledger must always hold. */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  const result = await checkLedger(db);
  expect(result.problems).toEqual([]);
  expect(result.ok).toBe(true);
}

/** Gives a user cash from the house (test setup), as an ordinary ledger transaction. */
export async function fundUser(
  db: Db,
  userId: number,
  amountCents: number,
  kind: 'cash' | 'bonus' | 'free_bet' = 'cash',
): Promise<void> {
  await db.transaction().execute((tx) =>
    postTransaction(tx, {
      kind: 'grant_test',
      idempotencyKey: null,
      userId,
      entries: [
        { account: { userId, kind }, amount: amountCents },
        { account: { system: 'house' }, amount: -amountCents },
      ],
    }),
  );
}
