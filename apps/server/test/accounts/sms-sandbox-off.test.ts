import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX: 'false' });
});
afterAll(async () => {
  await t.close();
});

it('refuses the SMS outbox with the 403 envelope when SANDBOX is off', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/sandbox/sms/outbox' });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({
    hasErrors: true,
    datasource_entries: [{ value: 'FORBIDDEN' }],
  });
});

it('refuses to start a registration it cannot text a code for, without a 500', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/core/register/start',
    payload: {
      phone: '0712999888',
      password: 'Nairobi#2026',
      acceptTerms: true,
      confirmMinimumAge: true,
    },
  });
  expect(res.statusCode).toBe(503);
});
