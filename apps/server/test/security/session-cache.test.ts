import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import {
  createSession,
  endUserSessions,
  hashToken,
} from '../../src/modules/accounts/session.service';
import { sessionCache } from '../../src/modules/accounts/session-cache';
import { SESSIONS_ENDED } from '../../src/realtime/instance-channel';

/**
 * The per-instance session cache (ADR 188): what ends a session ends it at once even with the
 * cache warm, the cache never outlives the session's own end or idle limit, and what no
 * announcement covers is bounded by SESSION_CACHE_SECONDS. Runs on PGlite and, where
 * REDIS_URL is set, on PostgreSQL+Redis (the app then waits for its Redis channel to be up; the
 * "Redis down" part runs only there). Two instances: session-cache-two-instances.test.ts.
 */

const settings = (token: string, t: TestApp) =>
  t.app.inject({
    method: 'GET',
    url: '/api/core/customer/v2/getSettings',
    cookies: { authBB: token },
  });

async function channelUp(t: TestApp, up = true, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (t.deps.realtime.instanceChannelUp() !== up) {
    if (Date.now() > until) throw new Error(`instance channel not ${up ? 'up' : 'down'}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Revokes a session in the database only, as if its announcement were lost. */
async function revokeQuietly(t: TestApp, token: string): Promise<void> {
  const rows = await t.deps.db
    .updateTable('sessions')
    .set({ revoked_at: t.deps.now() })
    .where('token_hash', '=', hashToken(token))
    .returning('id')
    .execute();
  expect(rows).toHaveLength(1);
}

describe('session cache on one instance', () => {
  let clock = new Date('2026-11-29T10:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: '2' }, { now: () => clock });
    await channelUp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function signedIn(): Promise<{ userId: number; token: string }> {
    const user = await createUser(t.deps.db);
    const { token } = await createSession(t.deps.db, user.id, { now: clock });
    return { userId: user.id, token };
  }

  it('answers from memory for at most SESSION_CACHE_SECONDS, by the app’s clock and the machine’s', async () => {
    const a = await signedIn();
    expect((await settings(a.token, t)).statusCode).toBe(200);
    // Revoked without an announcement (a lost message): the bound, not the database, decides.
    await revokeQuietly(t, a.token);
    expect((await settings(a.token, t)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 2_000);
    expect((await settings(a.token, t)).statusCode).toBe(401);

    // The app's clock standing still, the machine's monotonic clock ends it.
    const b = await signedIn();
    expect((await settings(b.token, t)).statusCode).toBe(200);
    await revokeQuietly(t, b.token);
    expect((await settings(b.token, t)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await settings(b.token, t)).statusCode).toBe(401);
  });

  it('logout ends the session at once with the cache warm', async () => {
    const a = await signedIn();
    expect((await settings(a.token, t)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/core/auth/logout',
      cookies: { authBB: a.token },
    });
    expect(out.json()).toEqual({ hasErrors: false, loggedOut: true });
    expect((await settings(a.token, t)).statusCode).toBe(401);
  });

  it('a password change ends the other sessions at once, not its own', async () => {
    const a = await signedIn();
    const other = (await createSession(t.deps.db, a.userId, { now: clock })).token;
    for (const token of [a.token, other]) expect((await settings(token, t)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/changePassword',
      cookies: { authBB: a.token },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Kisumu#40123' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await settings(other, t)).statusCode).toBe(401);
    expect((await settings(a.token, t)).statusCode).toBe(200);
  });

  it('a break or a self-exclusion ends every session at once', async () => {
    for (const period of ['24h', '6m'] as const) {
      const a = await signedIn();
      const other = (await createSession(t.deps.db, a.userId, { now: clock })).token;
      for (const token of [a.token, other]) {
        expect((await settings(token, t)).statusCode).toBe(200);
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/core/customer/responsible-gambling',
        cookies: { authBB: a.token },
        payload: { period, confirm: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      for (const token of [a.token, other]) {
        expect((await settings(token, t)).statusCode, period).toBe(401);
      }
    }
  });

  it('an account closed by hand: refused within the bound, at once when its sessions are ended', async () => {
    const a = await signedIn();
    expect((await settings(a.token, t)).statusCode).toBe(200);
    await t.deps.db
      .updateTable('users')
      .set({ status: 'closed' })
      .where('id', '=', a.userId)
      .execute();
    clock = new Date(clock.getTime() + 2_000);
    expect((await settings(a.token, t)).statusCode).toBe(401);

    // The closing procedure (ADR 188): status, then endUserSessions, which announces the end.
    const b = await signedIn();
    expect((await settings(b.token, t)).statusCode).toBe(200);
    await t.deps.db
      .updateTable('users')
      .set({ status: 'closed' })
      .where('id', '=', b.userId)
      .execute();
    await endUserSessions(t.deps, b.userId, clock);
    expect((await settings(b.token, t)).statusCode).toBe(401);
  });

  it('payments read the session every time, never from memory', async () => {
    const a = await signedIn();
    const limits = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/payments/deposit-limits',
        cookies: { authBB: a.token },
      });
    expect((await limits()).statusCode).toBe(200);
    expect((await settings(a.token, t)).statusCode).toBe(200);
    await revokeQuietly(t, a.token);
    expect((await limits()).statusCode).toBe(401);
  });

  it('the cash-out’s lookup lives 30 s, and ends with its session all the same', async () => {
    const cashOut = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/games/crash/cashout',
        cookies: { authBB: token },
        payload: { roundId: 987_654, slot: 1 },
      });
    // Signed in, the refusal is about the round; signed out, about the session.
    const a = await signedIn();
    expect((await cashOut(a.token)).statusCode).toBe(404);
    await revokeQuietly(t, a.token);
    clock = new Date(clock.getTime() + 20_000);
    expect((await cashOut(a.token)).statusCode).toBe(404);
    clock = new Date(clock.getTime() + 10_000);
    expect((await cashOut(a.token)).statusCode).toBe(401);

    const b = await signedIn();
    expect((await cashOut(b.token)).statusCode).toBe(404);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/core/auth/logout',
      cookies: { authBB: b.token },
    });
    expect(out.json()).toEqual({ hasErrors: false, loggedOut: true });
    expect((await cashOut(b.token)).statusCode).toBe(401);
  });

  it('a read begun before an announcement of ended sessions is not kept', async () => {
    const a = await signedIn();
    const cache = sessionCache(t.deps);
    const pending = cache.resolve(t.deps.db, a.token, 60_000);
    // Any announcement while the read runs (the session it read may be among those ended).
    t.deps.realtime.toInstances(SESSIONS_ENDED, [-1]);
    expect((await pending)?.userId).toBe(a.userId);
    await revokeQuietly(t, a.token);
    expect(await cache.resolve(t.deps.db, a.token, 60_000)).toBeNull();
  });
});

describe('session cache against the session’s own end and idle limit', () => {
  let clock = new Date('2026-11-29T10:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    // Idle after 18 s; the cache would answer for 60 s.
    t = await createTestApp(
      { SESSION_CACHE_SECONDS: '60', SESSION_IDLE_HOURS: '0.005' },
      { now: () => clock },
    );
    await channelUp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('an idle session ends on time with the cache warm', async () => {
    const user = await createUser(t.deps.db);
    const { token } = await createSession(t.deps.db, user.id, { now: clock });
    const start = clock.getTime();
    expect((await settings(token, t)).statusCode).toBe(200);
    clock = new Date(start + 17_000);
    expect((await settings(token, t)).statusCode).toBe(200);
    clock = new Date(start + 18_500);
    expect((await settings(token, t)).statusCode).toBe(401);
  });

  it('a session ends at its absolute end with the cache warm', async () => {
    const user = await createUser(t.deps.db);
    const { token } = await createSession(t.deps.db, user.id, { now: clock });
    await t.deps.db
      .updateTable('sessions')
      .set({ expires_at: new Date(clock.getTime() + 5_000) })
      .where('user_id', '=', user.id)
      .execute();
    const start = clock.getTime();
    expect((await settings(token, t)).statusCode).toBe(200);
    clock = new Date(start + 4_000);
    expect((await settings(token, t)).statusCode).toBe(200);
    clock = new Date(start + 5_000);
    expect((await settings(token, t)).statusCode).toBe(401);
  });
});

const redisUrl = process.env.REDIS_URL;

/**
 * A TCP proxy in front of Redis: `down()` cuts every connection through it and refuses new
 * ones (Redis gone, for this instance only), `up()` lets them through again.
 */
async function redisProxy(url: string) {
  const target = new URL(url);
  const open = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return {
    url: proxied.toString(),
    down() {
      refusing = true;
      for (const s of open) s.destroy();
    },
    up() {
      refusing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!redisUrl)('session cache with Redis down', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof redisProxy>>;
  beforeAll(async () => {
    proxy = await redisProxy(redisUrl!);
    t = await createTestApp({ REDIS_URL: proxy.url, SESSION_CACHE_SECONDS: '60' });
    await channelUp(t);
  });
  afterAll(async () => {
    proxy.up();
    await t.close();
    await proxy.close();
  });

  it('keeps nothing while the channel between instances is down, and caches again once it is back', async () => {
    const user = await createUser(t.deps.db);
    const a = (await createSession(t.deps.db, user.id, { now: t.deps.now() })).token;
    const b = (await createSession(t.deps.db, user.id, { now: t.deps.now() })).token;
    expect((await settings(a, t)).statusCode).toBe(200);
    expect(sessionCache(t.deps).size).toBeGreaterThan(0);

    proxy.down();
    await channelUp(t, false);
    // What was remembered went with the connection: a revocation this instance cannot hear of
    // is seen at the next request.
    expect(sessionCache(t.deps).size).toBe(0);
    await revokeQuietly(t, a);
    expect((await settings(a, t)).statusCode).toBe(401);
    // Nothing is kept while it is down: every request reads.
    expect((await settings(b, t)).statusCode).toBe(200);
    expect(sessionCache(t.deps).size).toBe(0);

    proxy.up();
    await channelUp(t, true, 20_000);
    expect((await settings(b, t)).statusCode).toBe(200);
    expect(sessionCache(t.deps).size).toBe(1);
  });
});
