import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { getBalances } from '../../src/modules/wallet/wallet.service';
import { preMatchEvents, selectionAt } from '../betting/betting-kit';
import { TEST_PASSWORD, createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectLedgerBalanced, fundUser } from '../wallet/ledger-assertions';
import { eventually, phoneEnding } from './payments-test-kit';

/**
 * Decision 031: a user on a break or self-excluded can still sign in to take their money out
 * and see their transactions; bets and deposits (STK and paybill) stay refused.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    DARAJA_SANDBOX_DELAY_MS: '20',
    PAYMENTS_RECONCILE_INTERVAL_MS: '0',
    FEED_FIXTURES_PER_TOURNAMENT: '2',
  });
  await t.listen();
  await t.deps.feed.connect();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerBalanced(t.deps.db);
});

const post = (url: string, authBB: string, payload: object) =>
  t.app.inject({ method: 'POST', url, cookies: { authBB }, payload });

async function login(phone: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/core/login3',
    payload: { UnspecifiedUsername: phone, UserPassword: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json().tokenString as string;
}

it('lets a self-excluded user log in and withdraw, and refuses their bets and deposits', async () => {
  const phone = phoneEnding('0000');
  const user = await createUser(t.deps.db, { phone, username: `rg${phone.slice(-8)}` });
  await fundUser(t.deps.db, user.id, 40_000);
  const first = await login(phone);
  // Before the limit the user has bet (so the eligibility check passes).
  const [eventId] = await preMatchEvents(t);
  const bet = await post('/api/core/betslip/PlaceBet', first, {
    siteId: 2,
    betType: 'single',
    stake: 50,
    acceptOddsChanges: 'any',
    idempotencyKey: `rg-before-${user.id}`,
    selections: [await selectionAt(t, eventId!)],
  });
  expect(bet.statusCode, bet.body).toBe(200);

  const excluded = await post('/api/core/customer/responsible-gambling', first, {
    period: '6m',
    confirm: true,
  });
  expect(excluded.statusCode).toBe(200);
  expect((await post('/api/core/customer/isLoggedIn', first, {})).json().isLoggedIn).toBe(false);

  const token = await login(phone);
  const refusal =
    /^You have excluded yourself from betting until .*you can still log in to withdraw/;

  const deposit = await post('/api/payments/deposit/', token, { PhoneNumber: phone, Amount: 100 });
  expect(deposit.statusCode).toBe(403);
  expect(deposit.json().datasource_entries[0].dimension_value).toMatch(refusal);

  const again = await post('/api/core/betslip/PlaceBet', token, {
    siteId: 2,
    betType: 'single',
    stake: 50,
    acceptOddsChanges: 'any',
    idempotencyKey: `rg-during-${user.id}`,
    selections: [await selectionAt(t, eventId!)],
  });
  expect(again.statusCode).toBe(403);
  expect(again.json().datasource_entries[0].dimension_value).toMatch(refusal);

  // Paybill: M-Pesa is told to give the money back.
  const validation = await fetch(t.app.payments.callbackUrl('c2b-validation'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      TransactionType: 'Pay Bill',
      TransID: `RG${Date.now()}`.slice(0, 10),
      TransAmount: '100.00',
      BillRefNumber: user.username,
    }),
  });
  expect(await validation.json()).toEqual({ ResultCode: 'C2B00012', ResultDesc: 'Rejected' });

  // The money: eligibility, withdrawal and the transactions list all work.
  const eligible = await post(
    '/api/core/BetSlip/CheckIfUserCanWithdrawBalanceUsingSportsbook?timeOffset=180',
    token,
    { siteId: 2, minBetsCount: 1 },
  );
  expect(eligible.json().fetchedObject).toBe(true);
  const withdrawal = await post('/api/payments/withdrawal/', token, {
    PhoneNumber: phone,
    Amount: 300,
    SiteId: 2,
  });
  expect(withdrawal.statusCode).toBe(204);
  await eventually(async () => {
    const row = await t.deps.db
      .selectFrom('payments')
      .select('status')
      .where('user_id', '=', user.id)
      .where('direction', '=', 'withdrawal')
      .executeTakeFirst();
    return row?.status === 'completed';
  });
  expect(await getBalances(t.deps.db, user.id)).toMatchObject({ cash: 5_000, reserved: 0 });
  const transactions = await t.app.inject({
    method: 'GET',
    url: '/api/core/customer/transactions',
    cookies: { authBB: token },
  });
  expect(transactions.statusCode).toBe(200);
  expect(transactions.body).toContain('withdrawal');
});
