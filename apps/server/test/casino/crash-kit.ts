import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { CRASH_PATHS } from '@dau/contracts/casino/crash';
import { roundById } from '../../src/modules/casino/games/crash/crash.repository';
import { CrashRounds } from '../../src/modules/casino/games/crash/crash-rounds';
import { CrashService } from '../../src/modules/casino/games/crash/crash.service';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectLedgerBalanced } from '../wallet/ledger-assertions';
import { CASINO_ENV, casinoOf, cashOf } from './casino-kit';

/**
 * High Flyer (issue #14 item 1, ADR 190) on a fake clock: the test plays the elected instance
 * (`tick`) while bets and cash-outs go through the app's HTTP routes, as another instance would.
 */
export const G = '/api/games';
export const BETTING_MS = 5_000;
export const GRACE_MS = 300;
export const PAUSE_MS = 3_000;

export interface DbRound {
  id: number;
  crash_point: number;
  takeoff_at: Date;
  crash_at: Date;
  phase: string;
  settled_at: Date | null;
}

export class CrashKit {
  clock = Date.now();
  t!: TestApp;
  leader!: CrashRounds;

  /** An instance playing the rounds: its own services over the app's database and wallet. */
  newLeader(): CrashRounds {
    const settings = this.t.deps.config.casinoGames.crash;
    const wallet = casinoOf(this.t).wallet;
    return new CrashRounds(
      this.t.deps,
      new CrashService(this.t.deps, wallet, settings),
      wallet,
      settings,
    );
  }

  async latest(): Promise<DbRound> {
    const row = await this.t.deps.db
      .selectFrom('casino_crash_rounds')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    return { ...row, id: Number(row.id), crash_point: Number(row.crash_point) };
  }

  /** Plays rounds to the end until one opens whose crash point satisfies `wanted`. */
  async roundWhere(wanted: (crash: number) => boolean): Promise<DbRound> {
    for (let i = 0; i < 200; i += 1) {
      await this.leader.tick();
      const round = await this.latest();
      if (round.phase === 'betting' && wanted(round.crash_point)) return round;
      await this.finish(round);
    }
    throw new Error('no such round in 200');
  }

  /** Moves the clock to `at` and ticks. */
  async tickAt(at: number, by?: CrashRounds): Promise<void> {
    this.clock = Math.max(this.clock, at);
    await (by ?? this.leader).tick();
  }

  async finish(round: DbRound): Promise<void> {
    await this.tickAt(round.takeoff_at.getTime());
    await this.tickAt(round.crash_at.getTime());
    await this.tickAt(round.crash_at.getTime() + GRACE_MS);
    await this.leader.drain();
    await this.tickAt(round.crash_at.getTime() + PAUSE_MS);
    await this.leader.drain();
    // Settling runs beside the ticks: a tick that found one under way starts none, so tick
    // until this round is settled (its wallet rounds then carry the revealed outcome).
    for (let i = 0; i < 50 && (await this.roundRow(round.id)).settled_at === null; i += 1) {
      await this.tickAt(this.clock);
      await this.leader.drain();
    }
    expect((await this.roundRow(round.id)).settled_at).not.toBeNull();
  }

  bet(
    cookies: Record<string, string>,
    body: { roundId: number; slot: number; stake: number; autoCashOut?: number | null },
  ) {
    return this.t.app.inject({
      method: 'POST',
      url: `${G}${CRASH_PATHS.bets}`,
      cookies,
      payload: body,
    });
  }

  cashOut(cookies: Record<string, string>, roundId: number, slot: number | string) {
    return this.t.app.inject({
      method: 'POST',
      url: `${G}${CRASH_PATHS.cashOut}`,
      cookies,
      payload: { roundId, slot },
    });
  }

  get(url: string, cookies?: Record<string, string>) {
    return this.t.app.inject({
      method: 'GET',
      url: `${G}${url}`,
      ...(cookies ? { cookies } : {}),
    });
  }

  /** The app's credits run off the request: wait until the cash shows them. */
  async cashBecomes(userId: number, expected: number): Promise<void> {
    for (let i = 0; i < 200 && (await cashOf(this.t, userId)) !== expected; i += 1) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(await cashOf(this.t, userId)).toBe(expected);
  }

  /** The wallet calls of one bet's casino round, in order. */
  async movesOf(walletRound: string): Promise<[string, number][]> {
    const rows = await this.t.deps.db
      .selectFrom('casino_transactions as x')
      .innerJoin('casino_rounds as r', 'r.id', 'x.round_pk')
      .select(['x.kind', 'x.amount'])
      .where('r.round_id', '=', walletRound)
      .orderBy('x.id')
      .execute();
    return rows.map((m) => [m.kind, Number(m.amount)]);
  }

  async roundRow(id: number) {
    const row = await roundById(this.t.deps.db, id);
    if (!row) throw new Error('no round');
    return row;
  }
}

/** Registers the file's app (before/after hooks) and answers the helpers over it. */
export function useCrashApp(): CrashKit {
  const kit = new CrashKit();

  beforeAll(async () => {
    kit.t = await createTestApp(
      {
        ...CASINO_ENV,
        CRASH_CHAIN_LENGTH: '500',
        CRASH_BETTING_MS: String(BETTING_MS),
        CRASH_GRACE_MS: String(GRACE_MS),
        CRASH_PAUSE_MS: String(PAUSE_MS),
      },
      { now: () => new Date(kit.clock) },
    );
    kit.leader = kit.newLeader();
  });
  afterEach(async () => {
    await kit.leader.drain();
    await expectLedgerBalanced(kit.t.deps.db);
  });
  afterAll(async () => {
    await kit.t.close();
  });
  return kit;
}
