import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { GAME_ENGINE_PATHS } from '@dau/contracts/casino/games';
import { hashServerSeed } from '@dau/domain/games/fairness';
import { replayRound, type RoundInput } from '@dau/domain/games/replay';
import { payoutCents, type Multiplier } from '@dau/domain/games/payout';
import type { Cents } from '@dau/domain/money';
import type { TestApp } from '../helpers/test-app';
import { cashOf, player, useCasinoApp } from './casino-kit';

let t: TestApp;
useCasinoApp((app) => (t = app));

const G = '/api/games';
type Call = (
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) => Promise<LightMyRequestResponse>;

async function signedIn(cash = 1_000_00) {
  const p = await player(t, cash);
  const call: Call = (method, url, payload) =>
    payload === undefined
      ? t.app.inject({ method, url: `${G}${url}`, cookies: p.cookies })
      : t.app.inject({ method, url: `${G}${url}`, cookies: p.cookies, payload });
  return { ...p, call };
}

/** Rotates the player's pair and answers the revealed server seed (checked against its hash). */
async function reveal(call: Call, hash: string): Promise<string> {
  const res = await call('POST', GAME_ENGINE_PATHS.rotate, {});
  expect(res.statusCode, res.body).toBe(200);
  const seed = (await call('GET', GAME_ENGINE_PATHS.seedByHash(hash))).json().serverSeed as string;
  expect(hashServerSeed(seed)).toBe(hash);
  return seed;
}

const ONE_STEP: [string, Record<string, unknown>][] = [
  ['dice', { target: 5000, direction: 'under' }],
  ['plinko', { rows: 16, risk: 'high' }],
  ['scratch-card', {}],
  ['keno', { picks: [1, 7, 13, 22, 40] }],
];

