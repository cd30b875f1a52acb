import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER } from '../../src/modules/accounts/accounts.seed';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await t.close();
});

it('seeds a verified demo user who can log in with the username or a local phone form', async () => {
  for (const name of [DEMO_USER.username, '0700000001']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/core/login3',
      payload: { UnspecifiedUsername: ` ${name} `, UserPassword: DEMO_USER.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      hasErrors: false,
      isVerified: true,
      name: 'demo',
      balanceDisplay: 'KSh 5,000.00',
      freebetBalanceDisplay: 'KSh 100.00',
    });
  }
});
