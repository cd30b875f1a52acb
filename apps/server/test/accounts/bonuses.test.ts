import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER } from '../../src/modules/accounts/accounts.seed';
import { createSignedInUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sessionCookie } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await t.close();
});

it("lists the demo user's free bet from the wallet and nothing for a new user", async () => {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/core/login3',
    payload: { UnspecifiedUsername: DEMO_USER.username, UserPassword: DEMO_USER.password },
  });
  const demo = await t.app.inject({
    method: 'GET',
    url: '/api/core/customer/bonus/2/ke/en',
    cookies: { authBB: sessionCookie(login) },
  });
  expect(demo.statusCode).toBe(200);
  expect(demo.json()).toEqual({
    cmsStatusMsg: { hasErrors: false, datasource_entries: [] },
    bonuses: [{ type: 'freebet', amount: 100, amountDisplay: 'KSh 100.00' }],
  });

  const fresh = await createSignedInUser(t.deps.db);
  const none = await t.app.inject({
    method: 'GET',
    url: '/api/core/customer/bonus/2/ke/en',
    cookies: fresh.cookies,
  });
  expect(none.json().bonuses).toEqual([]);
  const anonymous = await t.app.inject({ method: 'GET', url: '/api/core/customer/bonus/2/ke/en' });
  expect(anonymous.statusCode).toBe(401);
});
