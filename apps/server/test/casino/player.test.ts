import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { CASINO_ENV, casinoOf, debitBody, newRound, player, seam } from './casino-kit';

let t: TestApp;
const clock = Date.now();
beforeAll(async () => {
  t = await createTestApp(CASINO_ENV, { now: () => new Date(clock) });
});
afterAll(async () => {
  await t.close();
});

type Cookies = { authBB: string };
const get = (url: string, cookies?: Cookies) =>
  t.app.inject({ method: 'GET', url, ...(cookies ? { cookies } : {}) });
const post = (url: string, payload: unknown, cookies?: Cookies) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    ...(cookies ? { cookies } : {}),
  });

describe('recent games ({games}/track)', () => {
  it('saves the uploaded local list, keeps ten newest first, and answers GET ?count', async () => {
    const p = await player(t, 0);
    const base = clock - 60_000;
    const local = [
      { gameSlug: 'mines', name: 'whatever', image: '/x.svg', timestamp: base + 1000 },
      { gameSlug: 'dice', name: 'Dice', image: '/api/games/art/dice.svg', timestamp: base + 2000 },
      ...Array.from({ length: 10 }, (_, i) => ({
        gameSlug: `qt-slot-${i}`,
        name: `Studio slot ${i}`,
        image: `https://cdn.example.com/slot-${i}.png`,
        timestamp: new Date(base - (i + 1) * 1000).toISOString(),
      })),
    ];
    const saved = await post('/api/games/track', local, p.cookies);
    expect(saved.statusCode, saved.body).toBe(200);
    const list = saved.json();
    expect(list).toHaveLength(10);
    // Dau's games carry their catalogue name and artwork whatever the client sent.
    expect(list[0]).toEqual({
      gameSlug: 'dice',
      name: 'Dice',
      image: '/api/games/art/dice.svg',
      timestamp: base + 2000,
    });
    expect(list[1]).toMatchObject({
      gameSlug: 'mines',
      name: 'Mines',
      image: '/api/games/art/mines.svg',
    });
    expect(list[9].gameSlug).toBe('qt-slot-7');

    // Opening a game again moves it to the front.
    await post(
      '/api/games/track',
      {
        gameSlug: 'qt-slot-0',
        name: 'Studio slot 0',
        image: 'https://cdn.example.com/slot-0.png',
        timestamp: clock,
      },
      p.cookies,
    );
    const three = (await get('/api/games/track?count=3', p.cookies)).json();
    expect(three.map((g: { gameSlug: string }) => g.gameSlug)).toEqual([
      'qt-slot-0',
      'dice',
      'mines',
    ]);
    // Another user sees none of them.
    const other = await player(t, 0);
    expect((await get('/api/games/track?count=10', other.cookies)).json()).toEqual([]);
  });

  it('refuses guests and bad entries with the envelope, saving nothing', async () => {
    expect((await get('/api/games/track?count=10')).statusCode).toBe(401);
    expect((await post('/api/games/track', [])).statusCode).toBe(401);
    const p = await player(t, 0);
    const cases: unknown[] = [
      { name: 'No slug', image: '/a.svg', timestamp: clock },
      { gameSlug: 'mines', name: '', image: '/a.svg', timestamp: clock },
      { gameSlug: 'mines', name: 'Mines', timestamp: clock },
      { gameSlug: 'x', name: 'X', image: 'javascript:alert(1)', timestamp: clock },
      { gameSlug: 'x', name: 'X', image: 'http://plain.example.com/a.png', timestamp: clock },
      { gameSlug: 'mines', name: 'Mines', image: '/a.svg', timestamp: 'yesterday' },
      [{ gameSlug: 'dice', name: 'Dice', image: '/a.svg', timestamp: clock }, { gameSlug: 'dice' }],
    ];
    for (const body of cases) {
      const res = await post('/api/games/track', body, p.cookies);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().hasErrors).toBe(true);
    }
    for (const url of [
      '/api/games/track?count=0',
      '/api/games/track?count=11',
      '/api/games/track?count=ten',
    ]) {
      expect((await get(url, p.cookies)).statusCode, url).toBe(400);
    }
    expect((await get('/api/games/track', p.cookies)).json()).toEqual([]);
  });
});

