import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_ENGINE_PATHS } from '@dau/contracts/casino/games';
import { hashServerSeed, isServerSeed } from '@dau/domain/games/fairness';
import { createSignedInUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const G = '/api/games';

async function player() {
  const { user, cookies } = await createSignedInUser(t.deps.db);
  const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    payload === undefined
      ? t.app.inject({ method, url: `${G}${url}`, cookies })
      : t.app.inject({ method, url: `${G}${url}`, cookies, payload });
  return { user, call };
}

describe('provably fair seed pairs', () => {
  it('shows a new player a committed pair (hash only) with nonce 0', async () => {
    const { call } = await player();
    const res = await call('GET', GAME_ENGINE_PATHS.seeds);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.clientSeed).toMatch(/^[0-9a-f]{16}$/);
    expect(body.nonce).toBe(0);
    expect(body.previous).toBeNull();
    expect(JSON.stringify(body)).not.toContain('serverSeed"');
    // The same pair until it rotates.
    expect((await call('GET', GAME_ENGINE_PATHS.seeds)).json().serverSeedHash).toBe(
      body.serverSeedHash,
    );
  });

  it('rotating reveals the seed that hashes to the commitment and starts a new pair', async () => {
    const { call } = await player();
    const before = (await call('GET', GAME_ENGINE_PATHS.seeds)).json();
    const res = await call('POST', GAME_ENGINE_PATHS.rotate, {});
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after.serverSeedHash).not.toBe(before.serverSeedHash);
    expect(after.clientSeed).toBe(before.clientSeed);
    expect(after.nonce).toBe(0);
    expect(after.previous.serverSeedHash).toBe(before.serverSeedHash);
    expect(isServerSeed(after.previous.serverSeed)).toBe(true);
    expect(hashServerSeed(after.previous.serverSeed)).toBe(before.serverSeedHash);
    expect(after.previous.revealedAt).not.toBeNull();
  });

  it('setting a client seed rotates the pair with that seed', async () => {
    const { call } = await player();
    const before = (await call('GET', GAME_ENGINE_PATHS.seeds)).json();
    const res = await call('POST', GAME_ENGINE_PATHS.clientSeed, { clientSeed: 'my-lucky_seed-7' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after.clientSeed).toBe('my-lucky_seed-7');
    expect(after.previous.serverSeedHash).toBe(before.serverSeedHash);
    expect(hashServerSeed(after.previous.serverSeed)).toBe(before.serverSeedHash);
  });

  it('looks up own pairs by hash: the seed stays hidden until revealed', async () => {
    const { call } = await player();
    const current = (await call('GET', GAME_ENGINE_PATHS.seeds)).json();
    const hidden = await call('GET', GAME_ENGINE_PATHS.seedByHash(current.serverSeedHash));
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({
      serverSeedHash: current.serverSeedHash,
      serverSeed: null,
      revealedAt: null,
    });
    await call('POST', GAME_ENGINE_PATHS.rotate, {});
    const shown = (await call('GET', GAME_ENGINE_PATHS.seedByHash(current.serverSeedHash))).json();
    expect(hashServerSeed(shown.serverSeed)).toBe(current.serverSeedHash);

    // Another player's hash is not found, whether revealed or not.
    const other = await player();
    expect(
      (await other.call('GET', GAME_ENGINE_PATHS.seedByHash(current.serverSeedHash))).statusCode,
    ).toBe(404);
  });

  it('refuses bad input with the error envelope and changes nothing', async () => {
    const { call } = await player();
    const before = (await call('GET', GAME_ENGINE_PATHS.seeds)).json();
    for (const clientSeed of ['', 'has:colon', 'x'.repeat(65), 'spaces not allowed', 42]) {
      const res = await call('POST', GAME_ENGINE_PATHS.clientSeed, { clientSeed });
      expect(res.statusCode, String(clientSeed)).toBe(400);
      expect(res.json().hasErrors).toBe(true);
    }
    expect((await call('POST', GAME_ENGINE_PATHS.rotate, { clientSeed: 'a:b' })).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/fairness/seeds/not-a-hash')).statusCode).toBe(400);
    expect((await call('GET', GAME_ENGINE_PATHS.seeds)).json().serverSeedHash).toBe(
      before.serverSeedHash,
    );
  });

  it('needs a signed-in player', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${G}${GAME_ENGINE_PATHS.seeds}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().hasErrors).toBe(true);
  });

  it('gives concurrent rounds distinct nonces', async () => {
    const { user, call } = await player();
    const { SeedService } = await import('../../src/modules/casino/games/seeds.service');
    const seeds = new SeedService(t.deps);
    const taken = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.deps.db.transaction().execute((tx) => seeds.take(tx, user.id)),
      ),
    );
    expect(new Set(taken.map((r) => r.seed.nonce)).size).toBe(8);
    expect(new Set(taken.map((r) => r.pairId)).size).toBe(1);
    expect((await call('GET', GAME_ENGINE_PATHS.seeds)).json().nonce).toBe(8);
  });
});
