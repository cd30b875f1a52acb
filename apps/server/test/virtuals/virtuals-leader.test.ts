import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BetSettlementPush } from '@dau/contracts/betting/realtime-payloads';
import { RoundLeader } from '../../src/modules/casino/games/round-leader';
import { MatchdaysService } from '../../src/modules/virtuals/matchdays.service';
import { VirtualBetsService } from '../../src/modules/virtuals/virtual-bets.service';
import { matchdayInPhase } from '../../src/modules/virtuals/virtuals.repository';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectLedgerBalanced } from '../wallet/ledger-assertions';
import { CASINO_ENV, casinoOf, cashOf, player } from '../casino/casino-kit';

// The election needs PostgreSQL (a session advisory lock on a connection of its own); PGlite
// has one connection, so there the loop simply runs on the one instance.
const onPostgres = Boolean(process.env.DATABASE_URL);

const CYCLE_MS = 3_000;
const PLAY_MS = 1_500;
let t: TestApp;
const quiet = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  t = await createTestApp(CASINO_ENV);
});
afterAll(async () => {
  await t.close();
});

/** One server instance's virtuals: its services, its leader loop (a random lock key per file). */
function instance(lockKey: number, settled: BetSettlementPush[]) {
  const casino = casinoOf(t);
  const realtime = {
    ...t.deps.realtime,
    toUser: (_user: number, event: string, payload: unknown) => {
      if (event === 'BetSettlement_v2') settled.push(payload as BetSettlementPush);
    },
    toRoom: () => undefined,
  } as unknown as typeof t.deps.realtime;
  const deps = { ...t.deps, realtime };
  const bets = new VirtualBetsService(deps, casino.wallet);
  const matchdays = new MatchdaysService(deps, bets, { cycleMs: CYCLE_MS, playMs: PLAY_MS });
  const leader = new RoundLeader(t.deps.db, matchdays, {
    lockKey,
    name: 'virtuals-test',
    elect: true,
    retryMs: 100,
    log: quiet,
  });
  return { bets, matchdays, leader };
}

async function until<T>(check: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!onPostgres)('virtual football: the elected leader', () => {
  it('a leader killed mid-matchday leaves it to the next, which settles every bet exactly once', async () => {
    const lockKey = randomInt(1, 2 ** 31 - 1);
    const settled: BetSettlementPush[] = [];
    const a = instance(lockKey, settled);
    const b = instance(lockKey, settled);
    a.leader.start();
    b.leader.start();
    const open = await until(async () => matchdayInPhase(t.deps.db, 'open'));

    const bettor = await player(t, 100_00);
    const md = await a.matchdays.matchday(open.id);
    const odds = (i: number) => md.matches[i]?.markets[0]?.outcomes[0]?.odds ?? 0;
    const placed = await a.bets.place(bettor.user.id, {
      matchdayId: open.id,
      betType: 'single',
      selections: [0, 1, 2].map((i) => ({
        matchIndex: i,
        market: '1x2',
        outcome: '1',
        odds: odds(i),
        stake: 10,
      })),
    });
    expect(placed.bets).toHaveLength(3);
    expect(await cashOf(t, bettor.user.id)).toBe(70_00);

    // Kick-off; then each instance that may lead is killed in turn mid-match, a fresh one
    // joining before the last goes, so the matchday is finished by a successor.
    const playing = await until(async () => {
      const row = await matchdayInPhase(t.deps.db, 'playing');
      return row?.id === open.id ? row : undefined;
    });
    await a.leader.close();
    const c = instance(lockKey, settled);
    c.leader.start();
    await b.leader.close();
    await until(async () => {
      const row = await t.deps.db
        .selectFrom('virtual_matchdays')
        .select('phase')
        .where('id', '=', playing.id)
        .executeTakeFirst();
      return row?.phase === 'settled' ? true : undefined;
    });
    await c.leader.close();

    const bets = await t.deps.db
      .selectFrom('virtual_bets')
      .select(['id', 'status', 'payout'])
      .where('user_id', '=', bettor.user.id)
      .execute();
    expect(bets.every((x) => x.status === 'won' || x.status === 'lost')).toBe(true);
    const paid = bets.reduce((s, x) => s + Number(x.payout), 0);
    expect(await cashOf(t, bettor.user.id)).toBe(70_00 + paid);
    expect(settled.filter((p) => bets.some((x) => String(x.id) === p.betId))).toHaveLength(3);
    await expectLedgerBalanced(t.deps.db);
  });
});
