import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOCK_MS, MAX_LOCK_MS, lockDuration } from '../../src/modules/accounts/login.service';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { freshIp } from './helpers';

let t: TestApp;
let clock = new Date('2026-11-21T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});

function login3(username: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/core/login3',
    remoteAddress: freshIp(),
    payload: { UnspecifiedUsername: username, UserPassword: password },
  });
}

describe('lock-out', () => {
  it('grows with each failure after the limit but never beyond an hour', () => {
    expect(lockDuration(5, 5)).toBe(FIRST_LOCK_MS);
    expect(lockDuration(6, 5)).toBe(2 * FIRST_LOCK_MS);
    expect(lockDuration(7, 5)).toBe(4 * FIRST_LOCK_MS);
    expect(lockDuration(50, 5)).toBe(MAX_LOCK_MS);
  });

  it('ends by itself: the owner logs in once the lock has passed, and success resets it', async () => {
    const user = await createUser(t.deps.db);
    for (let i = 0; i < 5; i += 1) {
      expect((await login3(user.phone, 'Wrong#pass1')).statusCode).toBe(401);
    }
    expect((await login3(user.phone, TEST_PASSWORD)).statusCode).toBe(429);
    clock = new Date(clock.getTime() + FIRST_LOCK_MS + 1000);
    // One more failure after the first lock doubles the next one.
    expect((await login3(user.phone, 'Wrong#pass1')).statusCode).toBe(401);
    const locked = await login3(user.phone, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().datasource_entries[0].dimension_value).toContain('wait 2 minutes');
    clock = new Date(clock.getTime() + 2 * FIRST_LOCK_MS + 1000);
    expect((await login3(user.phone, TEST_PASSWORD)).statusCode).toBe(200);
    // The success cleared the account's count: a single failure does not lock again.
    expect((await login3(user.phone, 'Wrong#pass1')).statusCode).toBe(401);
    expect((await login3(user.phone, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

it('documents the accounts API in OpenAPI', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = Object.keys(res.json().paths as Record<string, unknown>);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/api/core/login3',
      '/api/core/customer/isLoggedIn',
      '/api/core/auth/logout',
      '/api/core/register/start',
      '/api/core/register/verify',
      '/api/core/register/details',
      '/api/core/forgotten-password',
      '/api/core/reset-password',
      '/api/core/customer/profile/{siteId}/{country}/{lang}',
      '/api/core/customer/v2/getSettings',
      '/api/core/customer/responsible-gambling',
      '/api/sandbox/sms/outbox',
      '/feature/store',
    ]),
  );
});
