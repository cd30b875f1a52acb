import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GAME_ENGINE_PATHS } from '@dau/contracts/casino/games';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/database';
import { AppError } from '../../src/errors/app-error';
import { createCasino, type CasinoServices } from '../../src/modules/casino/casino.plugin';
import { recoverOpenRounds } from '../../src/modules/casino/in-house-wallet';
import { checkLedger } from '../../src/modules/wallet/ledger.service';
import { createServer, type RunningServer } from '../../src/server';
import { createTestDatabase } from '../helpers/test-database';
import { expectLedgerBalanced } from '../wallet/ledger-assertions';
import { CASINO_ENV, cashOf, newRound, player } from './casino-kit';
import type { TestApp } from '../helpers/test-app';

/** The app on a database the test keeps, so that a second server can start on it (a restart). */
let database: DatabaseHandle;
let server: RunningServer;
let casino: CasinoServices;
let clock = Date.now();
const config = () =>
  loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', WEB_DIST: '/nonexistent', ...CASINO_ENV });

beforeAll(async () => {
  database = await createTestDatabase();
  server = await createServer(config(), { database, now: () => new Date(clock) });
  casino = createCasino(server.deps);
});
afterEach(async () => {
  await expectLedgerBalanced(database.db);
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const t = () => server as unknown as TestApp;

async function round(roundId: string) {
  return database.db
    .selectFrom('casino_rounds')
    .selectAll()
    .where('round_id', '=', roundId)
    .executeTakeFirstOrThrow();
}

async function appErrorOf(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("Dau's own games through the wallet seam's core", () => {
  it('plays a one-step round: stake, win, the balance after, the details kept', async () => {
    const p = await player(t(), 100_00);
    const roundId = newRound();
    const played = await casino.wallet.playRound({
      userId: p.user.id,
      gameSlug: 'dice',
      roundId,
      stake: 10_00,
      win: 19_80,
      details: {
        fairness: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'lucky', nonce: 7 },
        input: { game: 'dice', bet: { target: 5000, direction: 'under' } },
        outcome: { roll: 1234 },
      },
    });
    expect(played).toMatchObject({ roundId, stake: 10_00, win: 19_80, balance: 109_80 });
    const row = await round(roundId);
    expect(row).toMatchObject({ status: 'settled', stake: 10_00, win: 19_80, planned_win: 19_80 });
    expect(row.details).toMatchObject({ fairness: { nonce: 7 }, outcome: { roll: 1234 } });
    // Playing the same round again answers the same and moves nothing.
    const again = await casino.wallet.playRound({
      userId: p.user.id,
      gameSlug: 'dice',
      roundId,
      stake: 10_00,
      win: 19_80,
    });
    expect(again).toEqual(played);
    expect(await cashOf(t(), p.user.id)).toBe(109_80);
  });

  it('plays a multi-step round (debit now, credit later) and a lost one (credit 0)', async () => {
    const p = await player(t(), 100_00);
    const won = newRound('mines');
    await casino.wallet.debit({
      userId: p.user.id,
      gameSlug: 'mines',
      roundId: won,
      transactionId: `${won}:stake`,
      amount: 20_00,
    });
    expect((await round(won)).status).toBe('open');
    const paid = await casino.wallet.credit({
      userId: p.user.id,
      gameSlug: 'mines',
      roundId: won,
      transactionId: `${won}:cashout`,
      amount: 45_00,
    });
    expect(paid.response.balance).toBe(125_00);
    const lost = newRound('mines');
    await casino.wallet.debit({
      userId: p.user.id,
      gameSlug: 'mines',
      roundId: lost,
      transactionId: `${lost}:stake`,
      amount: 25_00,
    });
    const closed = await casino.wallet.credit({
      userId: p.user.id,
      gameSlug: 'mines',
      roundId: lost,
      transactionId: `${lost}:end`,
      amount: 0,
    });
    expect(closed.response.balance).toBe(100_00);
    expect(await round(lost)).toMatchObject({ status: 'settled', stake: 25_00, win: 0 });
  });

  it('refuses out-of-limit stakes, empty wallets, blocked players and unknown games with AppErrors', async () => {
    const p = await player(t(), 30_00);
    const play = (over: Partial<{ stake: number; gameSlug: string; win: number }>) =>
      casino.wallet.playRound({
        userId: p.user.id,
        gameSlug: 'keno',
        roundId: newRound('keno'),
        stake: 10_00,
        win: 0,
        ...over,
      });
    const low = await appErrorOf(play({ stake: 5_00 }));
    expect(low.status).toBe(400);
    expect(low.details[0]).toMatchObject({
      code: 'STAKE_OUT_OF_LIMITS',
      message: 'The stake must be between KSh 10.00 and KSh 5,000.00.',
    });
    expect((await appErrorOf(play({ stake: 5_000_01 }))).details[0]?.code).toBe(
      'STAKE_OUT_OF_LIMITS',
    );
    const broke = await appErrorOf(play({ stake: 40_00 }));
    expect([broke.status, broke.details[0]?.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect((await appErrorOf(play({ gameSlug: 'no-such-game' }))).status).toBe(404);
    await database.db
      .insertInto('responsible_gambling_limits')
      .values({
        user_id: p.user.id,
        kind: 'self_exclusion',
        period: '6m',
        starts_at: new Date(clock),
        ends_at: new Date(clock + 180 * 86400_000),
      })
      .execute();
    const blocked = await appErrorOf(play({}));
    expect([blocked.status, blocked.details[0]?.code]).toEqual([403, 'PLAYER_BLOCKED']);
    expect(blocked.details[0]?.message).toMatch(/excluded yourself/);
    expect(await cashOf(t(), p.user.id)).toBe(30_00);
    const rounds = await database.db
      .selectFrom('casino_rounds')
      .select('id')
      .where('user_id', '=', p.user.id)
      .execute();
    expect(rounds).toEqual([]);
  });

  it('recovers rounds a crash left between debit and credit when the server restarts', async () => {
    const p = await player(t(), 100_00);
    // Crash 1: a one-step round debited with its win decided, the credit never sent.
    const planned = newRound('plinko');
    await casino.core.debit(
      { id: await providerId(), slug: 'dau-originals', kind: 'in-house' },
      {
        userId: p.user.id,
        gameSlug: 'plinko',
        roundId: planned,
        transactionId: `${planned}:stake`,
        amount: 10_00,
        plannedWin: 33_00,
      },
    );
    // Crash 2: a Roulette player's bet debited, the round's settlement never came.
    const abandoned = newRound('roulette');
    await casino.wallet.debit({
      userId: p.user.id,
      gameSlug: 'roulette',
      roundId: abandoned,
      transactionId: `${abandoned}:stake`,
      amount: 20_00,
    });
    // A Mines round in play, one safe tile open, then left alone for longer than the cut-off:
    // the engine owns it (ADR 172), so recovery must not refund it behind the table's back.
    const mines = await server.app.inject({
      method: 'POST',
      url: `/api/games${GAME_ENGINE_PATHS.minesStart}`,
      cookies: p.cookies,
      payload: { stake: 10, mines: 3 },
    });
    expect(mines.statusCode, mines.body).toBe(200);
    const idle = mines.json().roundId as string;
    const board = await database.db
      .selectFrom('casino_mines_rounds')
      .select('mine_tiles')
      .where('round_id', '=', idle)
      .executeTakeFirstOrThrow();
    const safeTile = [0, 1, 2, 3].find((tile) => !board.mine_tiles.includes(tile))!;
    const opened = await server.app.inject({
      method: 'POST',
      url: `/api/games${GAME_ENGINE_PATHS.minesReveal(idle)}`,
      cookies: p.cookies,
      payload: { tile: safeTile },
    });
    expect(opened.json().status).toBe('playing');
    // A round still being played (recent) stays open.
    const live = newRound('roulette');
    clock += 31 * 60_000;
    await casino.wallet.debit({
      userId: p.user.id,
      gameSlug: 'roulette',
      roundId: live,
      transactionId: `${live}:stake`,
      amount: 10_00,
    });
    expect(await cashOf(t(), p.user.id)).toBe(50_00);
    expect((await checkLedger(database.db)).ok).toBe(true);

    // The restart: a new server on the same database resolves them as it becomes ready.
    await server.close();
    server = await createServer(config(), { database, now: () => new Date(clock) });
    casino = createCasino(server.deps);
    expect(await round(planned)).toMatchObject({ status: 'settled', win: 33_00 });
    expect(await round(abandoned)).toMatchObject({ status: 'rolled_back', stake: 0 });
    expect((await round(live)).status).toBe('open');
    expect(await round(idle)).toMatchObject({ status: 'open', stake: 10_00 });
    expect(await cashOf(t(), p.user.id)).toBe(50_00 + 33_00 + 20_00);
    const ledger = await checkLedger(database.db);
    expect(ledger.problems).toEqual([]);
    // The player comes back to the idle Mines round and cashes it out at the table's price.
    const cashed = await server.app.inject({
      method: 'POST',
      url: `/api/games${GAME_ENGINE_PATHS.minesCashOut(idle)}`,
      cookies: p.cookies,
    });
    expect(cashed.statusCode, cashed.body).toBe(200);
    const paid = Math.round((cashed.json().win as number) * 100);
    expect(paid).toBeGreaterThan(10_00);
    expect(await round(idle)).toMatchObject({ status: 'settled', win: paid });
    expect(await cashOf(t(), p.user.id)).toBe(103_00 + paid);
    // Running recovery again changes nothing; a late engine credit repeats the recovered one.
    expect(await recoverOpenRounds(server.deps, casino.core)).toEqual({
      credited: 0,
      rolledBack: 0,
      closed: 0,
      failed: 0,
    });
    const late = await casino.wallet.credit({
      userId: p.user.id,
      gameSlug: 'plinko',
      roundId: planned,
      transactionId: `${planned}:win`,
      amount: 33_00,
    });
    expect(late.duplicate).toBe(true);
    expect(await cashOf(t(), p.user.id)).toBe(103_00 + paid);
  });

  it('posts a debit once when the same call arrives many times at once', async () => {
    const p = await player(t(), 100_00);
    const roundId = newRound();
    const call = () =>
      casino.wallet.debit({
        userId: p.user.id,
        gameSlug: 'dice',
        roundId,
        transactionId: `${roundId}:stake`,
        amount: 10_00,
      });
    const answers = await Promise.all([call(), call(), call(), call(), call()]);
    expect(new Set(answers.map((a) => a.response.walletTransactionId)).size).toBe(1);
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    expect(await cashOf(t(), p.user.id)).toBe(90_00);
  });
});

async function providerId(): Promise<number> {
  const row = await database.db
    .selectFrom('casino_providers')
    .select('id')
    .where('slug', '=', 'dau-originals')
    .executeTakeFirstOrThrow();
  return row.id;
}