describe('casino history', () => {
  it('lists own rounds newest first with stake, win and fairness; old ones apart; one round with its input', async () => {
    const p = await player(t, 500_00);
    const { wallet } = casinoOf(t);
    const oldRound = newRound('dice');
    await wallet.playRound({
      userId: p.user.id,
      gameSlug: 'dice',
      roundId: oldRound,
      stake: 10_00,
      win: 0,
    });
    await t.deps.db
      .updateTable('casino_rounds')
      .set({ started_at: new Date(clock - 31 * 86_400_000) })
      .where('round_id', '=', oldRound)
      .execute();
    const plinko = newRound('plinko');
    await wallet.playRound({
      userId: p.user.id,
      gameSlug: 'plinko',
      roundId: plinko,
      stake: 20_00,
      win: 22_00,
      details: {
        fairness: { serverSeedHash: 'c'.repeat(64), clientSeed: 'my-seed', nonce: 3 },
        input: { game: 'plinko', rows: 12, risk: 'medium' },
        outcome: { bucket: 5, multiplier: 11000 },
      },
    });
    await t.deps.db
      .updateTable('casino_rounds')
      .set({ started_at: new Date(clock - 1000) })
      .where('round_id', '=', plinko)
      .execute();
    const mines = newRound('mines');
    await wallet.debit({
      userId: p.user.id,
      gameSlug: 'mines',
      roundId: mines,
      transactionId: `${mines}:stake`,
      amount: 15_00,
    });

    const recent = await get('/api/games/history', p.cookies);
    expect(recent.statusCode, recent.body).toBe(200);
    const body = recent.json();
    expect(body).toMatchObject({ period: 'recent', total: 2 });
    expect(body.rounds.map((r: { roundId: string }) => r.roundId)).toEqual([mines, plinko]);
    expect(body.rounds[0]).toMatchObject({
      status: 'open',
      stake: 15,
      win: 0,
      closedAt: null,
      fairness: null,
    });
    expect(body.rounds[1]).toMatchObject({
      roundId: plinko,
      game: { slug: 'plinko', name: 'Plinko', image: '/api/games/art/plinko.svg' },
      provider: 'dau-originals',
      status: 'settled',
      stake: 20,
      win: 22,
      jackpotWin: 0,
      provablyFair: true,
      fairness: {
        serverSeedHash: 'c'.repeat(64),
        clientSeed: 'my-seed',
        nonce: 3,
        serverSeed: null,
      },
    });
    const old = (await get('/api/games/history?period=old', p.cookies)).json();
    expect(old.rounds.map((r: { roundId: string }) => r.roundId)).toEqual([oldRound]);
    const paged = (await get('/api/games/history?limit=1&offset=1', p.cookies)).json();
    expect(paged).toMatchObject({ total: 2, rounds: [{ roundId: plinko }] });
    const virtuals = (await get('/api/games/history?provider=dau-virtuals', p.cookies)).json();
    expect(virtuals).toMatchObject({ rounds: [], total: 0 });

    const one = await get(`/api/games/history/${plinko}`, p.cookies);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      roundId: plinko,
      input: { game: 'plinko', rows: 12, risk: 'medium' },
      outcome: { bucket: 5, multiplier: 11000 },
    });
    const stranger = await player(t, 0);
    const theirs = await get(`/api/games/history/${plinko}`, stranger.cookies);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().datasource_entries[0].value).toBe('ROUND_NOT_FOUND');
  });

  it('answers bad input with 4xx', async () => {
    const p = await player(t, 0);
    expect((await get('/api/games/history')).statusCode).toBe(401);
    expect((await get('/api/games/history?period=ancient', p.cookies)).statusCode).toBe(400);
    expect((await get('/api/games/history?limit=500', p.cookies)).statusCode).toBe(400);
    const unknown = await get('/api/games/history?provider=pragmatic', p.cookies);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().datasource_entries[0].value).toBe('PROVIDER_NOT_FOUND');
    expect((await get('/api/games/history/unknown', p.cookies)).statusCode).toBe(404);
  });
});

describe('withdrawal eligibility counts casino rounds', () => {
  it('{games-core}/BetSlip/CheckIfUserCanWithdrawBalance turns true after a real round', async () => {
    const p = await player(t, 100_00);
    const check = () =>
      post(
        '/api/games-core/BetSlip/CheckIfUserCanWithdrawBalance',
        { siteId: 2, minBetsCount: 1 },
        p.cookies,
      );
    expect((await check()).json()).toMatchObject({ fetchedObject: false });
    const roundId = newRound();
    const debit = await seam(t, 'debit', debitBody(p, roundId));
    expect(debit.statusCode).toBe(200);
    await seam(t, 'credit', {
      playerId: p.playerId,
      gameSlug: 'dice',
      roundId,
      transactionId: `${roundId}-c`,
      amount: 0,
    });
    expect((await check()).json()).toEqual({ fetchedObject: true, spResponse: '' });
  });
});

describe('winners ({games}/winners)', () => {
  it("lists the site's biggest settled wins of a game, names masked; unknown games are 404", async () => {
    const p = await player(t, 500_00);
    const { wallet } = casinoOf(t);
    for (const [stake, win] of [
      [10_00, 35_00],
      [10_00, 0],
      [20_00, 320_00],
    ] as const) {
      await wallet.playRound({
        userId: p.user.id,
        gameSlug: 'keno',
        roundId: newRound('keno'),
        stake,
        win,
      });
    }
    const res = await get('/api/games/winners?game=keno');
    expect(res.statusCode, res.body).toBe(200);
    const { winners } = res.json();
    expect(winners.map((w: { win: number }) => w.win)).toEqual([320, 35]);
    expect(winners[0]).toMatchObject({
      kind: 'casino',
      title: 'Keno',
      gameSlug: 'keno',
      image: '/api/games/art/keno.svg',
      stake: 20,
      multiplier: 16,
    });
    expect(winners[0].player).toContain('••');
    expect(JSON.stringify(winners)).not.toContain(p.user.phone);

    const unknown = await get('/api/games/winners?game=no-such-game');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().datasource_entries[0].value).toBe('GAME_NOT_FOUND');
    expect((await get('/api/games/winners?limit=0')).statusCode).toBe(400);
    const sports = await get('/api/games/winners?game=sports');
    expect(sports.statusCode).toBe(200);
    expect(Array.isArray(sports.json().winners)).toBe(true);
  });
});
