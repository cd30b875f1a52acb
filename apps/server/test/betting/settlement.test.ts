import { beforeAll, describe, expect, it, vi } from 'vitest';
import { processSettlements } from '../../src/modules/betting/settlement.service';
import type { TestApp } from '../helpers/test-app';
import {
  bettingSuite,
  fundedUser,
  placeBet,
  replayFeedMessage,
  sandbox,
  selectionAt,
  systemBalance,
  userBalance,
} from './betting-kit';

const suite = bettingSuite({ minEvents: 6 });
const ev = suite.ev;
let t: TestApp;
beforeAll(() => {
  t = suite.app();
});

async function betRow(betId: string) {
  return t.deps.db
    .selectFrom('bets')
    .selectAll()
    .where('id', '=', Number(betId))
    .executeTakeFirstOrThrow();
}

async function settlementTransactions(betId: string) {
  const rows = await t.deps.db
    .selectFrom('ledger_transactions')
    .select(['kind'])
    .where('kind', 'in', ['bet_settlement', 'bet_settlement_rollback'])
    .where('idempotency_key', 'like', `bet:${betId}:%`)
    .execute();
  return rows.map((r) => r.kind).sort();
}

describe('settlement engine', () => {
  it('pays a won single, reverses it exactly on rollback, and pays once when settled again', async () => {
    const { user, cookies } = await fundedUser(t);
    const push = vi.spyOn(t.deps.realtime, 'toUser');
    const placed = await placeBet(t, cookies, {
      selections: [await selectionAt(t, ev(0), 1)],
      stake: 115,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { betId, figures } = placed.json();
    const bet = await betRow(betId);
    const cashAfterStake = await userBalance(t, user.id);
    const [tax0, pool0, house0] = [
      await systemBalance(t, 'tax_payable'),
      await systemBalance(t, 'bets_in_play'),
      await systemBalance(t, 'house'),
    ];

    await sandbox(t, 'settle', { eventId: ev(0), home: 2, away: 0 });
    const run = await processSettlements(t.deps);
    expect(run).toMatchObject({ handled: 1, failed: 0, betsChanged: 1 });

    const won = await betRow(betId);
    expect(won.status).toBe('won');
    expect(won.settled_payout).toBe(bet.net_payout);
    expect(won.settled_withholding).toBe(bet.withholding_tax);
    expect(await userBalance(t, user.id)).toBe(cashAfterStake + bet.net_payout);
    expect(await systemBalance(t, 'tax_payable')).toBe(tax0 + bet.withholding_tax);
    expect(await systemBalance(t, 'bets_in_play')).toBe(pool0 - bet.stake_after_excise);
    expect(await systemBalance(t, 'house')).toBe(
      house0 + bet.stake_after_excise - bet.net_payout - bet.withholding_tax,
    );
    const amount = figures.netPayout.toLocaleString('en-KE', { minimumFractionDigits: 2 });
    expect(push).toHaveBeenCalledWith(user.id, 'BetSettlement_v2', {
      betId,
      status: 1,
      amount: figures.netPayout,
      message: `Bet ${betId} has settled. You won KSh ${amount}!`,
    });
    expect(push).toHaveBeenCalledWith(
      user.id,
      'BetsStatus_v2',
      expect.objectContaining({ betId, status: 'won', openBetsCount: 0, notify: true }),
    );

    // Running again changes nothing (messages are acknowledged, bets reconciled).
    expect(await processSettlements(t.deps)).toMatchObject({ handled: 0 });

    await sandbox(t, 'rollback-settlement', { eventId: ev(0) });
    await processSettlements(t.deps);
    expect((await betRow(betId)).status).toBe('open');
    expect(await userBalance(t, user.id)).toBe(cashAfterStake);
    expect(await systemBalance(t, 'tax_payable')).toBe(tax0);
    expect(await systemBalance(t, 'bets_in_play')).toBe(pool0);
    expect(await systemBalance(t, 'house')).toBe(house0);
    expect(push).toHaveBeenCalledWith(user.id, 'BetSettlementRollbackWin_v2', {
      betId,
      amount: figures.netPayout,
      message: `Bet ${betId} was rolled back and KSh ${amount} was deducted from your account.`,
    });

    await replayFeedMessage(t, ev(0));
    await processSettlements(t.deps);
    expect((await betRow(betId)).status).toBe('won');
    expect(await userBalance(t, user.id)).toBe(cashAfterStake + bet.net_payout);
    expect(await settlementTransactions(betId)).toEqual([
      'bet_settlement',
      'bet_settlement',
      'bet_settlement_rollback',
    ]);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/core/betslip/history/${betId}`,
      cookies,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      betId,
      status: 'won',
      payout: figures.netPayout,
      selections: [{ eventId: ev(0), outcomeId: 1, result: 'won', score: '2:0' }],
    });
    expect(detail.json().timeline.map((s: { status: string }) => s.status)).toEqual([
      'open',
      'won',
      'open',
      'won',
    ]);
  });

  it('loses a multiple as soon as one leg loses, and reopens it on rollback', async () => {
    const { user, cookies } = await fundedUser(t);
    const push = vi.spyOn(t.deps.realtime, 'toUser');
    const placed = await placeBet(t, cookies, {
      selections: [await selectionAt(t, ev(1), 1), await selectionAt(t, ev(2), 1)],
      stake: 50,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { betId } = placed.json();
    const cash = await userBalance(t, user.id);

    await sandbox(t, 'settle', { eventId: ev(1), home: 0, away: 1 });
    await processSettlements(t.deps);
    expect((await betRow(betId)).status).toBe('lost');
    expect(await userBalance(t, user.id)).toBe(cash);
    expect(push).toHaveBeenCalledWith(user.id, 'BetSettlement_v2', {
      betId,
      status: 2,
      amount: 0,
      message: `Bet ${betId} has settled as a loss. Better luck next time!`,
    });

    await sandbox(t, 'rollback-settlement', { eventId: ev(1) });
    await processSettlements(t.deps);
    expect((await betRow(betId)).status).toBe('open');
    expect(push).toHaveBeenCalledWith(user.id, 'BetSettlementRollbackLoss_v2', {
      betId,
      amount: 0,
      message: `Bet ${betId} was reopened due to rolled back markets`,
    });
  });

  it('refunds the stake after excise when a market is cancelled, and takes it back on rollback', async () => {
    const { user, cookies } = await fundedUser(t);
    const placed = await placeBet(t, cookies, {
      selections: [await selectionAt(t, ev(3), 2)],
      stake: 23,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { betId } = placed.json();
    const cash = await userBalance(t, user.id);
    const event = await t.deps.db
      .selectFrom('feed_events')
      .select('last_seq')
      .where('id', '=', ev(3))
      .executeTakeFirstOrThrow();
    const base = { eventId: ev(3), producer: 3 as const, timestamp: Date.now() };
    const markets = [{ marketId: 1, specifier: '' }];
    await t.deps.feed.ingestion.handle({
      ...base,
      type: 'bet_cancel',
      seq: event.last_seq + 1,
      markets,
      reason: 'Match cancelled',
    });
    await processSettlements(t.deps);
    const bet = await betRow(betId);
    expect(bet.status).toBe('void');
    // Excise is not refunded: 23 → 20 staked after excise, 20 back.
    expect(bet.settled_payout).toBe(20_00);
    expect(await userBalance(t, user.id)).toBe(cash + 20_00);

    await t.deps.feed.ingestion.handle({
      ...base,
      type: 'rollback_bet_cancel',
      seq: event.last_seq + 2,
      markets,
    });
    await processSettlements(t.deps);
    expect((await betRow(betId)).status).toBe('open');
    expect(await userBalance(t, user.id)).toBe(cash);
  });

  it('shows a user only their own bets', async () => {
    const a = await fundedUser(t);
    const b = await fundedUser(t);
    const placed = await placeBet(t, a.cookies, { selections: [await selectionAt(t, ev(4))] });
    expect(placed.statusCode, placed.body).toBe(200);
    const { betId } = placed.json();

    const own = await t.app.inject({
      method: 'GET',
      url: '/api/core/betslip/history?status=open',
      cookies: a.cookies,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ totalCount: 1, items: [{ betId, status: 'open' }] });
    const settled = await t.app.inject({
      method: 'GET',
      url: '/api/core/betslip/history?status=settled',
      cookies: a.cookies,
    });
    expect(settled.json().totalCount).toBe(0);

    const days = await t.app.inject({
      method: 'GET',
      url: '/api/core/betslip/history/days',
      cookies: a.cookies,
    });
    expect(days.statusCode, days.body).toBe(200);
    expect(days.json().days).toEqual([
      expect.objectContaining({
        betsCount: 1,
        totalStake: 100,
        totalPayout: 0,
        bets: [expect.objectContaining({ betId })],
      }),
    ]);

    const others = await t.app.inject({
      method: 'GET',
      url: '/api/core/betslip/history',
      cookies: b.cookies,
    });
    expect(others.json()).toMatchObject({ totalCount: 0, items: [] });
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/core/betslip/history/${betId}`,
      cookies: b.cookies,
    });
    expect(peek.statusCode).toBe(404);
    const count = await t.app.inject({
      method: 'POST',
      url: '/api/core/betslip/GetBetSlipCount',
      cookies: b.cookies,
      payload: { BetSlipStatusId: 0 },
    });
    expect(count.json()).toEqual({ errorMsg: '', totalCount: 0 });
    expect(await userBalance(t, b.user.id)).toBe(1_000_00);
  });
});

