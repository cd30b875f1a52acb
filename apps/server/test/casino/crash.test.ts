import { describe, expect, it } from 'vitest';
import { CRASH_PATHS, type CrashRound } from '@dau/contracts/casino/crash';
import {
  crashPoint,
  crashSeed,
  elapsedToReach,
  hashTimes,
  multiplierAt,
} from '@dau/domain/games/crash';
import { hashServerSeed } from '@dau/domain/games/fairness';
import { replayRound } from '@dau/domain/games/replay';
import { crashWalletRound } from '../../src/modules/casino/games/crash/crash.service';
import { cashOf, player } from './casino-kit';
import { G, useCrashApp } from './crash-kit';

const k = useCrashApp();

describe('High Flyer: shared crash rounds', () => {
  it('recomputes a crash point from the revealed hash, and the seed chains to the published terminating hash', async () => {
    const round = await k.roundWhere(() => true);
    const open = (
      await k.t.app.inject({ method: 'GET', url: `${G}${CRASH_PATHS.current}` })
    ).json() as { round: CrashRound };
    expect(open.round).toMatchObject({ roundId: round.id, phase: 'betting', crashPoint: null });
    expect(open.round.serverSeed).toBeNull();
    await k.finish(round);
    const next = await k.roundWhere(() => true);
    await k.finish(next);

    const done = (
      await k.t.app.inject({ method: 'GET', url: `${G}${CRASH_PATHS.round(next.id)}` })
    ).json() as CrashRound;
    const before = (
      await k.t.app.inject({ method: 'GET', url: `${G}${CRASH_PATHS.round(round.id)}` })
    ).json() as CrashRound;
    const seed = done.serverSeed as string;
    expect(done.phase).toBe('crashed');
    // The commitment shown before the round is the SHA-256 of its seed...
    expect(hashServerSeed(seed)).toBe(done.serverSeedHash);
    // ...and the crash point recomputes from the seed with the published rule.
    expect(Math.round(done.crashPoint! * 100)).toBe(crashPoint(crashSeed(seed, done.roundId)));
    expect(replayRound(crashSeed(seed, done.roundId), { game: 'crash' })).toEqual({
      game: 'crash',
      crashPoint: Math.round(done.crashPoint! * 100),
    });
    // Each seed hashes to the one played before it, and k hashes reach the terminating hash.
    if (done.chainIndex === before.chainIndex + 1) {
      expect(hashServerSeed(seed)).toBe(before.serverSeed);
    }
    const chain = (await k.t.app.inject({ method: 'GET', url: `${G}${CRASH_PATHS.chain}` })).json();
    expect(hashTimes(seed, done.chainIndex)).toBe(chain.terminatingHash);
    expect(done.terminatingHash).toBe(chain.terminatingHash);
    const recent = (
      await k.t.app.inject({ method: 'GET', url: `${G}${CRASH_PATHS.recent}?count=20` })
    ).json();
    expect(recent.rounds[0].roundId).toBe(next.id);
  });

  it('two bets per round: a cash-out by hand pays stake × the multiplier of its arrival; one arriving after the crash loses', async () => {
    const p = await player(k.t, 500_00);
    const round = await k.roundWhere((c) => c >= 150 && c < 100_000);
    const cash = await cashOf(k.t, p.user.id);
    const one = await k.bet(p.cookies, { roundId: round.id, slot: 1, stake: 10 });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().bet).toMatchObject({ slot: 1, stake: 10, status: 'open' });
    const two = await k.bet(p.cookies, { roundId: round.id, slot: 2, stake: 25.5 });
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().balance).toBe((cash - 3550) / 100);
    expect(await cashOf(k.t, p.user.id)).toBe(cash - 3550);

    // Too early: not flying yet.
    expect((await k.cashOut(p.cookies, round.id, 1)).statusCode).toBe(409);

    await k.tickAt(round.takeoff_at.getTime());
    // A bet after take-off is refused, and moves nothing.
    const late = await k.bet(p.cookies, { roundId: round.id, slot: 1, stake: 10 });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors?.[0]?.code ?? late.body).toContain('BETTING_CLOSED');

    // Cash out slot 1 at exactly 1.50×: the server's clock says when it arrived.
    k.clock = round.takeoff_at.getTime() + elapsedToReach(150);
    const out = await k.cashOut(p.cookies, round.id, 1);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().bet).toMatchObject({ status: 'cashed_out', cashOut: 1.5, win: 15 });
    await k.cashBecomes(p.user.id, cash - 3550 + 1500);
    // Twice is refused.
    const again = await k.cashOut(p.cookies, round.id, 1);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('ALREADY_CASHED_OUT');

    // Slot 2 asks after the crash: lost, nothing moves.
    await k.tickAt(round.crash_at.getTime());
    k.clock = round.crash_at.getTime() + 1;
    const tooLate = await k.cashOut(p.cookies, round.id, 2);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.body).toContain('ROUND_CRASHED');
    await k.finish(round);
    expect(await cashOf(k.t, p.user.id)).toBe(cash - 3550 + 1500);

    const mine = (
      await k.t.app.inject({
        method: 'GET',
        url: `${G}${CRASH_PATHS.myBets}?roundId=${round.id}`,
        cookies: p.cookies,
      })
    ).json();
    expect(mine.bets.map((b: { slot: number; status: string }) => [b.slot, b.status])).toEqual([
      [2, 'lost'],
      [1, 'cashed_out'],
    ]);
    // Both bets are casino rounds in history, with the revealed seed and the crash point.
    const history = (
      await k.t.app.inject({ method: 'GET', url: `${G}/history`, cookies: p.cookies })
    ).json();
    const ids = history.rounds.map((r: { roundId: string }) => r.roundId);
    expect(ids).toContain(crashWalletRound(round.id, p.user.id, 1));
    expect(ids).toContain(crashWalletRound(round.id, p.user.id, 2));
    const proof = (
      await k.t.app.inject({
        method: 'GET',
        url: `${G}/history/${crashWalletRound(round.id, p.user.id, 2)}`,
        cookies: p.cookies,
      })
    ).json();
    expect(proof.outcome).toEqual({ game: 'crash', crashPoint: round.crash_point });
    expect(proof.fairness.nonce).toBe(round.id);
    expect(JSON.stringify(proof)).toContain('high-flyer');
  });

  it('auto cash-out at 2.00× credits exactly stake × 2.00 with no client connected', async () => {
    const p = await player(k.t, 500_00);
    const round = await k.roundWhere((c) => c >= 200);
    const cash = await cashOf(k.t, p.user.id);
    const placed = await k.bet(p.cookies, {
      roundId: round.id,
      slot: 1,
      stake: 12.34,
      autoCashOut: 2,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    // The player is gone: nobody asks for anything until the round is over.
    await k.tickAt(round.takeoff_at.getTime());
    await k.tickAt(round.takeoff_at.getTime() + elapsedToReach(200) + 50);
    await k.finish(round);
    expect(await cashOf(k.t, p.user.id)).toBe(cash - 1234 + 2468);
    const mine = (
      await k.t.app.inject({ method: 'GET', url: `${G}${CRASH_PATHS.myBets}`, cookies: p.cookies })
    ).json();
    expect(mine.bets[0]).toMatchObject({ status: 'cashed_out', cashOut: 2, win: 24.68 });
    const moves = await k.movesOf(crashWalletRound(round.id, p.user.id, 1));
    expect(moves).toEqual([
      ['debit', 1234],
      ['credit', 2468],
    ]);
  });

  it('an auto cash-out the crash point does not reach loses; a manual one after its target is refused', async () => {
    const p = await player(k.t, 500_00);
    const round = await k.roundWhere((c) => c >= 120 && c < 300);
    const cash = await cashOf(k.t, p.user.id);
    expect(
      (await k.bet(p.cookies, { roundId: round.id, slot: 1, stake: 10, autoCashOut: 1.1 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await k.bet(p.cookies, { roundId: round.id, slot: 2, stake: 10, autoCashOut: 3 }))
        .statusCode,
    ).toBe(200);
    await k.tickAt(round.takeoff_at.getTime());
    k.clock = round.takeoff_at.getTime() + elapsedToReach(115);
    const manual = await k.cashOut(p.cookies, round.id, 1);
    expect(manual.statusCode).toBe(409);
    expect(manual.body).toContain('ALREADY_CASHED_OUT');
    expect(multiplierAt(k.clock - round.takeoff_at.getTime())).toBe(115);
    await k.finish(round);
    expect(await cashOf(k.t, p.user.id)).toBe(cash - 2000 + 1100);
  });
});
