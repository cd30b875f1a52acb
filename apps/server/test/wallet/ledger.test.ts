import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo-data';
import { AppError } from '../../src/errors/app-error';
import {
  checkLedger,
  isInsufficientFunds,
  postTransaction,
} from '../../src/modules/wallet/ledger.service';
import { getBalances } from '../../src/modules/wallet/wallet.service';
import { createSignedInUser, createUser } from '../helpers/factories';
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

describe('postTransaction', () => {
  it('moves money between accounts and records running balances', async () => {
    const user = await createUser(t.deps.db);
    await fundUser(t.deps.db, user.id, 10_000);
    const posted = await t.deps.db.transaction().execute((tx) =>
      postTransaction(tx, {
        kind: 'bet_stake',
        idempotencyKey: `bet:${user.id}:1`,
        userId: user.id,
        entries: [
          { account: { userId: user.id, kind: 'cash' }, amount: -2_550 },
          { account: { system: 'bets_in_play' }, amount: 2_550 },
        ],
      }),
    );
    expect(posted.duplicate).toBe(false);
    expect(posted.userIds).toEqual([user.id]);
    const balances = await getBalances(t.deps.db, user.id);
    expect(balances.cash).toBe(7_450);
    const entries = await t.deps.db
      .selectFrom('ledger_entries')
      .select(['amount', 'balance_after'])
      .where('transaction_id', '=', posted.transactionId)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { amount: -2_550, balance_after: 7_450 },
      { amount: 2_550, balance_after: expect.any(Number) },
    ]);
  });

  it('changes nothing for a repeated idempotency key', async () => {
    const user = await createUser(t.deps.db);
    const post = () =>
      t.deps.db.transaction().execute((tx) =>
        postTransaction(tx, {
          kind: 'deposit',
          idempotencyKey: `test:dup:${user.id}`,
          userId: user.id,
          entries: [
            { account: { userId: user.id, kind: 'cash' }, amount: 1_000 },
            { account: { system: 'payments_clearing' }, amount: -1_000 },
          ],
        }),
      );
    const first = await post();
    const second = await post();
    expect(second.duplicate).toBe(true);
    expect(second.transactionId).toBe(first.transactionId);
    expect((await getBalances(t.deps.db, user.id)).cash).toBe(1_000);
  });

  it('refuses to take a user below zero and leaves everything as it was', async () => {
    const user = await createUser(t.deps.db);
    await fundUser(t.deps.db, user.id, 500);
    const attempt = t.deps.db.transaction().execute((tx) =>
      postTransaction(tx, {
        kind: 'bet_stake',
        idempotencyKey: null,
        userId: user.id,
        entries: [
          { account: { userId: user.id, kind: 'cash' }, amount: -501 },
          { account: { system: 'bets_in_play' }, amount: 501 },
        ],
      }),
    );
    const error = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(isInsufficientFunds(error)).toBe(true);
    expect((await getBalances(t.deps.db, user.id)).cash).toBe(500);
  });

  it('refuses unbalanced or empty amounts in code', async () => {
    const user = await createUser(t.deps.db);
    await expect(
      t.deps.db.transaction().execute((tx) =>
        postTransaction(tx, {
          kind: 'broken',
          idempotencyKey: null,
          entries: [
            { account: { userId: user.id, kind: 'cash' }, amount: 100 },
            { account: { system: 'house' }, amount: -99 },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(
      t.deps.db.transaction().execute((tx) =>
        postTransaction(tx, {
          kind: 'broken',
          idempotencyKey: null,
          entries: [
            { account: { userId: user.id, kind: 'cash' }, amount: 0.5 },
            { account: { system: 'house' }, amount: -0.5 },
          ],
        }),
      ),
    ).rejects.toThrow(/integer cents/);
  });

  it('never overdraws under 20 concurrent debits', async () => {
    const user = await createUser(t.deps.db);
    await fundUser(t.deps.db, user.id, 10_000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        t.deps.db.transaction().execute((tx) =>
          postTransaction(tx, {
            kind: 'bet_stake',
            idempotencyKey: `race:${user.id}:${i}`,
            userId: user.id,
            entries: [
              { account: { userId: user.id, kind: 'cash' }, amount: -3_000 },
              { account: { system: 'bets_in_play' }, amount: 3_000 },
            ],
          }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(3);
    expect(refused.every((r) => isInsufficientFunds(r.reason))).toBe(true);
    expect((await getBalances(t.deps.db, user.id)).cash).toBe(1_000);
  });
});

describe('database guards', () => {
  it('refuses a negative user balance with a CHECK constraint', async () => {
    const user = await createUser(t.deps.db);
    await fundUser(t.deps.db, user.id, 100);
    await expect(
      sql`update ledger_accounts set balance = -1 where user_id = ${user.id} and kind = 'cash'`.execute(
        t.deps.db,
      ),
    ).rejects.toThrow(/ledger_accounts_user_balance_non_negative/);
  });

  it('refuses to commit a transaction whose entries do not sum to zero', async () => {
    const user = await createUser(t.deps.db);
    await fundUser(t.deps.db, user.id, 100);
    const before = await checkLedger(t.deps.db);
    await expect(
      t.deps.db.transaction().execute(async (tx) => {
        const { id } = await tx
          .insertInto('ledger_transactions')
          .values({ kind: 'forged', idempotency_key: null, user_id: user.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        const account = await tx
          .selectFrom('ledger_accounts')
          .select('id')
          .where('user_id', '=', user.id)
          .where('kind', '=', 'cash')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('ledger_entries')
          .values({ transaction_id: id, account_id: account.id, amount: 100, balance_after: 200 })
          .execute();
      }),
    ).rejects.toThrow(/does not balance/);
    expect((await checkLedger(t.deps.db)).transactions).toBe(before.transactions);
  });

  it('checkLedger reports drift between a balance and its entries', async () => {
    const user = await createUser(t.deps.db);
    await fundUser(t.deps.db, user.id, 100);
    await sql`update ledger_accounts set balance = balance + 1 where user_id = ${user.id} and kind = 'cash'`.execute(
      t.deps.db,
    );
    const result = await checkLedger(t.deps.db);
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toMatch(/entries sum to 100/);
    await sql`update ledger_accounts set balance = balance - 1 where user_id = ${user.id} and kind = 'cash'`.execute(
      t.deps.db,
    );
  });
});

describe('balances over HTTP', () => {
  it('answers getbalance with amounts, displays, the balance cookie and a bbJWT', async () => {
    const { user, cookies } = await createSignedInUser(t.deps.db);
    await fundUser(t.deps.db, user.id, 123_450);
    await fundUser(t.deps.db, user.id, 5_000, 'free_bet');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/getbalance',
      cookies,
      payload: { siteid: 2, country: 'ke', lang: 'en' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cmsStatusMsg).toMatchObject({
      hasErrors: false,
      balance: 1234.5,
      freebetbalance: 50,
      bonusbalance: 0,
      totalbalance: 1284.5,
      bonusreserved: 0,
      balanceDisplay: 'KSh 1,234.50',
      lowBalance: false,
    });
    expect(body.bbJWT.split('.')).toHaveLength(3);
    const payload = JSON.parse(Buffer.from(body.bbJWT.split('.')[1], 'base64url').toString());
    expect(payload.sub).toBe(user.external_id);
    const cookie = res.cookies.find((c) => c.name === 'dau_balance');
    expect(cookie?.maxAge).toBe(21_600);
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}'))).toEqual({
      balance: 1234.5,
      freebetbalance: 50,
      totalbalance: 1284.5,
    });
  });

  it('flags a cash balance below deposit_min_bal_notify', async () => {
    const { user, cookies } = await createSignedInUser(t.deps.db);
    await fundUser(t.deps.db, user.id, 99);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/getbalance',
      cookies,
    });
    expect(res.json().cmsStatusMsg.lowBalance).toBe(true);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/core/customer/getbalance' });
    expect(res.statusCode).toBe(401);
    expect(res.json().hasErrors).toBe(true);
  });

  it('exposes the ledger check to operators in sandbox mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/ledger-check' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, problems: [] });
  });
});

