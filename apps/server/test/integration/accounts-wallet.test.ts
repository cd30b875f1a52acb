import { afterAll, beforeAll, expect, it } from 'vitest';
import { cents } from '@dau/domain/money';
import { createSession } from '../../src/modules/accounts/session.service';
import { startLimit } from '../../src/modules/accounts/responsible-gambling.service';
import { postTransaction } from '../../src/modules/wallet/ledger.service';
import { createSignedInUser, createUser, TEST_PASSWORD } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('login3 answers the wallet balances of the account', async () => {
  const user = await createUser(t.deps.db, { username: 'balance_user' });
  await t.deps.db.transaction().execute((tx) =>
    postTransaction(tx, {
      kind: 'adjustment',
      idempotencyKey: `test-credit-${user.id}`,
      entries: [
        { account: { userId: user.id, kind: 'cash' }, amount: cents(123_45) },
        { account: { system: 'house' }, amount: cents(-123_45) },
      ],
    }),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/core/login3',
    payload: { UnspecifiedUsername: 'balance_user', UserPassword: TEST_PASSWORD, siteid: 2 },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ hasErrors: false, balanceDisplay: 'KSh 123.45' });
});

it('refuses deposits during a break even from a session that outlived it', async () => {
  const { user } = await createSignedInUser(t.deps.db);
  await startLimit(t.deps.db, user.id, '24h', t.deps.now());
  // Starting a break ends every session; the payments guard holds even if one slipped through.
  const { token } = await createSession(t.deps.db, user.id, { now: t.deps.now() });
  const cookies = { authBB: token };
  const deposit = await t.app.inject({
    method: 'POST',
    url: '/api/payments/deposit/',
    cookies,
    payload: { PhoneNumber: user.phone, Amount: 100, SiteId: 2, CurrencyCode: 'KES' },
  });
  expect(deposit.statusCode).toBe(403);
  expect(deposit.json().datasource_entries[0].dimension_value).toMatch(/taking a break/);
});
