import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorEnvelope } from '@dau/contracts/errors';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import { freshIp, sessionCookie } from '../accounts/helpers';

const HOUR = 3_600_000;
let clock = new Date('2026-11-01T08:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});

function login3(username: string, password = TEST_PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/core/login3',
    remoteAddress: freshIp(),
    payload: { UnspecifiedUsername: username, UserPassword: password, siteid: 2 },
  });
}

const profile = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/core/customer/v2/getSettings',
    cookies: { authBB: token },
  });

async function signedIn(): Promise<string> {
  const user = await createUser(t.deps.db);
  const res = await login3(user.phone);
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res);
}

describe('logout (issue #17 finding 6)', () => {
  it('answers a GET with 405 in the envelope and leaves the session alone', async () => {
    const token = await signedIn();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/core/auth/logout',
      cookies: { authBB: token },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(isErrorEnvelope(res.json())).toBe(true);
    expect(res.json().datasource_entries[0].value).toBe('METHOD_NOT_ALLOWED');
    expect(res.cookies).toEqual([]);
    expect((await profile(token)).statusCode).toBe(200);
  });

  it('logs out by POST without a body, revokes the session and clears every sign-in cookie', async () => {
    const token = await signedIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/core/auth/logout',
      cookies: { authBB: token, dau_balance: '{"balance":1}', dau_signed_in: '1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ hasErrors: false, loggedOut: true });
    const cleared = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    for (const name of ['authBB', 'dau_signed_in', 'dau_balance']) {
      expect(cleared[name]?.value, name).toBe('');
      expect(new Date(cleared[name]!.expires!).getTime()).toBeLessThan(Date.now());
    }
    expect((await profile(token)).statusCode).toBe(401);
  });
});

describe('idle timeout beside the 30-day one (issue #17 finding 6)', () => {
  it('ends a session unused for longer than SESSION_IDLE_HOURS (7 days)', async () => {
    const idle = await signedIn();
    const used = await signedIn();
    const start = clock;
    // Used every 6 days, a session lives on; untouched for 7 days and a minute, it ends.
    for (const days of [3, 6]) {
      clock = new Date(start.getTime() + days * 24 * HOUR);
      expect((await profile(used)).statusCode).toBe(200);
    }
    clock = new Date(start.getTime() + 7 * 24 * HOUR + 60_000);
    expect((await profile(idle)).statusCode).toBe(401);
    expect((await profile(used)).statusCode).toBe(200);
    const stillIn = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/isLoggedIn',
      cookies: { authBB: idle },
      payload: { siteid: 2 },
    });
    expect(stillIn.json()).toEqual({ isLoggedIn: false });
    // Used every few days, it still ends 30 days after login.
    for (let day = 12; day < 30; day += 5) {
      clock = new Date(start.getTime() + day * 24 * HOUR);
      expect((await profile(used)).statusCode).toBe(200);
    }
    clock = new Date(start.getTime() + 30 * 24 * HOUR + 60_000);
    expect((await profile(used)).statusCode).toBe(401);
  });
});

describe('SMS resend limit (issue #17 finding 6)', () => {
  it('is not reset by logging in to the account under registration', async () => {
    const phone = '0733111222';
    const password = 'Nairobi#2026';
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/core/register/start',
      payload: { phone, password, acceptTerms: true, confirmMinimumAge: true },
    });
    expect(started.statusCode, started.body).toBe(200);
    const login = await login3(phone, password);
    expect(login.json()).toMatchObject({ isUnderRegistration: true });
    const { sid } = login.json();
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/core/register/resend',
      payload: { sid },
    });
    expect(resend.statusCode, resend.body).toBe(429);
    expect(resend.json().datasource_entries[0].value).toBe('OTP_RESEND_TOO_SOON');
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/core/register/status?sid=${encodeURIComponent(sid)}`,
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().resendAvailableInSeconds).toBeGreaterThan(0);
    // A minute later the code can be sent again.
    clock = new Date(clock.getTime() + 61_000);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/core/register/resend',
      payload: { sid },
    });
    expect(later.statusCode, later.body).toBe(200);
  });
});

describe('/api/docs (issue #17 finding 6)', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://dau.example',
    PAYMENTS_CALLBACK_TOKEN: 'callback-token-0123456789',
    BB_JWT_SECRET: 'a'.repeat(40),
    SMS_PROVIDER: 'africastalking',
    AFRICASTALKING_USERNAME: 'dau',
    AFRICASTALKING_API_KEY: 'key',
    DARAJA_BASE_URL: 'https://api.safaricom.co.ke',
    DARAJA_CONSUMER_KEY: 'key',
    DARAJA_CONSUMER_SECRET: 'secret',
    DARAJA_PASSKEY: 'passkey',
    DARAJA_SECURITY_CREDENTIAL: 'credential',
    FEED_MODE: 'off',
  };

  it('is off in production unless API_DOCS is set', async () => {
    const off = await createTestApp(production);
    try {
      for (const url of ['/api/docs', '/api/docs/json']) {
        const res = await off.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(isErrorEnvelope(res.json())).toBe(true);
      }
    } finally {
      await off.close();
    }
    const on = await createTestApp({ ...production, API_DOCS: 'true' });
    try {
      const res = await on.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(res.json().openapi).toMatch(/^3\./);
    } finally {
      await on.close();
    }
    // Outside production it is on by default (the test app).
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});
