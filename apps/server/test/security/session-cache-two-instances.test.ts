import { describe, expect, it } from 'vitest';
import { createSession, hashToken } from '../../src/modules/accounts/session.service';
import { sessionCache } from '../../src/modules/accounts/session-cache';
import { useTwoInstances, type Instance } from '../helpers/two-instances';
import { createUser, TEST_PASSWORD } from '../helpers/factories';

/**
 * Two instances on one database and one Redis, each with its session cache warm for 60 s
 * (ADR 188): a session ended through one instance is refused by the other at its next request,
 * long before the cache's own bound. Runs where REDIS_URL is set (CI's PostgreSQL and Redis run;
 * locally `REDIS_URL=redis://127.0.0.1:6379` with DATABASE_URL).
 */
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('session cache across instances on Redis', () => {
  const bed = useTwoInstances(redisUrl!, undefined, {
    env: () => ({ SESSION_CACHE_SECONDS: '60', SESSION_CACHE_PRIORITY_SECONDS: '60' }),
  });
  const { servers } = bed;

  const settings = (instance: Instance, token: string) =>
    instance.server.app.inject({
      method: 'GET',
      url: '/api/core/customer/v2/getSettings',
      cookies: { authBB: token },
    });

  async function channelsUp(): Promise<void> {
    const until = Date.now() + 10_000;
    while (!servers.every((s) => s.server.deps.realtime.instanceChannelUp())) {
      if (Date.now() > until) throw new Error('instance channels not up');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The status `instance` answers for `token` once it is 401, or after two seconds. */
  async function refusedSoon(instance: Instance, token: string): Promise<number> {
    const until = Date.now() + 2_000;
    for (;;) {
      const { statusCode } = await settings(instance, token);
      if (statusCode === 401 || Date.now() > until) return statusCode;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async function sessions(n: number) {
    const user = await createUser(bed.database.db);
    const tokens: string[] = [];
    for (let i = 0; i < n; i += 1) {
      tokens.push((await createSession(bed.database.db, user.id, { now: new Date() })).token);
    }
    return { userId: user.id, tokens };
  }

  it('B answers a warm session from memory (a revocation nobody announced is not seen)', async () => {
    await channelsUp();
    const [, b] = servers;
    const {
      tokens: [token],
    } = await sessions(1);
    expect((await settings(b!, token!)).statusCode).toBe(200);
    await bed.database.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashToken(token!))
      .execute();
    // Within its 60 s the entry answers: the cache is in use, so the tests below mean something.
    expect((await settings(b!, token!)).statusCode).toBe(200);
    sessionCache(b!.server.deps).clear();
    expect((await settings(b!, token!)).statusCode).toBe(401);
  });

  it('logout through A: B refuses the session at once', async () => {
    await channelsUp();
    const [a, b] = servers;
    const {
      tokens: [token],
    } = await sessions(1);
    expect((await settings(b!, token!)).statusCode).toBe(200);
    expect((await settings(a!, token!)).statusCode).toBe(200);
    const out = await a!.server.app.inject({
      method: 'POST',
      url: '/api/core/auth/logout',
      cookies: { authBB: token! },
    });
    expect(out.json()).toEqual({ hasErrors: false, loggedOut: true });
    expect((await settings(a!, token!)).statusCode).toBe(401);
    expect(await refusedSoon(b!, token!)).toBe(401);
  });

  it('a password change through B: A refuses the other session, keeps the changer’s', async () => {
    await channelsUp();
    const [a, b] = servers;
    const {
      tokens: [own, other],
    } = await sessions(2);
    for (const token of [own!, other!]) expect((await settings(a!, token)).statusCode).toBe(200);
    const changed = await b!.server.app.inject({
      method: 'POST',
      url: '/api/core/customer/changePassword',
      cookies: { authBB: own! },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Eldoret#30311' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await refusedSoon(a!, other!)).toBe(401);
    expect((await settings(a!, own!)).statusCode).toBe(200);
  });

  it('a break taken through A: B refuses every session of the user at once', async () => {
    await channelsUp();
    const [a, b] = servers;
    const { tokens } = await sessions(2);
    for (const token of tokens) expect((await settings(b!, token)).statusCode).toBe(200);
    const res = await a!.server.app.inject({
      method: 'POST',
      url: '/api/core/customer/responsible-gambling',
      cookies: { authBB: tokens[0]! },
      payload: { period: '7d', confirm: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const token of tokens) expect(await refusedSoon(b!, token)).toBe(401);
  });
});
