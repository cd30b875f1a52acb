import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORT_WINDOW_MS } from '../../src/modules/accounts/login-throttle';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { freshIp, lastSms } from './helpers';

/**
 * Login throttling (issue #17 finding 1, decision 120): per account and per network, counted
 * atomically before the password is checked, in windows that never grow, with the owner's own
 * browser (or a reset) always able to get in.
 */
let t: TestApp;
let clock = new Date('2026-11-21T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' }, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const WRONG = 'Wrong#pass1';

function login3(
  username: string,
  password: string,
  options: { ip?: string; device?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/core/login3',
    remoteAddress: options.ip ?? freshIp(),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.device ? { cookies: { dau_device: options.device } } : {}),
    payload: { UnspecifiedUsername: username, UserPassword: password },
  });
}

function deviceOf(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === 'dau_device');
  if (!cookie) throw new Error('no dau_device cookie');
  return cookie.value;
}

async function statuses(n: number, attempt: () => Promise<{ statusCode: number }>) {
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) out.push((await attempt()).statusCode);
  return out;
}

function later(ms: number) {
  clock = new Date(clock.getTime() + ms);
}

describe('per account', () => {
  it('ends with its window and never re-locks on a single failure afterwards', async () => {
    const user = await createUser(t.deps.db);
    expect(await statuses(6, () => login3(user.phone, WRONG))).toEqual([
      401, 401, 401, 401, 401, 429,
    ]);
    const locked = await login3(user.phone, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().datasource_entries[0]).toMatchObject({ value: 'LOGIN_LOCKED' });
    expect(locked.json().datasource_entries[0].dimension_value).toMatch(/wait 15 minutes/);
    later(SHORT_WINDOW_MS + 1000);
    // A new window: one wrong attempt is just a wrong attempt, not a doubled lock.
    expect((await login3(user.phone, WRONG)).statusCode).toBe(401);
    expect((await login3(user.phone, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts every identifier of the account together', async () => {
    const user = await createUser(t.deps.db, { username: `owner${Date.now() % 1e6}` });
    await statuses(5, () => login3(user.phone, WRONG));
    // The username, and the phone in its local format, are the same account.
    expect((await login3(user.username!, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await login3(`0${user.phone.slice(4)}`, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('refuses a concurrent burst past the limit without checking it (atomic count)', async () => {
    const user = await createUser(t.deps.db);
    const answers = await Promise.all(Array.from({ length: 25 }, () => login3(user.phone, WRONG)));
    const count = (code: number) => answers.filter((r) => r.statusCode === code).length;
    expect({ 401: count(401), 429: count(429) }).toEqual({ 401: 5, 429: 20 });
  });

  it('caps a day at four windows, so PIN guessing is bounded at 20 a day', async () => {
    const user = await createUser(t.deps.db);
    for (let w = 0; w < 4; w += 1) {
      expect(await statuses(5, () => login3(user.phone, WRONG))).toEqual([401, 401, 401, 401, 401]);
      later(SHORT_WINDOW_MS + 1000);
    }
    const capped = await login3(user.phone, WRONG);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().datasource_entries[0].dimension_value).toMatch(/wait \d{3,4} minutes/);
    later(24 * 60 * 60_000);
    expect((await login3(user.phone, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the owner always gets in', () => {
  it('from a browser the account signed in from, while a stranger keeps it locked', async () => {
    const user = await createUser(t.deps.db);
    const first = await login3(user.phone, TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    // The stranger sends wrong PINs every window, for hours.
    for (let hour = 0; hour < 3; hour += 1) {
      await statuses(6, () => login3(user.phone, WRONG));
      expect((await login3(user.phone, TEST_PASSWORD)).statusCode).toBe(429);
      const owner = await login3(user.phone, TEST_PASSWORD, { device });
      expect(owner.statusCode).toBe(200);
      // A known browser keeps its token; no new one is handed out.
      expect(owner.cookies.find((c) => c.name === 'dau_device')).toBeUndefined();
      later(SHORT_WINDOW_MS + 1000);
    }
  });

  it("a device token of another account does not lift this account's lock", async () => {
    const mine = await createUser(t.deps.db);
    const victim = await createUser(t.deps.db);
    const device = deviceOf(await login3(mine.phone, TEST_PASSWORD));
    await statuses(5, () => login3(victim.phone, WRONG));
    expect((await login3(victim.phone, WRONG, { device })).statusCode).toBe(429);
  });

  it('after a password reset, on that browser, at once', async () => {
    const user = await createUser(t.deps.db);
    await statuses(6, () => login3(user.phone, WRONG));
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/core/forgotten-password',
      payload: { UnspecifiedUsername: user.phone },
    });
    expect(asked.statusCode).toBe(200);
    const guid = /reset-password\/([\w-]+)/.exec(await lastSms(t, user.phone))?.[1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/core/reset-password',
      payload: { guid, password: 'New#pass2026' },
    });
    expect(reset.statusCode).toBe(200);
    const device = deviceOf(reset);
    // The stranger goes on failing; the owner's browser is not counted with them.
    await statuses(6, () => login3(user.phone, WRONG));
    expect((await login3(user.phone, 'New#pass2026', { device })).statusCode).toBe(200);
  });

  it("a stolen or guessed device cookie gets the device's own small budget only", async () => {
    const user = await createUser(t.deps.db);
    const device = deviceOf(await login3(user.phone, TEST_PASSWORD));
    const answers = await statuses(11, () => login3(user.phone, WRONG, { device }));
    expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe('per network', () => {
  it('behind one NAT address, successes never count against it', async () => {
    const ip = freshIp();
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser(t.deps.db)));
    // 45 failures (typos of many people, or a spray) leave 5 of the 50 of this window.
    await statuses(45, () => login3('0700000001', WRONG, { ip }));
    // Eight people behind the same address sign in: their successes take nothing.
    for (const user of users) {
      expect((await login3(user.phone, TEST_PASSWORD, { ip })).statusCode).toBe(200);
    }
    expect(await statuses(6, () => login3('0700000002', WRONG, { ip }))).toEqual([
      401, 401, 401, 401, 401, 429,
    ]);
    // Once the address is spent, people whose browsers the accounts know still get in.
  });

  it('a spent NAT address does not keep out people on browsers their accounts know', async () => {
    const ip = freshIp();
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(t.deps.db)));
    const devices: string[] = [];
    for (const user of users)
      devices.push(deviceOf(await login3(user.phone, TEST_PASSWORD, { ip })));
    await statuses(51, () => login3('0700000003', WRONG, { ip }));
    expect((await login3(users[0]!.phone, TEST_PASSWORD, { ip })).statusCode).toBe(429);
    for (const [i, user] of users.entries()) {
      expect(
        (await login3(user.phone, TEST_PASSWORD, { ip, device: devices[i]! })).statusCode,
      ).toBe(200);
    }
  });

  it('limits one address failing across many accounts', async () => {
    const ip = freshIp();
    const answers = await statuses(51, () =>
      login3(`0788${String(Math.random()).slice(2, 8)}`, WRONG, { ip }),
    );
    expect(answers.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(answers[50]).toBe(429);
  });

  it('counts the address the trusted proxy saw, not the X-Forwarded-For the client wrote', async () => {
    const proxy = '10.200.0.1';
    for (let i = 0; i < 3; i += 1) {
      await login3(`0799${String(i).padStart(6, '0')}`, WRONG, {
        ip: proxy,
        headers: { 'x-forwarded-for': `6.6.6.${i}, 41.90.7.7` },
      });
    }
    const row = await t.deps.db
      .selectFrom('login_counters')
      .selectAll()
      .where('key', '=', 'ip:41.90.7.7')
      .executeTakeFirstOrThrow();
    expect(row.short_count).toBe(3);
    const spoofed = await t.deps.db
      .selectFrom('login_counters')
      .select('key')
      .where('key', 'like', 'ip:6.6.6.%')
      .execute();
    expect(spoofed).toEqual([]);
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
