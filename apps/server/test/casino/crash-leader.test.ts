import { describe, expect, it } from 'vitest';
import { CRASH_PATHS } from '@dau/contracts/casino/crash';
import { elapsedToReach } from '@dau/domain/games/crash';
import { movePhase } from '../../src/modules/casino/games/crash/crash.repository';
import { crashWalletRound } from '../../src/modules/casino/games/crash/crash.service';
import { cashOf, player } from './casino-kit';
import { G, GRACE_MS, useCrashApp } from './crash-kit';

const k = useCrashApp();

describe('High Flyer: bad input and a leader killed mid-round', () => {
  it('refuses bad bets and cash-outs with a clear 4xx and no balance change', async () => {
    const p = await player(k.t, 50_00);
    const other = await player(k.t, 50_00);
    const round = await k.roundWhere((c) => c >= 150);
    const cash = await cashOf(k.t, p.user.id);
    const cases: [Record<string, unknown>, number][] = [
      [{ roundId: round.id, slot: 1, stake: 10.001 }, 400],
      [{ roundId: round.id, slot: 1, stake: 1 }, 400],
      [{ roundId: round.id, slot: 1, stake: 30_000 }, 400],
      [{ roundId: round.id, slot: 3, stake: 10 }, 400],
      [{ roundId: round.id, slot: 1, stake: 10, autoCashOut: 1 }, 400],
      [{ roundId: round.id, slot: 1, stake: 10, autoCashOut: 1.005 }, 400],
      [{ roundId: round.id, slot: 1, stake: 10, autoCashOut: 20_000 }, 400],
      [{ roundId: round.id, slot: 1, stake: 60 }, 409], // INSUFFICIENT_FUNDS
      [{ roundId: 999_999, slot: 1, stake: 10 }, 404],
    ];
    for (const [payload, status] of cases) {
      const res = await k.bet(p.cookies, payload as never);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(status);
      expect(res.json().hasErrors).toBe(true);
    }
    expect(await cashOf(k.t, p.user.id)).toBe(cash);
    const guest = await k.t.app.inject({
      method: 'POST',
      url: `${G}${CRASH_PATHS.bets}`,
      payload: { roundId: round.id, slot: 1, stake: 10 },
    });
    expect(guest.statusCode).toBe(401);
    expect((await k.bet(p.cookies, { roundId: round.id, slot: 1, stake: 10 })).statusCode).toBe(
      200,
    );
    const taken = await k.bet(p.cookies, { roundId: round.id, slot: 1, stake: 10 });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('SLOT_TAKEN');
    await k.tickAt(round.takeoff_at.getTime() + 100);
    // Another player cannot cash out p's bet: their slot 1 has no bet.
    const notYours = await k.cashOut(other.cookies, round.id, 1);
    expect(notYours.statusCode).toBe(404);
    expect(notYours.body).toContain('NO_BET');
    expect((await k.cashOut(p.cookies, 999_999, 1)).statusCode).toBe(404);
    expect(
      (
        await k.t.app.inject({
          method: 'POST',
          url: `${G}${CRASH_PATHS.cashOut}`,
          cookies: p.cookies,
          payload: { roundId: round.id, slot: 'one' },
        })
      ).statusCode,
    ).toBe(400);
    await k.finish(round);
    expect(await cashOf(k.t, p.user.id)).toBe(cash - 1000);
    expect(await cashOf(k.t, other.user.id)).toBe(50_00);
  });

  it('a bet is refused once take-off passed by this clock, or once the round has taken off, whichever first', async () => {
    const p = await player(k.t, 50_00);
    const cash = await cashOf(k.t, p.user.id);
    // The clock passed take-off but no leader has moved the round yet: refused all the same.
    const first = await k.roundWhere((c) => c >= 150);
    k.clock = first.takeoff_at.getTime();
    expect((await k.roundRow(first.id)).phase).toBe('betting');
    const late = await k.bet(p.cookies, { roundId: first.id, slot: 1, stake: 10 });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.body).toContain('BETTING_CLOSED');
    await k.finish(first);
    // Another instance took off a moment before this one's clock says so: refused too.
    const second = await k.roundWhere((c) => c >= 150);
    await movePhase(k.t.deps.db, second.id, 'betting', 'flying');
    const early = await k.bet(p.cookies, { roundId: second.id, slot: 2, stake: 10 });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.body).toContain('BETTING_CLOSED');
    await k.finish(second);
    expect(await cashOf(k.t, p.user.id)).toBe(cash);
    expect(await k.movesOf(crashWalletRound(first.id, p.user.id, 1))).toEqual([]);
    expect(await k.movesOf(crashWalletRound(second.id, p.user.id, 2))).toEqual([]);
  });

  it('killing the leader mid-round: the next leader settles the round exactly once by its fixed crash point', async () => {
    const a = await player(k.t, 500_00);
    const b = await player(k.t, 500_00);
    const c = await player(k.t, 500_00);
    const round = await k.roundWhere((x) => x >= 160 && x < 100_000);
    const cash = {
      a: await cashOf(k.t, a.user.id),
      b: await cashOf(k.t, b.user.id),
      c: await cashOf(k.t, c.user.id),
    };
    expect((await k.bet(a.cookies, { roundId: round.id, slot: 1, stake: 10 })).statusCode).toBe(
      200,
    );
    expect(
      (await k.bet(b.cookies, { roundId: round.id, slot: 1, stake: 10, autoCashOut: 1.5 }))
        .statusCode,
    ).toBe(200);
    expect((await k.bet(c.cookies, { roundId: round.id, slot: 2, stake: 10 })).statusCode).toBe(
      200,
    );
    await k.tickAt(round.takeoff_at.getTime());
    k.clock = round.takeoff_at.getTime() + elapsedToReach(120);
    expect((await k.cashOut(a.cookies, round.id, 1)).statusCode).toBe(200);
    // The leader dies in flight: it never ticks again.
    await k.leader.stop();
    // Cash-outs are still judged while no leader runs (any instance has the round's times).
    k.clock = round.takeoff_at.getTime() + elapsedToReach(130);
    // Two instances now both believe they lead, and race through the rest of the round.
    const next = k.newLeader();
    const rival = k.newLeader();
    k.clock = round.crash_at.getTime() + GRACE_MS;
    await Promise.all([next.tick(), rival.tick(), next.tick()]);
    await Promise.all([next.drain(), rival.drain()]);
    await Promise.all([next.settle(await k.roundRow(round.id)), rival.tick()]);
    await Promise.all([next.drain(), rival.drain()]);
    k.leader = next;
    await k.cashBecomes(a.user.id, cash.a - 1000 + 1200);
    expect(await cashOf(k.t, b.user.id)).toBe(cash.b - 1000 + 1500);
    expect(await cashOf(k.t, c.user.id)).toBe(cash.c - 1000);
    // Exactly one debit and one credit per bet, and the round is settled once.
    for (const [who, slot, win] of [
      [a, 1, 1200],
      [b, 1, 1500],
      [c, 2, 0],
    ] as const) {
      const moves = await k.movesOf(crashWalletRound(round.id, who.user.id, slot));
      expect(moves).toEqual([
        ['debit', 1000],
        ['credit', win],
      ]);
    }
    expect((await k.roundRow(round.id)).settled_at).not.toBeNull();
    await k.finish(round);
  });
});
