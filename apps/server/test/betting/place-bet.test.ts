import { beforeAll, describe, expect, it } from 'vitest';
import { startLimit } from '../../src/modules/accounts/responsible-gambling.service';
import { checkSelectionOpen } from '../../src/modules/feed/market-availability';
import type { TestApp } from '../helpers/test-app';
import { fundUser } from '../wallet/ledger-assertions';
import {
  bettingSuite,
  fundedUser,
  liveEvents,
  newKey,
  placeBet,
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

describe('PlaceBet', () => {
  it('is documented in the OpenAPI with the betting calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths;
    expect(paths['/api/core/betslip/PlaceBet'].post.tags).toEqual(['betting']);
    expect(paths['/api/core/betslip/PlaceBet'].post.requestBody).toBeDefined();
    expect(paths['/api/core/betslip/GetBetSlipCount'].post.summary).toBeTruthy();
    expect(paths['/api/core/betslip/history'].get).toBeDefined();
    expect(paths['/api/core/betslip/history/{betId}'].get).toBeDefined();
  });

  it('debits the exact cents of the breakdown: cash, tax payable and bets in play', async () => {
    const { user, cookies } = await fundedUser(t);
    const legs = [await selectionAt(t, ev(0)), await selectionAt(t, ev(1), 2)];
    const [cash0, tax0, pool0] = [
      await userBalance(t, user.id),
      await systemBalance(t, 'tax_payable'),
      await systemBalance(t, 'bets_in_play'),
    ];
    const res = await placeBet(t, cookies, { selections: legs, stake: 115 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.hasErrors).toBe(false);
    expect(body.status).toBe('open');
    // Excise inclusive at 15 %: 115 → 100 staked, 15 excise.
    expect(body.figures).toMatchObject({ stake: 115, excise: 15, stakeAfterExcise: 100 });
    expect(body.selections.map((s: { odds: number }) => s.odds)).toEqual(legs.map((l) => l.odds));
    expect(await userBalance(t, user.id)).toBe(cash0 - 115_00);
    expect(await systemBalance(t, 'tax_payable')).toBe(tax0 + 15_00);
    expect(await systemBalance(t, 'bets_in_play')).toBe(pool0 + 100_00);

    const stored = await t.deps.db
      .selectFrom('bets')
      .selectAll()
      .where('id', '=', Number(body.betId))
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      user_id: user.id,
      stake: 115_00,
      excise: 15_00,
      status: 'open',
    });
    expect(stored.net_payout).toBe(Math.round(body.figures.netPayout * 100));

    const count = await t.app.inject({
      method: 'POST',
      url: '/api/core/betslip/GetBetSlipCount',
      cookies,
      payload: { BetSlipStatusId: 0 },
    });
    expect(count.json()).toEqual({ errorMsg: '', totalCount: 1 });

    // The wallet's withdrawal eligibility now counts this real bet.
    const eligible = await t.app.inject({
      method: 'POST',
      url: '/api/core/BetSlip/CheckIfUserCanWithdrawBalanceUsingSportsbook',
      cookies,
      payload: {},
    });
    expect(eligible.statusCode, eligible.body).toBe(200);
    expect(eligible.json()).toMatchObject({ fetchedObject: true, spResponse: '' });
    const other = await fundedUser(t);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/core/BetSlip/CheckIfUserCanWithdrawBalanceUsingSportsbook',
      cookies: other.cookies,
      payload: {},
    });
    expect(none.json()).toMatchObject({ fetchedObject: false });
  });

  it('takes a free-bet stake from the free-bet balance without excise', async () => {
    const { user, cookies } = await fundedUser(t, 0);
    await fundUser(t.deps.db, user.id, 50_00, 'free_bet');
    const tax0 = await systemBalance(t, 'tax_payable');
    const res = await placeBet(t, cookies, {
      selections: [await selectionAt(t, ev(2))],
      stake: 0,
      freebetStake: 50,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().figures).toMatchObject({ freebetStake: 50, excise: 0 });
    expect(await userBalance(t, user.id, 'free_bet')).toBe(0);
    expect(await systemBalance(t, 'tax_payable')).toBe(tax0);
  });

  it('refuses stale odds under policy none with the new odds, accepts better odds under higher', async () => {
    const { user, cookies } = await fundedUser(t);
    const seen = await selectionAt(t, ev(3));
    const better = Math.round(seen.odds * 100 + 25) / 100;
    await sandbox(t, 'price', { eventId: ev(3), marketId: 1, outcomeId: 1, odds: better });

    const refused = await placeBet(t, cookies, { selections: [seen], acceptOddsChanges: 'none' });
    expect(refused.statusCode).toBe(409);
    const entry = refused.json().datasource_entries[0];
    expect(entry).toMatchObject({ value: 'ODDS_CHANGED', name: String(ev(3)) });
    expect(entry.dimension_value).toContain(better.toFixed(2));
    expect(await userBalance(t, user.id)).toBe(1_000_00);

    const accepted = await placeBet(t, cookies, {
      selections: [seen],
      acceptOddsChanges: 'higher',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().selections[0]).toMatchObject({ odds: better, requestedOdds: seen.odds });

    // Worse odds are refused under higher, accepted under any.
    const worse = Math.round(seen.odds * 100 - 10) / 100;
    await sandbox(t, 'price', { eventId: ev(3), marketId: 1, outcomeId: 1, odds: worse });
    const higher = await placeBet(t, cookies, { selections: [seen], acceptOddsChanges: 'higher' });
    expect(higher.statusCode).toBe(409);
    const any = await placeBet(t, cookies, { selections: [seen], acceptOddsChanges: 'any' });
    expect(any.statusCode, any.body).toBe(200);
    expect(any.json().selections[0].odds).toBe(worse);
  });

  it('refuses a suspended market and a down producer, per event', async () => {
    const { user, cookies } = await fundedUser(t);
    const open = await selectionAt(t, ev(4));
    const suspended = await selectionAt(t, ev(5));
    await sandbox(t, 'market-status', { eventId: ev(5), marketId: 1, status: -1 });
    const res = await placeBet(t, cookies, { selections: [open, suspended] });
    expect(res.statusCode).toBe(409);
    expect(res.json().datasource_entries).toEqual([
      expect.objectContaining({
        value: 'MARKET_NOT_ACTIVE',
        name: String(ev(5)),
        dimension_value: 'Market is suspended',
      }),
    ]);
    await sandbox(t, 'market-status', { eventId: ev(5), marketId: 1, status: 1 });

    await sandbox(t, 'producer-down', { producer: 3 });
    const down = await placeBet(t, cookies, { selections: [open] });
    expect(down.statusCode).toBe(409);
    expect(down.json().datasource_entries[0]).toMatchObject({
      value: 'PRODUCER_DOWN',
      name: String(ev(4)),
    });
    await sandbox(t, 'producer-up', { producer: 3 });
    expect(await userBalance(t, user.id)).toBe(1_000_00);
  });

  it('places one bet for a repeated idempotency key and answers the first result', async () => {
    const { user, cookies } = await fundedUser(t);
    const idempotencyKey = newKey();
    const selections = [await selectionAt(t, ev(0), 3)];
    const [a, b] = await Promise.all([
      placeBet(t, cookies, { selections, idempotencyKey, stake: 20 }),
      placeBet(t, cookies, { selections, idempotencyKey, stake: 20 }),
    ]);
    const c = await placeBet(t, cookies, { selections, idempotencyKey, stake: 20 });
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().betId).toBe(a.json().betId);
    expect(c.json()).toEqual(a.json());
    const bets = await t.deps.db
      .selectFrom('bets')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(bets).toHaveLength(1);
    expect(await userBalance(t, user.id)).toBe(1_000_00 - 20_00);
  });

  it('refuses two selections of one event, a stake out of limits and a short balance', async () => {
    const { cookies } = await fundedUser(t, 10_00);
    const sameEvent = [await selectionAt(t, ev(1), 1), await selectionAt(t, ev(1), 2)];
    const same = await placeBet(t, cookies, { selections: sameEvent });
    expect(same.statusCode).toBe(409);
    expect(same.json().datasource_entries[0]).toMatchObject({
      value: 'SAME_EVENT',
      name: String(ev(1)),
    });

    const tiny = await placeBet(t, cookies, {
      selections: [await selectionAt(t, ev(1))],
      stake: 0.5,
    });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().datasource_entries[0]).toMatchObject({ value: 'STAKE_TOO_LOW' });
    expect(tiny.json().datasource_entries[0].dimension_value).toBe(
      'The minimum stake is KSh 1.00.',
    );

    const broke = await placeBet(t, cookies, {
      selections: [await selectionAt(t, ev(1))],
      stake: 11,
    });
    expect(broke.statusCode).toBe(409);
    expect(broke.json().datasource_entries[0]).toMatchObject({ value: 'INSUFFICIENT_FUNDS' });
  });

  it('refuses bets during a break and bets without a session', async () => {
    const { user, cookies } = await fundedUser(t);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/core/betslip/PlaceBet',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    await startLimit(t.deps.db, user.id, '24h', new Date());
    const res = await placeBet(t, cookies, { selections: [await selectionAt(t, ev(2))] });
    expect([401, 403]).toContain(res.statusCode);
    expect(await userBalance(t, user.id)).toBe(1_000_00);
  });

  it('waits the live delay, then refuses a live bet whose price changed meanwhile', async () => {
    const live = await liveEvents(t);
    const eventId = live[0];
    if (eventId === undefined) throw new Error('no live event');
    const { user, cookies } = await fundedUser(t);
    const seen = await selectionAt(t, eventId);

    const started = Date.now();
    const ok = await placeBet(t, cookies, { selections: [seen] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(ok.json().selections[0].isLive).toBe(true);

    const now = await selectionAt(t, eventId);
    const pending = placeBet(t, cookies, { selections: [now] });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const moved = Math.round(now.odds * 100 + 30) / 100;
    await sandbox(t, 'price', { eventId, marketId: 1, outcomeId: 1, odds: moved });
    const refused = await pending;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().datasource_entries[0]).toMatchObject({
      value: 'ODDS_CHANGED',
      name: String(eventId),
    });
    const after = await checkSelectionOpen(t.deps.db, {
      eventId,
      marketId: 1,
      specifier: '',
      outcomeId: 1,
    });
    expect(after).toMatchObject({ open: true, odds: Math.round(moved * 100) });
    expect(await userBalance(t, user.id)).toBe(1_000_00 - 100_00);
  });
});
