import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { fundUser } from '../wallet/ledger-assertions';
import { bettingSuite, fundedUser, placeBet, selectionAt } from './betting-kit';

/** Issue #15 defects 9 and 10: lists name the matches; day totals cover the whole day. */
const suite = bettingSuite({ minEvents: 5 });
let t: TestApp;
beforeAll(() => {
  t = suite.app();
});

describe('My Bets lists', () => {
  it('name the first legs of each bet and count the rest', async () => {
    const { cookies } = await fundedUser(t);
    const legs = [];
    for (let i = 0; i < 5; i++) legs.push(await selectionAt(t, suite.ev(i), 1));
    const multiple = await placeBet(t, cookies, { selections: legs, stake: 20 });
    expect(multiple.statusCode, multiple.body).toBe(200);
    const single = await placeBet(t, cookies, { selections: [legs[0]!], stake: 10 });
    expect(single.statusCode, single.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/core/betslip/history', cookies });
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = res.json().items;
    const names = multiple.json().selections.map((s: { eventName: string }) => s.eventName);
    expect(second.selectionsCount).toBe(5);
    expect(second.legs.map((l: { eventName: string }) => l.eventName)).toEqual(names.slice(0, 3));
    expect(first.legs).toEqual([
      { eventName: names[0], outcomeName: single.json().selections[0].outcomeName },
    ]);
    expect(names[0]).toMatch(/ - /);
  });

  it('totals each day over every page and include free-bet stakes', async () => {
    const { user, cookies } = await fundedUser(t);
    await fundUser(t.deps.db, user.id, 30_00, 'free_bet');
    const s = await selectionAt(t, suite.ev(1), 1);
    expect((await placeBet(t, cookies, { selections: [s], stake: 10 })).statusCode).toBe(200);
    expect((await placeBet(t, cookies, { selections: [s], stake: 20 })).statusCode).toBe(200);
    const free = await placeBet(t, cookies, { selections: [s], stake: 0, freebetStake: 30 });
    expect(free.statusCode, free.body).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/core/betslip/history/days?pageSize=1',
      cookies,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBe(3);
    expect(body.days).toHaveLength(1);
    expect(body.days[0].bets).toHaveLength(1);
    expect(body.days[0]).toMatchObject({
      betsCount: 3,
      totalStake: 60,
      totalFreebetStake: 30,
      totalPayout: 0,
    });
  });
});