describe('one-step games through the game wallet', () => {
  it('plays every one-step game: stake debited, win credited, the outcome verifies from the revealed seed', async () => {
    const p = await signedIn();
    const start = (await p.call('GET', GAME_ENGINE_PATHS.seeds)).json();
    let cash = await cashOf(t, p.user.id);
    const played = [];
    for (const [slug, params] of ONE_STEP) {
      for (let i = 0; i < 3; i += 1) {
        const res = await p.call('POST', GAME_ENGINE_PATHS.play(slug), { stake: 10.5, params });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.stake).toBe(10.5);
        expect(body.fairness.serverSeedHash).toBe(start.serverSeedHash);
        expect(body.fairness.nonce).toBe(played.length);
        expect(body.win).toBe(payoutCents(1050 as Cents, body.multiplier as Multiplier) / 100);
        cash = cash - 1050 + Math.round(body.win * 100);
        expect(Math.round(body.balance * 100)).toBe(cash);
        expect(await cashOf(t, p.user.id)).toBe(cash);
        played.push(body);
      }
    }
    const serverSeed = await reveal(p.call, start.serverSeedHash);
    for (const round of played) {
      const recomputed = replayRound(
        { serverSeed, clientSeed: round.fairness.clientSeed, nonce: round.fairness.nonce },
        round.input as RoundInput,
      );
      expect(JSON.parse(JSON.stringify(recomputed))).toEqual(round.outcome);
      // The wallet kept the round with what /fairness needs.
      const history = await p.call('GET', `/history/${round.roundId}`);
      expect(history.statusCode, history.body).toBe(200);
      expect(JSON.stringify(history.json())).toContain(round.fairness.serverSeedHash);
    }
  });

  it('refuses bad input with a clear 4xx, moving no money and spending no nonce', async () => {
    const p = await signedIn(20_00);
    const cash = await cashOf(t, p.user.id);
    const cases: [string, unknown, number, string][] = [
      [
        'dice',
        { stake: 5, params: { target: 5000, direction: 'under' } },
        400,
        'STAKE_OUT_OF_LIMITS',
      ],
      [
        'dice',
        { stake: 20_001, params: { target: 5000, direction: 'under' } },
        400,
        'STAKE_OUT_OF_LIMITS',
      ],
      ['dice', { stake: 10.555, params: { target: 5000, direction: 'under' } }, 400, 'BAD_STAKE'],
      ['dice', { stake: -10, params: { target: 5000, direction: 'under' } }, 400, ''],
      ['dice', { stake: 10, params: { target: 9900, direction: 'under' } }, 400, 'BAD_GAME_PARAMS'],
      [
        'dice',
        { stake: 10, params: { target: 50, direction: 'sideways' } },
        400,
        'BAD_GAME_PARAMS',
      ],
      ['plinko', { stake: 10, params: { rows: 10, risk: 'low' } }, 400, 'BAD_GAME_PARAMS'],
      ['keno', { stake: 10, params: { picks: [3, 3] } }, 400, 'BAD_GAME_PARAMS'],
      ['keno', { stake: 10, params: { picks: [0] } }, 400, 'BAD_GAME_PARAMS'],
      ['keno', { stake: 10, params: {} }, 400, 'BAD_GAME_PARAMS'],
      ['scratch-card', { stake: 10, params: { extra: 1 } }, 400, 'BAD_GAME_PARAMS'],
      ['aviator', { stake: 10, params: {} }, 404, 'UNKNOWN_GAME'],
      ['roulette', { stake: 10, params: {} }, 404, 'UNKNOWN_GAME'],
      [
        'dice',
        { stake: 30, params: { target: 5000, direction: 'under' } },
        409,
        'INSUFFICIENT_FUNDS',
      ],
    ];
    for (const [slug, body, status, code] of cases) {
      const res = await p.call(
        'POST',
        GAME_ENGINE_PATHS.play(slug),
        body as Record<string, unknown>,
      );
      expect(res.statusCode, `${slug} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      const envelope = res.json();
      expect(envelope.hasErrors).toBe(true);
      if (code) expect(JSON.stringify(envelope)).toContain(code);
    }
    expect(await cashOf(t, p.user.id)).toBe(cash);
    // Only the refused-for-funds round took a nonce (the wallet said no after the draw).
    expect((await p.call('GET', GAME_ENGINE_PATHS.seeds)).json().nonce).toBeLessThanOrEqual(1);
    const guest = await t.app.inject({
      method: 'POST',
      url: `${G}/play/dice`,
      payload: { stake: 10, params: {} },
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe("stake limits in the player's currency (ADR 164)", () => {
  it("scales the catalogue's Kenyan limits for a Ugandan player and refuses outside them", async () => {
    const p = await player(t, 100_000_00, 1); // Uganda: UGX, limits ×25, whole shillings.
    const call = (stake: number) =>
      t.app.inject({
        method: 'POST',
        url: `${G}${GAME_ENGINE_PATHS.play('dice')}`,
        cookies: p.cookies,
        payload: { stake, params: { target: 5000, direction: 'under' } },
      });
    const cash = await cashOf(t, p.user.id);
    // Dice's minimum is KSh 10 → UGX 250: UGX 100 passes Kenya's range but not Uganda's.
    const low = await call(100);
    expect(low.statusCode, low.body).toBe(400);
    expect(low.body).toContain('STAKE_OUT_OF_LIMITS');
    expect(await cashOf(t, p.user.id)).toBe(cash);
    const ok = await call(300);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().stake).toBe(300);
    expect(await cashOf(t, p.user.id)).toBe(cash - 300_00 + Math.round(ok.json().win * 100));
    // Kenya's maximum (KSh 20,000) is no limit in Uganda (UGX 500,000).
    const kenyanMax = await call(25_000);
    expect(kenyanMax.statusCode, kenyanMax.body).toBe(200);
  });
});

describe('Mines through the game wallet', () => {
  async function mineTiles(roundId: string): Promise<number[]> {
    const row = await t.deps.db
      .selectFrom('casino_mines_rounds')
      .select('mine_tiles')
      .where('round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    return row.mine_tiles;
  }

  it('starts (stake debited), opens safe tiles, cashes out at the table, and verifies from the seed', async () => {
    const p = await signedIn();
    const cash = await cashOf(t, p.user.id);
    const started = await p.call('POST', GAME_ENGINE_PATHS.minesStart, { stake: 20, mines: 3 });
    expect(started.statusCode, started.body).toBe(200);
    const round = started.json();
    expect(round).toMatchObject({
      status: 'playing',
      revealed: [],
      mineTiles: null,
      multiplier: 10_000,
    });
    expect(await cashOf(t, p.user.id)).toBe(cash - 2000);
    expect(JSON.stringify(round)).not.toMatch(/mine_tiles/);

    // A reload finds the round in play; the seed pair cannot rotate meanwhile.
    expect((await p.call('GET', GAME_ENGINE_PATHS.minesActive)).json().round.roundId).toBe(
      round.roundId,
    );
    const rotate = await p.call('POST', GAME_ENGINE_PATHS.rotate, {});
    expect(rotate.statusCode).toBe(409);
    expect(rotate.body).toContain('MINES_ROUND_IN_PLAY');
    expect(
      (await p.call('POST', GAME_ENGINE_PATHS.minesStart, { stake: 20, mines: 3 })).statusCode,
    ).toBe(409);
    expect((await p.call('POST', GAME_ENGINE_PATHS.minesCashOut(round.roundId))).body).toContain(
      'NOTHING_REVEALED',
    );

    const mines = await mineTiles(round.roundId);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !mines.includes(i));
    let last = round;
    for (const tile of safe.slice(0, 2)) {
      const res = await p.call('POST', GAME_ENGINE_PATHS.minesReveal(round.roundId), { tile });
      expect(res.statusCode, res.body).toBe(200);
      last = res.json();
    }
    expect(last.revealed).toEqual(safe.slice(0, 2));
    expect(
      (await p.call('POST', GAME_ENGINE_PATHS.minesReveal(round.roundId), { tile: safe[0] })).body,
    ).toContain('TILE_ALREADY_OPEN');
    expect(
      (await p.call('POST', GAME_ENGINE_PATHS.minesReveal(round.roundId), { tile: 25 })).statusCode,
    ).toBe(400);
    const cashed = await p.call('POST', GAME_ENGINE_PATHS.minesCashOut(round.roundId));
    expect(cashed.statusCode, cashed.body).toBe(200);
    const end = cashed.json();
    expect(end.status).toBe('cashed_out');
    expect(end.win).toBe(payoutCents(2000 as Cents, last.multiplier as Multiplier) / 100);
    expect(await cashOf(t, p.user.id)).toBe(cash - 2000 + Math.round(end.win * 100));
    expect(end.mineTiles).toEqual(mines);

    // Finished: no more moves; the seed now rotates and reproduces the mines.
    const again = await p.call('POST', GAME_ENGINE_PATHS.minesReveal(round.roundId), {
      tile: safe[3],
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('ROUND_FINISHED');
    const serverSeed = await reveal(p.call, round.fairness.serverSeedHash);
    const replay = replayRound(
      { serverSeed, clientSeed: round.fairness.clientSeed, nonce: round.fairness.nonce },
      { game: 'mines', mines: 3 },
    );
    expect(replay).toEqual({ game: 'mines', mineTiles: mines });
  });

  it('loses the stake on a mine and refuses unknown rounds and bad starts', async () => {
    const p = await signedIn();
    const cash = await cashOf(t, p.user.id);
    const round = (
      await p.call('POST', GAME_ENGINE_PATHS.minesStart, { stake: 10, mines: 24 })
    ).json();
    const [mine] = await mineTiles(round.roundId);
    const hit = await p.call('POST', GAME_ENGINE_PATHS.minesReveal(round.roundId), { tile: mine });
    expect(hit.statusCode, hit.body).toBe(200);
    expect(hit.json()).toMatchObject({ status: 'lost', hit: mine, win: 0 });
    expect(await cashOf(t, p.user.id)).toBe(cash - 1000);
    expect((await p.call('GET', GAME_ENGINE_PATHS.minesActive)).json().round).toBeNull();

    const other = await signedIn();
    expect(
      (await other.call('POST', GAME_ENGINE_PATHS.minesCashOut(round.roundId))).statusCode,
    ).toBe(404);
    expect(
      (await p.call('POST', GAME_ENGINE_PATHS.minesReveal('mines-0-0'), { tile: 1 })).statusCode,
    ).toBe(404);
    for (const body of [
      { stake: 10, mines: 0 },
      { stake: 10, mines: 25 },
      { stake: 1, mines: 3 },
      { stake: 10_001, mines: 3 },
    ]) {
      const res = await p.call('POST', GAME_ENGINE_PATHS.minesStart, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await cashOf(t, p.user.id)).toBe(cash - 1000);
  });
});
