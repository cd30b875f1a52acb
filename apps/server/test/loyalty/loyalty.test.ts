import { beforeAll, describe, expect, it, vi } from 'vitest';
import { processSettlements } from '../../src/modules/betting/settlement.service';
import {
  grantWeeklyReward,
  loyaltyAfterSettlement,
} from '../../src/modules/loyalty/loyalty.service';
import type { TestApp } from '../helpers/test-app';
import {
  bettingSuite,
  fundedUser,
  placeBet,
  replayFeedMessage,
  sandbox,
  selectionAt,
  userBalance,
} from '../betting/betting-kit';

const suite = bettingSuite({
  minEvents: 6,
  env: { LOYALTY_WEEKLY_TARGET: '3', LOYALTY_MIN_STAKE: '50', LOYALTY_REWARD_AMOUNT: '75' },
});
const ev = suite.ev;
let t: TestApp;
beforeAll(() => {
  t = suite.app();
});

async function progress(cookies: { authBB: string }) {
  const res = await t.app.inject({ method: 'GET', url: '/api/core/loyalty/GetProgress', cookies });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function single(cookies: { authBB: string }, eventId: number, stake: number) {
  const res = await placeBet(t, cookies, { selections: [await selectionAt(t, eventId, 1)], stake });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().betId as string;
}

async function settle(eventId: number) {
  await sandbox(t, 'settle', { eventId, home: 1, away: 0 });
  const run = await processSettlements(t.deps);
  expect(run.failed).toBe(0);
}

async function replay(eventId: number, kind: 'bet_settlement' | 'rollback_bet_settlement') {
  await replayFeedMessage(t, eventId, kind);
  expect((await processSettlements(t.deps)).failed).toBe(0);
}

async function rewardTransactions(userId: number) {
  return t.deps.db
    .selectFrom('ledger_transactions')
    .select(['id', 'idempotency_key'])
    .where('kind', '=', 'loyalty_free_bet')
    .where('user_id', '=', userId)
    .execute();
}

describe('loyalty', () => {
  it('answers progress for the signed-in user only', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/core/loyalty/GetProgress' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().hasErrors).toBe(true);

    const { cookies } = await fundedUser(t);
    const p = await progress(cookies);
    expect(p).toMatchObject({
      progressPrc: 0,
      progressCount: 0,
      progressTargetCount: 3,
      minStake: 50,
      rewardAmount: 75,
      rewardGranted: false,
    });
    // The week runs Monday 00:00 to Monday 00:00 in UTC+3.
    const start = new Date(p.weekStart);
    expect(new Date(start.getTime() + 3 * 3600_000).getUTCDay()).toBe(1);
    expect(new Date(start.getTime() + 3 * 3600_000).getUTCHours()).toBe(0);
    expect(new Date(p.weekEnd).getTime() - start.getTime()).toBe(7 * 24 * 3600_000);
    expect(start.getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(p.weekEnd).getTime()).toBeGreaterThan(Date.now());
  });

  it('counts settled bets from the minimum stake and credits the free bet exactly once', async () => {
    const { user, cookies } = await fundedUser(t);
    const other = await fundedUser(t);
    const push = vi.spyOn(t.deps.realtime, 'toUser');
    await single(cookies, ev(0), 100);
    await single(cookies, ev(1), 50);
    await single(cookies, ev(2), 60);
    await single(cookies, ev(3), 49.99); // below the minimum: never counts
    await single(other.cookies, ev(0), 100); // someone else's bet
    const freeBet0 = await userBalance(t, user.id, 'free_bet');

    await settle(ev(3));
    expect((await progress(cookies)).progressCount).toBe(0);
    // Placed but open bets do not count either.
    await settle(ev(0));
    expect(await progress(cookies)).toMatchObject({ progressCount: 1, progressPrc: 33 });
    expect(await progress(other.cookies)).toMatchObject({ progressCount: 1 });
    await settle(ev(1));
    expect(await progress(cookies)).toMatchObject({
      progressCount: 2,
      progressPrc: 66,
      rewardGranted: false,
    });
    expect(await rewardTransactions(user.id)).toHaveLength(0);

    await settle(ev(2));
    expect(await userBalance(t, user.id, 'free_bet')).toBe(freeBet0 + 75_00);
    expect(await progress(cookies)).toMatchObject({
      progressCount: 3,
      progressPrc: 100,
      rewardGranted: true,
    });
    expect(push).toHaveBeenCalledWith(user.id, 'LoyaltyReward', {
      weekStart: expect.any(String),
      amount: 75,
      message:
        'You reached your weekly target of 3 settled bets! A KSh 75.00 free bet has been added to your account.',
    });
    expect(push).toHaveBeenCalledWith(
      user.id,
      'userdata',
      expect.objectContaining({ FreeBetBalance: (freeBet0 + 75_00) / 100 }),
    );
    expect(push).toHaveBeenCalledWith(
      user.id,
      'loyaltyProgress',
      expect.objectContaining({ progressCount: 3, rewardGranted: true }),
    );
    expect(push).not.toHaveBeenCalledWith(other.user.id, 'LoyaltyReward', expect.anything());

    // Rollback reopens a counted bet: progress drops, the reward stays, and re-settling it
    // (twice over) and every other path that grants never credits it again.
    for (let round = 0; round < 2; round += 1) {
      if (round === 0) {
        await sandbox(t, 'rollback-settlement', { eventId: ev(2) });
        expect((await processSettlements(t.deps)).failed).toBe(0);
      } else await replay(ev(2), 'rollback_bet_settlement');
      expect(await progress(cookies)).toMatchObject({ progressCount: 2, rewardGranted: true });
      await replay(ev(2), 'bet_settlement');
      expect(await progress(cookies)).toMatchObject({ progressCount: 3, rewardGranted: true });
    }
    await loyaltyAfterSettlement(t.deps, [user.id, user.id]);
    const concurrent = await Promise.all([1, 2, 3].map(() => grantWeeklyReward(t.deps, user.id)));
    expect(concurrent).toEqual([false, false, false]);
    expect(await rewardTransactions(user.id)).toHaveLength(1);
    const rewards = await t.deps.db
      .selectFrom('loyalty_rewards')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ settled_bets: 3 });
    expect(Number(rewards[0]?.amount)).toBe(75_00);
    expect(await userBalance(t, user.id, 'free_bet')).toBe(freeBet0 + 75_00);
    const pushes = push.mock.calls.filter(
      ([id, name]) => id === user.id && name === 'LoyaltyReward',
    );
    expect(pushes).toHaveLength(1);
  });

  it('grants once when several instances race for the same reward', async () => {
    const { user, cookies } = await fundedUser(t);
    for (const eventId of [ev(4), ev(5)]) await single(cookies, eventId, 100);
    await settle(ev(4));
    await settle(ev(5));
    expect(await progress(cookies)).toMatchObject({ progressCount: 2, rewardGranted: false });
    // A third settled qualifying bet, written straight to the table so that no settlement run
    // grants it first: the race between the grant paths is what is under test.
    const bet = await t.deps.db
      .selectFrom('bets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = bet;
    await t.deps.db
      .insertInto('bets')
      .values({
        ...copy,
        idempotency_key: `${bet.idempotency_key}-copy`,
        tax_policy: JSON.stringify(bet.tax_policy),
        response: JSON.stringify(bet.response),
        win_boost_percentage: Number(bet.win_boost_percentage),
        tax_boost_percentage: Number(bet.tax_boost_percentage),
      })
      .execute();
    const results = await Promise.all([1, 2, 3, 4].map(() => grantWeeklyReward(t.deps, user.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await rewardTransactions(user.id)).toHaveLength(1);
    expect(await progress(cookies)).toMatchObject({ progressCount: 3, rewardGranted: true });
  });

  it('never fails a settlement because of a loyalty step', async () => {
    const { cookies } = await fundedUser(t);
    const eventId = await freshEvent();
    const betId = await single(cookies, eventId, 100);
    const realtime = t.deps.realtime;
    const real = realtime.toUser.bind(realtime) as (...args: unknown[]) => void;
    vi.spyOn(realtime, 'toUser').mockImplementation((...args: unknown[]) => {
      if (args[1] === 'loyaltyProgress') throw new Error('socket layer down');
      real(...args);
    });
    const log = vi.fn();
    await sandbox(t, 'settle', { eventId, home: 2, away: 1 });
    const run = await processSettlements(t.deps, { log });
    expect(run).toMatchObject({ handled: 1, failed: 0, betsChanged: 1 });
    expect(log).toHaveBeenCalledWith(expect.any(Error), expect.any(String));
    const row = await t.deps.db
      .selectFrom('bets')
      .select('status')
      .where('id', '=', Number(betId))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('won');
  });
});

/** A pre-match event nobody in this file has settled yet. */
async function freshEvent(): Promise<number> {
  const settled = new Set(
    (await t.deps.db.selectFrom('feed_settlement_outbox').select('event_id').execute()).map((r) =>
      Number(r.event_id),
    ),
  );
  for (let i = 6; ; i += 1) {
    const eventId = suite.ev(i);
    if (!settled.has(eventId)) return eventId;
  }
}