describe('a result that reaches many bets (ADR 215)', () => {
  it('settles them in batches, exactly once, and a rollback and a new result the same way', async () => {
    // Twelve bets on one event: home wins and draws, from four users. With at most 5 bets
    // settled inside the message's own transaction, they are queued and settled 4 at a time.
    const options = { inlineMaxBets: 5, betBatch: 4 };
    const users = await Promise.all([1, 2, 3, 4].map(() => fundedUser(t)));
    const bets: { betId: string; userId: number; home: boolean }[] = [];
    for (let i = 0; i < 12; i += 1) {
      const u = users[i % 4]!;
      const home = i % 3 !== 0;
      const placed = await placeBet(t, u.cookies, {
        selections: [await selectionAt(t, ev(5), home ? 1 : 2)],
        stake: 100 + i,
      });
      expect(placed.statusCode, placed.body).toBe(200);
      bets.push({ betId: placed.json().betId, userId: u.user.id, home });
    }
    const cashBefore = await Promise.all(users.map((u) => userBalance(t, u.user.id)));
    const statusOf = async () => Promise.all(bets.map(async (b) => (await betRow(b.betId)).status));
    const pending = async () =>
      (await t.deps.db.selectFrom('settlement_pending').select('bet_id').execute()).length;

    await sandbox(t, 'settle', { eventId: ev(5), home: 1, away: 0 });
    // The message's own transaction, then one per batch of 4 (the old way: one in all).
    const transactions = vi.spyOn(t.deps.db, 'transaction');
    const run = await processSettlements(t.deps, options);
    const batches = transactions.mock.calls.length;
    transactions.mockRestore();
    expect(run).toMatchObject({ handled: 1, failed: 0, betsChanged: 12 });
    expect(batches).toBeGreaterThanOrEqual(1 + 3);
    expect(await pending()).toBe(0);
    expect(await statusOf()).toEqual(bets.map((b) => (b.home ? 'won' : 'lost')));
    // One settlement each, won or lost (a lost stake moves from in-play to the house).
    for (const b of bets) expect(await settlementTransactions(b.betId)).toEqual(['bet_settlement']);
    const paid = async (userId: number) => {
      let sum = 0;
      for (const b of bets.filter((x) => x.userId === userId && x.home)) {
        sum += (await betRow(b.betId)).settled_payout;
      }
      return sum;
    };
    for (const [i, u] of users.entries()) {
      expect(await userBalance(t, u.user.id)).toBe(cashBefore[i]! + (await paid(u.user.id)));
    }
    // A second run finds nothing to do and pays nothing again.
    expect(await processSettlements(t.deps, options)).toMatchObject({ handled: 0, betsChanged: 0 });

    // The result is rolled back: every bet open again, every payout taken back once.
    await sandbox(t, 'rollback-settlement', { eventId: ev(5) });
    expect(await processSettlements(t.deps, options)).toMatchObject({ handled: 1, failed: 0 });
    expect(await pending()).toBe(0);
    expect(await statusOf()).toEqual(bets.map(() => 'open'));
    for (const [i, u] of users.entries()) {
      expect(await userBalance(t, u.user.id)).toBe(cashBefore[i]);
    }

    // Corrected to a draw: the draw bets win, once each.
    await sandbox(t, 'settle', { eventId: ev(5), home: 1, away: 1 });
    expect(await processSettlements(t.deps, options)).toMatchObject({ handled: 1, failed: 0 });
    expect(await statusOf()).toEqual(bets.map((b) => (b.home ? 'lost' : 'won')));
    for (const b of bets) {
      expect(await settlementTransactions(b.betId)).toEqual([
        'bet_settlement',
        'bet_settlement',
        'bet_settlement_rollback',
      ]);
    }
  });
});
