import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CRASH_PATHS } from '@dau/contracts/casino/crash';
import { elapsedToReach } from '@dau/domain/games/crash';
import type { Db } from '../../src/db/database';
import { crashWalletRound, CrashService } from '../../src/modules/casino/games/crash/crash.service';
import { TEST_POOL_SIZE } from '../helpers/test-database';
import { casinoOf, cashOf, player } from './casino-kit';
import { useCrashApp } from './crash-kit';

/**
 * A cash-out never queues behind bets and credits (ADR 187): its session lookup, its round and
 * its one UPDATE run on the priority pool, so it is answered while every connection of the main
 * pool is held by long transactions; the credit follows on the main pool once one is free, and
 * every guarantee of ADR 190 holds (judged at arrival, paid exactly once).
 */
const k = useCrashApp();
const onPostgres = Boolean(process.env.DATABASE_URL);

/** A database handle that fails any use: whatever touches it is on the wrong pool. */
const mainPoolGone = new Proxy({} as Db, {
  get(_target, name) {
    throw new Error(`the main pool was used (${String(name)})`);
  },
});

/** Holds `count` connections of `db` in open transactions until `release` is called. */
async function holdPool(db: Db, count: number) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held = 0;
  const holders = Array.from({ length: count }, () =>
    db.transaction().execute(async (tx) => {
      await sql`select 1`.execute(tx);
      held += 1;
      await gate;
    }),
  );
  for (let i = 0; i < 500 && held < count; i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(held).toBe(count);
  return {
    async release() {
      release();
      await Promise.all(holders);
    },
  };
}

/** Whether a promise settles within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((r) => (timer = setTimeout(() => r(false), ms)));
  const done = promise.then(
    () => true,
    () => true,
  );
  const settled = await Promise.race([done, timeout]);
  clearTimeout(timer);
  return settled;
}

describe('High Flyer: the cash-out on the priority pool (ADR 187)', () => {
  it('a cash-out, its refusal and its judgement use nothing of the main pool; a credit that failed there is paid once by the settlement', async () => {
    const p = await player(k.t, 500_00);
    const round = await k.roundWhere((c) => c >= 150 && c < 100_000);
    const cash = await cashOf(k.t, p.user.id);
    expect((await k.bet(p.cookies, { roundId: round.id, slot: 1, stake: 10 })).statusCode).toBe(
      200,
    );
    await k.tickAt(round.takeoff_at.getTime());
    // An instance whose main pool is unusable: only the priority pool answers.
    const settings = k.t.deps.config.casinoGames.crash;
    const errors: unknown[] = [];
    const instance = new CrashService(
      { ...k.t.deps, db: mainPoolGone, log: { error: (obj) => errors.push(obj) } },
      casinoOf(k.t).wallet,
      settings,
    );
    const at = new Date(round.takeoff_at.getTime() + elapsedToReach(150));
    const answer = await instance.cashOut(p.user.id, { roundId: round.id, slot: 1 }, at);
    expect(answer).toMatchObject({
      bet: { status: 'cashed_out', cashOut: 1.5, win: 15 },
      judgedAt: at.toISOString(),
    });
    // Refusals read the bet on the priority pool too.
    await expect(
      instance.cashOut(p.user.id, { roundId: round.id, slot: 1 }, at),
    ).rejects.toMatchObject({ details: [{ code: 'ALREADY_CASHED_OUT' }] });
    await expect(
      instance.cashOut(p.user.id, { roundId: round.id, slot: 2 }, at),
    ).rejects.toMatchObject({ details: [{ code: 'NO_BET' }] });
    // Its credit went to the wallet, but marking it paid needed the main pool: left unpaid,
    // logged, and the round's settlement repeats the credit with the same id.
    await instance.drain();
    expect(errors).toHaveLength(1);
    await k.finish(round);
    expect(await cashOf(k.t, p.user.id)).toBe(cash - 1000 + 1500);
    expect(await k.movesOf(crashWalletRound(round.id, p.user.id, 1))).toEqual([
      ['debit', 1000],
      ['credit', 1500],
    ]);
    instance.close();
  });

  it.skipIf(!onPostgres)(
    'cash-outs are answered while every main-pool connection is held by a long transaction; bets and other reads wait',
    async () => {
      const p = await player(k.t, 500_00);
      const other = await player(k.t, 500_00);
      const round = await k.roundWhere((c) => c >= 150 && c < 100_000);
      const cash = await cashOf(k.t, p.user.id);
      for (const slot of [1, 2]) {
        const placed = await k.bet(p.cookies, { roundId: round.id, slot, stake: 10 });
        expect(placed.statusCode, placed.body).toBe(200);
      }
      await k.tickAt(round.takeoff_at.getTime());
      k.clock = round.takeoff_at.getTime() + elapsedToReach(150);

      const pool = await holdPool(k.t.deps.db, TEST_POOL_SIZE);
      let released = false;
      try {
        // The main pool is full: a read of the player's bets (session lookup on it) waits...
        const mine = k.get(CRASH_PATHS.myBets, p.cookies);
        const bet = k.bet(other.cookies, { roundId: round.id, slot: 1, stake: 10 });
        // ...while the cash-out is judged and answered (on the main pool it would wait here).
        const asked = k.cashOut(p.cookies, round.id, 1);
        expect(await settlesWithin(asked, 5_000)).toBe(true);
        const out = await asked;
        expect(out.statusCode, out.body).toBe(200);
        expect(out.json()).toMatchObject({
          bet: { slot: 1, status: 'cashed_out', cashOut: 1.5, win: 15 },
          judgedAt: new Date(k.clock).toISOString(),
        });
        // Its refusals too, and the session check (no session: 401).
        const again = await k.cashOut(p.cookies, round.id, 1);
        expect(again.statusCode).toBe(409);
        expect(again.body).toContain('ALREADY_CASHED_OUT');
        const stranger = await k.cashOut({}, round.id, 2);
        expect(stranger.statusCode).toBe(401);
        // Slot 2, a moment later by the server's clock.
        k.clock = round.takeoff_at.getTime() + elapsedToReach(160);
        const second = await k.cashOut(p.cookies, round.id, 2);
        expect(second.statusCode, second.body).toBe(200);
        expect(second.json().bet).toMatchObject({ cashOut: 1.6, win: 16 });

        expect(await settlesWithin(mine, 200)).toBe(false);
        expect(await settlesWithin(bet, 10)).toBe(false);
        // The credits wait for the main pool as well: nothing paid yet.
        await pool.release();
        released = true;
        expect((await mine).statusCode).toBe(200);
        // The other player's bet came after take-off by the clock: refused, nothing moved.
        expect((await bet).statusCode).toBe(409);
      } finally {
        if (!released) await pool.release();
      }
      await k.cashBecomes(p.user.id, cash - 2000 + 1500 + 1600);
      await k.finish(round);
      expect(await cashOf(k.t, p.user.id)).toBe(cash - 2000 + 1500 + 1600);
      for (const [slot, win] of [
        [1, 1500],
        [2, 1600],
      ] as const) {
        expect(await k.movesOf(crashWalletRound(round.id, p.user.id, slot))).toEqual([
          ['debit', 1000],
          ['credit', win],
        ]);
      }
    },
  );
});
