import { beforeAll, describe, expect, it } from 'vitest';
import { cashoutOffer, type CashoutBet } from '@dau/domain/cashout';
import type { Cents } from '@dau/domain/money';
import type { Odds } from '@dau/domain/odds';
import type { TaxPolicy } from '@dau/domain/tax-policy';
import type { TestApp } from '../helpers/test-app';
import { payoutBreakdown } from '@dau/domain/payout';
import { processSettlements } from '../../src/modules/betting/settlement.service';
import {
  bettingSuite,
  fundedUser,
  placeBet,
  sandbox,
  selectionAt,
  userBalance,
} from './betting-kit';

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

function getOffer(cookies: { authBB: string }, betId: string, stake?: number) {
  const query = stake === undefined ? '' : `?stake=${stake}`;
  return t.app.inject({ method: 'GET', url: `/api/bets/${betId}/cashout${query}`, cookies });
}

function postCashout(cookies: { authBB: string }, betId: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/bets/${betId}/cashout`, cookies, payload });
}

/** The ledger transactions of a bet by kind (stake, cash-outs, settlements, rollbacks). */
async function betTransactions(betId: string) {
  const rows = await t.deps.db
    .selectFrom('ledger_transactions')
    .select(['kind'])
    .where('idempotency_key', 'like', `bet:${betId}:%`)
    .execute();
  return rows.map((r) => r.kind).sort();
}

/** The feed settles the event (home win 2:0) but its 1X2 market is re-opened, to race. */
async function settleButKeepOpen(eventId: number) {
  await sandbox(t, 'settle', { eventId, home: 2, away: 0 });
  await t.deps.db.updateTable('feed_events').set({ status: 0 }).where('id', '=', eventId).execute();
  await setMarketStatus(eventId, 1);
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

describe('cash-out', () => {
  it('full: pays the offered value once, ends the bet cashed_out; settlement and rollback pay nothing', async () => {
    const { user, cookies } = await fundedUser(t);
    const betId = await singleAt(cookies, ev(4), 300);
    await setOdds(ev(4), 1, 200);
    const offer = (await getOffer(cookies, betId)).json();
    const before = await userBalance(t, user.id);
    const res = await postCashout(cookies, betId, { value: offer.value });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      betId,
      status: 'cashed_out',
      paid: offer.value,
      cashedStake: 100,
      remainingStake: 0,
    });
    expect(await userBalance(t, user.id)).toBe(before + Math.round(offer.value * 100));
    const bet = await betRow(betId);
    expect(bet).toMatchObject({ status: 'cashed_out', cashed_out_payout: 116_53 });

    // The match is won: settlement and its rollback leave the cashed-out bet alone.
    await sandbox(t, 'settle', { eventId: ev(4), home: 2, away: 0 });
    await processSettlements(t.deps);
    await sandbox(t, 'rollback-settlement', { eventId: ev(4) });
    await processSettlements(t.deps);
    expect((await betRow(betId)).status).toBe('cashed_out');
    expect(await userBalance(t, user.id)).toBe(before + 116_53);
    expect(await betTransactions(betId)).toEqual(['bet_cashout']);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/core/betslip/history/${betId}`,
      cookies,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().status).toBe('cashed_out');
    expect(detail.json().timeline.map((e: { status: string }) => e.status)).toContain('cashed_out');

    const again = await postCashout(cookies, betId, { value: offer.value });
    expect(again.statusCode).toBe(409);
    expect(again.json().datasource_entries[0].value).toBe('BET_CASHED_OUT');
  });

  it('partial: pays the part, leaves the rest running with its own figures, which settlement pays', async () => {
    const { user, cookies } = await fundedUser(t);
    const betId = await singleAt(cookies, ev(5), 300);
    await setOdds(ev(5), 1, 200);
    const offer = await getOffer(cookies, betId, 40);
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json()).toMatchObject({ stake: 100, cashedStake: 40, available: true });
    const before = await userBalance(t, user.id);
    const res = await postCashout(cookies, betId, { value: offer.json().value, stake: 40 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', cashedStake: 40, remainingStake: 60 });
    const paid = Math.round(offer.json().value * 100);
    expect(await userBalance(t, user.id)).toBe(before + paid);

    const bet = await betRow(betId);
    const remaining = payoutBreakdown({
      stake: 60_00 as Cents,
      legs: [300 as Odds],
      betType: 'single',
      policy: bet.tax_policy as TaxPolicy,
    });
    expect(bet).toMatchObject({
      status: 'open',
      stake: 60_00,
      stake_after_excise: remaining.stakeAfterExcise,
      net_payout: remaining.netPayout,
      cashed_out_stake: 40_00,
      cashed_out_payout: paid,
    });
    // The running part is offered on its own stake now.
    expect((await getOffer(cookies, betId)).json()).toMatchObject({ stake: 60, available: true });

    await sandbox(t, 'settle', { eventId: ev(5), home: 2, away: 0 });
    await processSettlements(t.deps);
    const won = await betRow(betId);
    expect(won.status).toBe('won');
    expect(won.settled_payout).toBe(remaining.netPayout);
    expect(await userBalance(t, user.id)).toBe(before + paid + remaining.netPayout);
  });

  it('refuses a value that moved against the bettor unless the setting accepts it', async () => {
    const { user, cookies } = await fundedUser(t);
    const betId = await singleAt(cookies, ev(6), 300);
    await setOdds(ev(6), 1, 200);
    const offered = (await getOffer(cookies, betId)).json().value as number;
    await setOdds(ev(6), 1, 250); // the value drops
    const now = (await getOffer(cookies, betId)).json().value as number;
    expect(now).toBeLessThan(offered);
    const before = await userBalance(t, user.id);

    for (const acceptChanges of ['none', 'higher']) {
      const refused = await postCashout(cookies, betId, { value: offered, acceptChanges });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().datasource_entries[0]).toMatchObject({
        value: 'CASHOUT_VALUE_CHANGED',
        name: String(now),
      });
    }
    expect(await userBalance(t, user.id)).toBe(before);
    expect((await betRow(betId)).status).toBe('open');

    // Offered less than it is now: 'higher' takes the better value.
    const better = await postCashout(cookies, betId, { value: now - 1, acceptChanges: 'higher' });
    expect(better.statusCode, better.body).toBe(200);
    expect(better.json().paid).toBe(now);
    expect(await userBalance(t, user.id)).toBe(before + Math.round(now * 100));
  });

  it('two cash-outs of the same bet at once: one pays, the other is a 409', async () => {
    const { user, cookies } = await fundedUser(t);
    const betId = await singleAt(cookies, ev(7), 220);
    const value = (await getOffer(cookies, betId)).json().value as number;
    const before = await userBalance(t, user.id);
    const answers = await Promise.all([
      postCashout(cookies, betId, { value }),
      postCashout(cookies, betId, { value }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await userBalance(t, user.id)).toBe(before + Math.round(value * 100));
    expect(await betTransactions(betId)).toEqual(['bet_cashout']);
  });

  it('cash-out racing settlement of the same bet: exactly one of them pays', async () => {
    const { user, cookies } = await fundedUser(t);
    const betId = await singleAt(cookies, ev(0), 180);
    const value = (await getOffer(cookies, betId)).json().value as number;
    const before = await userBalance(t, user.id);
    await settleButKeepOpen(ev(0));
    const [cashout] = await Promise.all([
      postCashout(cookies, betId, { value, acceptChanges: 'any' }),
      processSettlements(t.deps),
    ]);
    const bet = await betRow(betId);
    const kinds = await betTransactions(betId);
    if (cashout.statusCode === 200) {
      expect(bet.status).toBe('cashed_out');
      expect(kinds).toEqual(['bet_cashout']);
      expect(await userBalance(t, user.id)).toBe(before + Math.round(cashout.json().paid * 100));
    } else {
      expect(cashout.statusCode, cashout.body).toBe(409);
      expect(bet.status).toBe('won');
      expect(kinds).toEqual(['bet_settlement']);
      expect(await userBalance(t, user.id)).toBe(before + bet.net_payout);
    }
  });

  it("bet history counts cash-outs: 'settled' lists cashed-out bets, day totals add what they paid", async () => {
    const { cookies } = await fundedUser(t);
    const full = await singleAt(cookies, ev(2), 300);
    const part = await singleAt(cookies, ev(3), 300);
    await setOdds(ev(2), 1, 200);
    await setOdds(ev(3), 1, 200);
    const fullValue = (await getOffer(cookies, full)).json().value as number;
    const partValue = (await getOffer(cookies, part, 40)).json().value as number;
    expect((await postCashout(cookies, full, { value: fullValue })).statusCode).toBe(200);
    expect((await postCashout(cookies, part, { value: partValue, stake: 40 })).statusCode).toBe(
      200,
    );

    const settled = await t.app.inject({
      method: 'GET',
      url: '/api/core/betslip/history?status=settled',
      cookies,
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().items.map((b: { betId: string }) => b.betId)).toEqual([full]);
    expect(settled.json().items[0]).toMatchObject({ status: 'cashed_out', payout: fullValue });

    const all = await t.app.inject({ method: 'GET', url: '/api/core/betslip/history', cookies });
    const open = all.json().items.find((b: { betId: string }) => b.betId === part);
    expect(open).toMatchObject({ status: 'open', payout: partValue });

    const days = await t.app.inject({
      method: 'GET',
      url: '/api/core/betslip/history/days',
      cookies,
    });
    expect(days.statusCode, days.body).toBe(200);
    expect(days.json().days).toHaveLength(1);
    expect(days.json().days[0]).toMatchObject({
      betsCount: 2,
      totalStake: 200,
      totalFreebetStake: 0,
      totalPayout: Math.round((fullValue + partValue) * 100) / 100,
    });
  });

  it('bad input: 4xx in the envelope, nothing paid', async () => {
    const owner = await fundedUser(t);
    const other = await fundedUser(t);
    const betId = await singleAt(owner.cookies, ev(1), 200);
    const value = (await getOffer(owner.cookies, betId)).json().value as number;
    const before = await userBalance(t, owner.user.id);
    const cases: [Record<string, unknown>, number, string | null][] = [
      [{ value: -1 }, 400, null],
      [{ value: 'lots' }, 400, null],
      [{}, 400, null],
      [{ value, acceptChanges: 'sometimes' }, 400, null],
      [{ value, stake: 0.001 }, 400, 'INVALID_AMOUNT'],
      [{ value, stake: 100.01 }, 400, 'INVALID_CASHOUT_STAKE'],
      [{ value, stake: 0 }, 400, null],
    ];
    for (const [payload, status, code] of cases) {
      const res = await postCashout(owner.cookies, betId, payload);
      expect(res.statusCode, `${JSON.stringify(payload)} ${res.body}`).toBe(status);
      expect(res.json().hasErrors).toBe(true);
      if (code) expect(res.json().datasource_entries[0].value).toBe(code);
    }
    expect((await postCashout(other.cookies, betId, { value })).statusCode).toBe(404);
    expect((await postCashout(owner.cookies, '424242424', { value })).statusCode).toBe(404);
    expect((await postCashout(owner.cookies, 'x1', { value })).statusCode).toBe(400);
    expect(await userBalance(t, owner.user.id)).toBe(before);

    // A settled bet: 409 BET_SETTLED, for the offer and the cash-out.
    await sandbox(t, 'settle', { eventId: ev(1), home: 0, away: 1 });
    await processSettlements(t.deps);
    const settled = await postCashout(owner.cookies, betId, { value });
    expect(settled.statusCode).toBe(409);
    expect(settled.json().datasource_entries[0].value).toBe('BET_SETTLED');
    expect((await getOffer(owner.cookies, betId)).statusCode).toBe(409);
    expect(await userBalance(t, owner.user.id)).toBe(before);
  });
});
