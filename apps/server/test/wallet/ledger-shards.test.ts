import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postTransaction } from '../../src/modules/wallet/ledger.service';
import { getBalances } from '../../src/modules/wallet/wallet.service';
import { createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectLedgerBalanced, fundUser } from './ledger-assertions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerBalanced(t.deps.db);
});

describe('the house in shards (decision 200)', () => {
  const shardsOf = (kind: 'house' | 'bets_in_play' | 'tax_payable') =>
    t.deps.db
      .selectFrom('ledger_accounts')
      .select(['shard', 'balance'])
      .where('user_id', 'is', null)
      .where('kind', '=', kind)
      .orderBy('shard')
      .execute();

  it('has 16 rows per busy house account and one for the others', async () => {
    for (const kind of ['house', 'bets_in_play', 'tax_payable'] as const) {
      expect((await shardsOf(kind)).map((r) => r.shard)).toEqual([...Array(16).keys()]);
    }
    const single = await t.deps.db
      .selectFrom('ledger_accounts')
      .select(['kind', 'shard'])
      .where('user_id', 'is', null)
      .where('kind', 'in', ['payments_clearing', 'jackpot_pool'])
      .execute();
    expect(single.map((r) => r.shard)).toEqual([0, 0]);
  });

  it('spreads concurrent postings over the shards; their sum is the house position', async () => {
    const total = async () => (await shardsOf('bets_in_play')).reduce((a, r) => a + r.balance, 0);
    const before = await shardsOf('bets_in_play');
    const sum0 = await total();
    const players = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser(t.deps.db)));
    for (const p of players) await fundUser(t.deps.db, p.id, 10_00);
    await Promise.all(
      players.flatMap((p) =>
        [0, 1, 2, 3, 4, 5].map((i) =>
          t.deps.db.transaction().execute((tx) =>
            postTransaction(tx, {
              kind: 'bet_stake',
              idempotencyKey: `shards:${p.id}:${i}`,
              userId: p.id,
              entries: [
                { account: { userId: p.id, kind: 'cash' }, amount: -1_00 },
                { account: { system: 'bets_in_play' }, amount: 1_00 },
              ],
            }),
          ),
        ),
      ),
    );
    expect((await total()) - sum0).toBe(36 * 1_00);
    const after = await shardsOf('bets_in_play');
    const moved = after.filter((r, i) => r.balance !== before[i]?.balance);
    // 36 postings on one shard out of 16 by chance: 16^-35.
    expect(moved.length).toBeGreaterThan(1);
    for (const p of players) expect((await getBalances(t.deps.db, p.id)).cash).toBe(4_00);
  });

  it('books every posting of one database transaction on the same shard', async () => {
    const user = await createUser(t.deps.db);
    await fundUser(t.deps.db, user.id, 10_00);
    const before = await shardsOf('bets_in_play');
    await t.deps.db.transaction().execute(async (tx) => {
      for (const i of [0, 1, 2, 3, 4, 5]) {
        await postTransaction(tx, {
          kind: 'bet_stake',
          idempotencyKey: `shards:one-tx:${user.id}:${i}`,
          userId: user.id,
          entries: [
            { account: { userId: user.id, kind: 'cash' }, amount: -1_00 },
            { account: { system: 'bets_in_play' }, amount: 1_00 },
          ],
        });
      }
    });
    const after = await shardsOf('bets_in_play');
    const moved = after.filter((r, i) => r.balance !== before[i]?.balance);
    // Drawn per posting, six postings would land on one shard by chance 16^-5 of the time.
    expect(moved).toHaveLength(1);
    expect(moved[0]!.balance - before[moved[0]!.shard]!.balance).toBe(6_00);
  });

  it('answers a repeated key with the first id even when the repeat would overdraw', async () => {
    const user = await createUser(t.deps.db);
    await fundUser(t.deps.db, user.id, 3_00);
    const post = () =>
      t.deps.db.transaction().execute((tx) =>
        postTransaction(tx, {
          kind: 'bet_stake',
          idempotencyKey: `shards:again:${user.id}`,
          userId: user.id,
          entries: [
            { account: { userId: user.id, kind: 'cash' }, amount: -2_00 },
            { account: { system: 'house' }, amount: 2_00 },
          ],
        }),
      );
    const first = await post();
    expect(first.balances).toContainEqual({ userId: user.id, kind: 'cash', balance: 1_00 });
    const again = await post();
    expect(again).toMatchObject({ duplicate: true, transactionId: first.transactionId });
    expect((await getBalances(t.deps.db, user.id)).cash).toBe(1_00);
  });
});
