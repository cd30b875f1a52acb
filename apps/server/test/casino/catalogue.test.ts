import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASINO_LOBBIES } from '@dau/contracts/casino/paths';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('casino catalogue and lobbies', () => {
  it('lists real games in every lobby of spec doc 1 §2', async () => {
    for (const lobby of CASINO_LOBBIES) {
      const res = await get(`/api/games/lobby/${lobby}`);
      expect(res.statusCode, `${lobby}: ${res.body}`).toBe(200);
      const body = res.json();
      expect(body.lobby).toBe(lobby);
      expect(body.games.length, lobby).toBeGreaterThan(0);
      expect(body.total).toBe(body.games.length);
      expect(body.categories.length, lobby).toBeGreaterThan(0);
      for (const game of body.games) expect(game.lobbies).toContain(lobby);
    }
  });

  it('carries the six in-house games, High Flyer and virtual football with their fields', async () => {
    const res = await get('/api/games/catalogue');
    expect(res.statusCode).toBe(200);
    const { games, providers, categories } = res.json();
    const slugs = games.map((g: { slug: string }) => g.slug);
    for (const slug of [
      'mines',
      'dice',
      'plinko',
      'scratch-card',
      'keno',
      'roulette',
      'REDO-high-flyer',
      'virtual-football',
    ]) {
      expect(slugs).toContain(slug);
    }
    const mines = games.find((g: { slug: string }) => g.slug === 'mines');
    expect(mines).toMatchObject({
      name: 'Mines',
      provider: { slug: 'dau-originals', name: 'Dau Originals' },
      category: { slug: 'originals', name: 'Dau Originals' },
      kind: 'rng',
      engine: 'mines',
      rtp: 99,
      minStake: 10,
      maxStake: 10000,
      volatility: 'high',
      image: '/api/games/art/mines.svg',
      demo: true,
    });
    expect(mines.tags).toContain('provably-fair');
    const roulette = games.find((g: { slug: string }) => g.slug === 'roulette');
    expect(roulette.lobbies).toEqual(
      expect.arrayContaining(['live-casino', 'casino', 'all-games']),
    );
    expect(roulette.description).toMatch(/no video dealer/);
    expect(providers.map((p: { slug: string }) => p.slug)).toEqual([
      'dau-originals',
      'dau-virtuals',
    ]);
    expect(providers[0].gameCount).toBe(7);
    const instant = categories.find((c: { slug: string }) => c.slug === 'instant-wins');
    expect(instant.lobbies).toEqual(['casino', 'games', 'instant-wins', 'all-games']);
  });

  it('filters a lobby by category chip, provider and search', async () => {
    const chip = (await get('/api/games/lobby/casino?category=instant-wins')).json();
    expect(chip.games.map((g: { slug: string }) => g.slug)).toEqual([
      'dice',
      'plinko',
      'scratch-card',
    ]);
    expect(chip.categories.map((c: { slug: string }) => c.slug)).toEqual([
      'originals',
      'instant-wins',
      'table-games',
      'crash-games',
    ]);

    const virtuals = (await get('/api/games/lobby/all-games?provider=dau-virtuals')).json();
    expect(virtuals.games.map((g: { slug: string }) => g.slug)).toEqual(['virtual-football']);

    const search = (await get('/api/games/lobby/all-games?search=PLIN')).json();
    expect(search.games.map((g: { slug: string }) => g.slug)).toEqual(['plinko']);
    const byTag = (await get('/api/games/lobby/all-games?search=crash')).json();
    expect(byTag.games.map((g: { slug: string }) => g.slug)).toEqual(['REDO-high-flyer']);
    const none = (await get('/api/games/lobby/casino?search=blackjack')).json();
    expect(none).toMatchObject({ games: [], total: 0 });

    const paged = (await get('/api/games/lobby/all-games?limit=3&offset=3')).json();
    expect(paged.games).toHaveLength(3);
    expect(paged.total).toBe(8);
  });

  it('answers in Swahili when asked', async () => {
    const res = (await get('/api/games/lobby/instant-wins?lang=sw')).json();
    expect(res.categories[0].name).toBe('Ushindi wa papo hapo');
    const card = res.games.find((g: { slug: string }) => g.slug === 'scratch-card');
    expect(card.description).toMatch(/Kwangua/);
    const detail = (await get('/api/games/catalogue/mines?lang=sw')).json();
    expect(detail.rules[0]).toMatch(/^Chagua dau/);
  });

  it('opens one game by slug (any case) or id, with rules and limits', async () => {
    const bySlug = await get('/api/games/catalogue/redo-high-flyer');
    expect(bySlug.statusCode).toBe(200);
    const detail = bySlug.json();
    expect(detail.game.name).toBe('High Flyer');
    expect(detail.rules.length).toBeGreaterThan(1);
    expect(detail.maxWin).toBe(1500000);
    expect(detail.provablyFair).toBe(true);
    const byId = (await get(`/api/games/catalogue/${detail.game.id}`)).json();
    expect(byId.game.slug).toBe('REDO-high-flyer');
    const virtual = (await get('/api/games/catalogue/virtual-football')).json();
    expect(virtual.provablyFair).toBe(false);
  });

  it('serves each game its own SVG artwork', async () => {
    const { games } = (await get('/api/games/catalogue')).json();
    const seen = new Set<string>();
    for (const game of games) {
      const res = await get(game.image);
      expect(res.statusCode, game.image).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toMatch(
        /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 400 300"/,
      );
      expect(res.body).toContain(`<title`);
      expect(res.body).not.toMatch(/href=|https?:\/\/(?!www\.w3\.org)/);
      seen.add(res.body);
    }
    expect(seen.size).toBe(games.length);
  });

  it('answers bad input with a 4xx in the error envelope', async () => {
    const cases: [string, number, string][] = [
      ['/api/games/lobby/sportsbook', 404, 'LOBBY_NOT_FOUND'],
      ['/api/games/lobby/casino?category=poker', 404, 'CATEGORY_NOT_FOUND'],
      ['/api/games/lobby/crash?category=originals', 404, 'CATEGORY_NOT_FOUND'],
      ['/api/games/lobby/casino?provider=nobody', 404, 'PROVIDER_NOT_FOUND'],
      ['/api/games/catalogue/no-such-game', 404, 'GAME_NOT_FOUND'],
      ['/api/games/catalogue/999999', 404, 'GAME_NOT_FOUND'],
      ['/api/games/art/unknown.svg', 404, 'ART_NOT_FOUND'],
      // Names of object properties are unknown games too (found by the contract fuzzing).
      ['/api/games/art/constructor.svg', 404, 'ART_NOT_FOUND'],
      ['/api/games/art/valueOf.svg', 404, 'ART_NOT_FOUND'],
    ];
    for (const [url, status, code] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().hasErrors).toBe(true);
      expect(res.json().datasource_entries[0].value, url).toBe(code);
    }
    for (const url of [
      '/api/games/lobby/casino?limit=abc',
      '/api/games/lobby/casino?limit=0',
      '/api/games/lobby/casino?lang=fr',
      `/api/games/lobby/casino?search=${'x'.repeat(61)}`,
      '/api/games/art/..%2Fsecret.svg',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().hasErrors).toBe(true);
    }
  });
});
