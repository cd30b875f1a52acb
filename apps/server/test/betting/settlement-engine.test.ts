import { beforeAll, describe, expect, it, vi } from 'vitest';
import { postTransaction } from '../../src/modules/wallet/ledger.service';
import type { TestApp } from '../helpers/test-app';
import {
  bettingSuite,
  fundedUser,
  placeBet,
  sandbox,
  selectionAt,
  systemBalance,
  userBalance,
} from './betting-kit';

// Here the engine runs on its own timer, as in production.
const suite = bettingSuite({
  env: { BET_SETTLEMENT_INTERVAL_MS: '40', BET_STAKE_LIMITS: '2=1:200' },
  minEvents: 4,
});
const ev = suite.ev;
let t: TestApp;
beforeAll(() => {
  t = suite.app();
});

async function betWhen(betId: string, status: string) {
  for (let i = 0; i < 100; i++) {
    const bet = await t.deps.db
      .selectFrom('bets')
      .selectAll()
      .where('id', '=', Number(betId))
      .executeTakeFirstOrThrow();
    if (bet.status === status) return bet;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`bet ${betId} never became ${status}`);
}

async function settleOutcome(
  eventId: number,
  outcome: { outcomeId: number; result: 0 | 1; voidFactor?: number; deadHeatFactor?: number },
) {
  const event = await t.deps.db
    .selectFrom('feed_events')
    .select('last_seq')
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  await t.deps.feed.ingestion.handle({
    type: 'bet_settlement',
    eventId,
    producer: 3,
    timestamp: Date.now(),
    seq: event.last_seq + 1,
    certainty: 1,
    markets: [{ marketId: 1, specifier: '', outcomes: [outcome] }],
  });
}

/** 20 % withholding on the gross win above the 100.00 staked after excise, half-up. */
const net = (gross: number) => gross - Math.max(0, Math.round((gross - 100_00) * 0.2));

describe('settlement engine on its timer', () => {
  it("applies the site's configured stake limits", async () => {
    const { user, cookies } = await fundedUser(t);
    const res = await placeBet(t, cookies, {
      selections: [await selectionAt(t, ev(1), 3)],
      stake: 200.01,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().datasource_entries[0]).toMatchObject({
      value: 'STAKE_TOO_HIGH',
      dimension_value: 'The maximum stake is KSh 200.00.',
    });
    expect(await userBalance(t, user.id)).toBe(1_000_00);
  });

  it('lets only as many concurrent bets through as the balance covers', async () => {
    const { user, cookies } = await fundedUser(t, 150_00);
    const selections = [await selectionAt(t, ev(1), 3)];
    const results = await Promise.all(
      [1, 2, 3].map(() => placeBet(t, cookies, { selections, stake: 60 })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 409]);
    expect(await userBalance(t, user.id)).toBe(30_00);
  });

  it('pushes BetsStatus_v2 and the balances on placement', async () => {
    const { user, cookies } = await fundedUser(t);
    const push = vi.spyOn(t.deps.realtime, 'toUser');
    const res = await placeBet(t, cookies, { selections: [await selectionAt(t, ev(0), 2)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(push).toHaveBeenCalledWith(user.id, 'BetsStatus_v2', {
      betId: res.json().betId,
      status: 'open',
      openBetsCount: 1,
      notify: true,
    });
    expect(push).toHaveBeenCalledWith(user.id, 'wallet', expect.objectContaining({ real: 900 }));
    expect(push).toHaveBeenCalledWith(user.id, 'userdata', {
      CashBalance: 900,
      FreeBetBalance: 0,
    });
  });

  it('settles a half-void win and a dead heat with the domain maths', async () => {
    const { user, cookies } = await fundedUser(t);
    const a = await selectionAt(t, ev(1), 1);
    const b = await selectionAt(t, ev(2), 1);
    const halfVoid = await placeBet(t, cookies, { selections: [a], stake: 115 });
    const deadHeat = await placeBet(t, cookies, { selections: [b], stake: 115 });
    expect(halfVoid.statusCode, halfVoid.body).toBe(200);
    expect(deadHeat.statusCode, deadHeat.body).toBe(200);
    const cash = await userBalance(t, user.id);
    const oddsA = Math.round(a.odds * 100);
    const oddsB = Math.round(b.odds * 100);

    await settleOutcome(ev(1), { outcomeId: 1, result: 1, voidFactor: 0.5 });
    const hv = await betWhen(halfVoid.json().betId, 'won');
    // 100.00 × (0.5 × odds + 0.5).
    expect(hv.settled_payout).toBe(net(50 * oddsA + 50_00));

    await settleOutcome(ev(2), { outcomeId: 1, result: 1, deadHeatFactor: 0.5 });
    const dh = await betWhen(deadHeat.json().betId, 'won');
    // 100.00 × 0.5 × odds.
    expect(dh.settled_payout).toBe(net(50 * oddsB));
    expect(await userBalance(t, user.id)).toBe(cash + hv.settled_payout + dh.settled_payout);
  });

  it('rolls back a win the user already spent: takes what is there, the house carries the rest', async () => {
    const { user, cookies } = await fundedUser(t, 100_00);
    const placed = await placeBet(t, cookies, {
      selections: [await selectionAt(t, ev(3), 1)],
      stake: 100,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { betId } = placed.json();
    await sandbox(t, 'settle', { eventId: ev(3), home: 3, away: 0 });
    const won = await betWhen(betId, 'won');
    expect(await userBalance(t, user.id)).toBe(won.settled_payout);

    // The winnings leave (a withdrawal, say), all but 5.00.
    const spent = won.settled_payout - 5_00;
    await t.deps.db.transaction().execute((tx) =>
      postTransaction(tx, {
        kind: 'grant_test',
        idempotencyKey: null,
        userId: user.id,
        entries: [
          { account: { userId: user.id, kind: 'cash' }, amount: -spent },
          { account: { system: 'payments_clearing' }, amount: spent },
        ],
      }),
    );
    const house = await systemBalance(t, 'house');
    // No other bet is on this event, so the house moves for this bet alone.
    await sandbox(t, 'rollback-settlement', { eventId: ev(3) });
    const reopened = await betWhen(betId, 'open');
    expect(reopened.settled_payout).toBe(0);
    expect(await userBalance(t, user.id)).toBe(0);
    // The house gets back the stake pool less the 5.00 recovered and the withholding it keeps
    // paying: its loss on the bet is exactly the part not recovered.
    expect(await systemBalance(t, 'house')).toBe(
      house - (won.stake_after_excise - 5_00 - won.settled_withholding),
    );
  });
});
