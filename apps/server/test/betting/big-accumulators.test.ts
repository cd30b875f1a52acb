import { beforeAll, describe, expect, it } from 'vitest';
import { taxBoostPercentage } from '@dau/domain/tax-boost';
import { processSettlements } from '../../src/modules/betting/settlement.service';
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

/**
 * Issue #15 defect 3: multiples whose total odds pass 21,474,836.47 failed with a 500 because
 * `bets.total_odds` was a 32-bit integer. 50- and 100-leg multiples go through placement,
 * settlement and history; a slip over the limit is a 400, never a 5xx.
 */
const suite = bettingSuite({ env: { FEED_FIXTURES_PER_TOURNAMENT: '14' }, minEvents: 101 });
let t: TestApp;
beforeAll(() => {
  t = suite.app();
});

async function legs(from: number, count: number) {
  const out = [];
  for (let i = from; i < from + count; i++) out.push(await selectionAt(t, suite.ev(i), 1));
  return out;
}

describe('big accumulators (issue #15 defect 3)', () => {
  it('answers a 101-leg slip with a 400 in the error envelope', async () => {
    const { cookies } = await fundedUser(t);
    const res = await placeBet(t, cookies, { selections: await legs(0, 101), stake: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ hasErrors: true });
  });

  it('a price refusal names the current odds so the slip can ask (defect 2)', async () => {
    const { cookies } = await fundedUser(t);
    const seen = await selectionAt(t, suite.ev(100), 2);
    const moved = Math.round(seen.odds * 100 + 15) / 100;
    await sandbox(t, 'price', { eventId: suite.ev(100), marketId: 1, outcomeId: 2, odds: moved });
    const refused = await placeBet(t, cookies, { selections: [seen], acceptOddsChanges: 'none' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().datasource_entries[0]).toMatchObject({
      value: 'ODDS_CHANGED',
      name: String(suite.ev(100)),
      odds: moved,
    });
  });

  it('places 50- and 100-leg multiples, settles them and lists them in history', async () => {
    const { user, cookies } = await fundedUser(t, 10_000_00);
    const fifty = await legs(0, 50);
    const hundred = await legs(0, 100);
    const placed50 = await placeBet(t, cookies, { selections: fifty, stake: 100 });
    expect(placed50.statusCode, placed50.body).toBe(200);
    const placed100 = await placeBet(t, cookies, { selections: hundred, stake: 50 });
    expect(placed100.statusCode, placed100.body).toBe(200);

    for (const [placed, n] of [
      [placed50.json(), 50],
      [placed100.json(), 100],
    ] as const) {
      const f = placed.figures;
      expect(placed.selections).toHaveLength(n);
      const product = placed.selections.reduce((p: number, s: { odds: number }) => p * s.odds, 1);
      expect(product).toBeGreaterThan(21_474_836.47);
      expect(f.totalOdds / product).toBeCloseTo(1, 6);
      expect(f.totalOddsText).toMatch(/^\d+\.\d{2}$/);
      expect(f.capped).toBe(true);
      expect(f.grossPossibleWin).toBe(1_500_000);
      // The boost shown is what fits under the cap: return + boost = the capped gross win.
      expect(f.winBoostAmount).toBeLessThanOrEqual(f.grossPossibleWin);
      expect(f.taxBoostPercentage).toBe(600);
      expect(f.taxBoostAmount).toBe(f.withholdingTax);
      expect(f.netPayout).toBe(1_500_000);
    }
    const row = await t.deps.db
      .selectFrom('bets')
      .select(['total_odds', 'tax_boost_amount', 'net_payout'])
      .where('id', '=', Number(placed100.json().betId))
      .executeTakeFirstOrThrow();
    expect(row.total_odds.split('.')[0]!.length).toBeGreaterThan(15);
    expect(taxBoostPercentage(100)).toBe(600);

    const cashBefore = await userBalance(t, user.id);
    const house0 = await systemBalance(t, 'house');
    for (let i = 0; i < 100; i++) {
      await sandbox(t, 'settle', { eventId: suite.ev(i), home: 2, away: 0 });
    }
    const run = await processSettlements(t.deps);
    expect(run.failed).toBe(0);
    const settled = await t.deps.db
      .selectFrom('bets')
      .select(['id', 'status', 'settled_payout', 'settled_withholding', 'net_payout'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(settled.map((b) => b.status)).toEqual(['won', 'won']);
    for (const b of settled) expect(b.settled_payout).toBe(b.net_payout);
    expect(await userBalance(t, user.id)).toBe(cashBefore + 2 * 150_000_000);
    // The house pays the tax boost: the whole withholding still goes to tax payable.
    expect(settled.every((b) => b.settled_withholding > 0)).toBe(true);
    expect(await systemBalance(t, 'house')).toBeLessThan(house0);

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/core/betslip/history?status=settled',
      cookies,
    });
    expect(history.statusCode, history.body).toBe(200);
    const items = history.json().items;
    expect(items.map((b: { selectionsCount: number }) => b.selectionsCount).sort()).toEqual([
      100, 50,
    ]);
    for (const b of items) {
      expect(b.status).toBe('won');
      expect(b.payout).toBe(1_500_000);
      expect(b.figures.totalOddsText).toMatch(/^\d{8,}\.\d{2}$/);
    }
  }, 120_000);
});
