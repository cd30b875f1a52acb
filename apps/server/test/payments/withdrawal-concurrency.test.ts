import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { getBalances } from '../../src/modules/wallet/wallet.service';
import { createSignedInUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectLedgerBalanced, fundUser } from '../wallet/ledger-assertions';
import { eventually, phoneEnding, recordPlayedRound } from './payments-test-kit';

let t: TestApp;
beforeAll(async () => {
  // No 15-minute spacing here, so the balance alone must stop the racing requests.
  t = await createTestApp({
    DARAJA_SANDBOX_DELAY_MS: '40',
    PAYMENTS_RECONCILE_INTERVAL_MS: '0',
    WITHDRAWAL_MIN_INTERVAL_MS: '0',
    WITHDRAWAL_MAX_PER_24H: '4',
  });
  await t.listen();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerBalanced(t.deps.db);
});

it('never overdraws under 20 concurrent withdrawals, and enforces the 24-hour count', async () => {
  const phone = phoneEnding('0000');
  const { user, cookies } = await createSignedInUser(t.deps.db, { phone });
  await fundUser(t.deps.db, user.id, 10_000);
  await recordPlayedRound(t, user.id);
  const withdraw = (amount: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/withdrawal/',
      cookies,
      payload: { PhoneNumber: phone, Amount: amount },
    });

  const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(30)));
  const statuses = results.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === 204)).toHaveLength(3);
  expect(statuses.filter((s) => s === 409)).toHaveLength(17);
  const b = await getBalances(t.deps.db, user.id);
  expect(b.cash).toBe(1_000);
  expect(b.cash + b.reserved).toBeLessThanOrEqual(10_000);

  await eventually(async () => {
    const rows = await t.deps.db
      .selectFrom('payments')
      .select('status')
      .where('user_id', '=', user.id)
      .execute();
    return rows.length === 3 && rows.every((r) => r.status === 'completed');
  });
  expect((await getBalances(t.deps.db, user.id)).reserved).toBe(0);

  const count = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/validation/get-withdrawal-number-data-for-user-for-period',
        cookies,
        payload: { BBSiteId: 2, PhoneNumber: phone },
      })
    ).json();
  expect(await count()).toEqual({
    isDisableWithdrawButton: false,
    withdrawalsInPeriod: 3,
    maxWithdrawalsInPeriod: 4,
  });
  expect((await withdraw(10)).statusCode).toBe(204);
  expect((await count()).isDisableWithdrawButton).toBe(true);
  await fundUser(t.deps.db, user.id, 5_000);
  const fifth = await withdraw(10);
  expect(fifth.statusCode).toBe(429);
  expect(fifth.json().datasource_entries[0].dimension_value).toBe(
    'You have reached maximum number of withdrawals for 24 hours.',
  );
  await eventually(async () => (await getBalances(t.deps.db, user.id)).reserved === 0);
});