describe('demo seed', () => {
  it('gives the demo user KSh 5,000 cash and KSh 100 free bet once, however often it runs', async () => {
    await seedDemoData(t.deps);
    await seedDemoData(t.deps);
    const demo = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    const b = await getBalances(t.deps.db, demo.id);
    expect(b.cash).toBe(500_000);
    expect(b.freeBet).toBe(10_000);
  });
});

describe('transactions list', () => {
  it("lists only the user's own lines with running balance, filtered and paged", async () => {
    const alice = await createSignedInUser(t.deps.db);
    const bob = await createSignedInUser(t.deps.db);
    await fundUser(t.deps.db, alice.user.id, 1_000);
    await fundUser(t.deps.db, alice.user.id, 2_000);
    await fundUser(t.deps.db, bob.user.id, 9_900);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/transactions?page=1&pageSize=1',
      cookies: alice.cookies,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items).toEqual([
      expect.objectContaining({ amount: 20, runningBalance: 30, status: 'completed' }),
    ]);
    const bets = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/transactions?type=bet',
      cookies: alice.cookies,
    });
    expect(bets.json().total).toBe(0);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/transactions?type=nonsense',
      cookies: alice.cookies,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('names a settled win or a cash-out a win, not a bet placed (issue #16)', async () => {
    const carol = await createSignedInUser(t.deps.db);
    await fundUser(t.deps.db, carol.user.id, 5_000);
    const move = (kind: string, amount: number) =>
      t.deps.db.transaction().execute((tx) =>
        postTransaction(tx, {
          kind,
          idempotencyKey: null,
          userId: carol.user.id,
          entries: [
            { account: { userId: carol.user.id, kind: 'cash' }, amount },
            { account: { system: 'house' }, amount: -amount },
          ],
        }),
      );
    await move('bet_stake', -1_000);
    await move('bet_settlement', 2_909);
    await move('bet_cashout', 700);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/transactions?pageSize=10',
      cookies: carol.cookies,
    });
    const types = (res.json().items as { type: string; amount: number }[]).map((i) => [
      i.type,
      i.amount,
    ]);
    expect(types).toEqual(
      expect.arrayContaining([
        ['bet', -10],
        ['win', 29.09],
        ['win', 7],
      ]),
    );
  });
});
