import { beforeAll, describe, expect, it } from 'vitest';
import { cashoutOffer, type CashoutBet } from '@dau/domain/cashout';
import type { Cents } from '@dau/domain/money';
import type { Odds } from '@dau/domain/odds';
import type { TaxPolicy } from '@dau/domain/tax-policy';
import type { TestApp } from '../helpers/test-app';
import { bettingSuite, fundedUser, placeBet, selectionAt } from './betting-kit';

const suite = bettingSuite({ minEvents: 8 });
const ev = suite.ev;
let t: TestApp;
beforeAll(() => {
  t = suite.app();
});

/** Sets the feed's current price of an outcome (1X2 market) in hundredths. */
async function setOdds(eventId: number, outcomeId: number, odds: number) {
  await t.deps.db
    .updateTable('feed_outcomes')
    .set({ odds })
    .where('event_id', '=', eventId)
    .where('market_id', '=', 1)
    .where('specifier', '=', '')
    .where('outcome_id', '=', outcomeId)
    .execute();
}

async function setMarketStatus(eventId: number, status: number) {
  await t.deps.db
    .updateTable('feed_markets')
    .set({ status })
    .where('event_id', '=', eventId)
    .where('market_id', '=', 1)
    .where('specifier', '=', '')
    .execute();
}

async function betRow(betId: string) {
  return t.deps.db
    .selectFrom('bets')
    .selectAll()
    .where('id', '=', Number(betId))
    .executeTakeFirstOrThrow();
}

function getOffer(cookies: { authBB: string }, betId: string) {
  return t.app.inject({ method: 'GET', url: `/api/bets/${betId}/cashout`, cookies });
}

/** A KSh `stake` single on `eventId` home win placed at `odds` hundredths. */
async function singleAt(cookies: { authBB: string }, eventId: number, odds: number, stake = 100) {
  await setOdds(eventId, 1, odds);
  const placed = await placeBet(t, cookies, {
    selections: [await selectionAt(t, eventId, 1)],
    stake,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().betId as string;
}

describe('cash-out offer', () => {
  it("prices the ADR's worked example: KSh 100 at 3.00, now 2.00, offers KSh 116.53", async () => {
    const { cookies } = await fundedUser(t);
    const betId = await singleAt(cookies, ev(0), 300);
    await setOdds(ev(0), 1, 200);
    const res = await getOffer(cookies, betId);
    expect(res.statusCode, res.body).toBe(200);
    const bet = await betRow(betId);
    const domain: CashoutBet = {
      stake: bet.stake as Cents,
      freebetStake: 0 as Cents,
      betType: 'single',
      legs: [{ state: 'open', placedOdds: 300 as Odds, currentOdds: 200 as Odds, qualifies: true }],
    };
    const expected = cashoutOffer(domain, bet.tax_policy as TaxPolicy);
    if (!expected.available) throw new Error('the rule should offer');
    expect(res.json()).toMatchObject({
      betId,
      available: true,
      reason: null,
      stake: 100,
      value: expected.quote.value / 100,
      gross: expected.quote.gross / 100,
      withholdingTax: expected.quote.withholdingTax / 100,
    });
    expect(res.json().value).toBe(116.53);
  });

  it('follows the price: a shorter price offers more, a longer one less', async () => {
    const { cookies } = await fundedUser(t);
    const betId = await singleAt(cookies, ev(1), 250);
    await setOdds(ev(1), 1, 150);
    const shorter = (await getOffer(cookies, betId)).json().value as number;
    await setOdds(ev(1), 1, 400);
    const longer = (await getOffer(cookies, betId)).json().value as number;
    expect(shorter).toBeGreaterThan(longer);
    expect(longer).toBeGreaterThan(0);
  });

  it('has no offer while the market is suspended, and names why', async () => {
    const { cookies } = await fundedUser(t);
    const betId = await singleAt(cookies, ev(2), 210);
    await setMarketStatus(ev(2), -1);
    try {
      const res = await getOffer(cookies, betId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ available: false, reason: 'suspended', value: null });
    } finally {
      await setMarketStatus(ev(2), 1);
    }
  });

  it("answers 404 for an unknown bet or another user's, 400 for a malformed id, 401 signed out", async () => {
    const owner = await fundedUser(t);
    const other = await fundedUser(t);
    const betId = await singleAt(owner.cookies, ev(3), 200);
    const foreign = await getOffer(other.cookies, betId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      hasErrors: true,
      datasource_entries: [expect.objectContaining({ value: 'BET_NOT_FOUND' })],
    });
    const unknown = await getOffer(owner.cookies, '999999999');
    expect(unknown.statusCode).toBe(404);
    const malformed = await getOffer(owner.cookies, 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().hasErrors).toBe(true);
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/bets/${betId}/cashout` });
    expect(signedOut.statusCode).toBe(401);
  });
});
