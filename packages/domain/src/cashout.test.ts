import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Cents } from './money';
import type { Odds } from './odds';
import type { CashoutBet } from './cashout';
import {
  acceptsRepricedValue,
  cashoutAllowed,
  cashoutOffer,
  DEFAULT_CASHOUT_CONFIG,
  splitCashoutStake,
} from './cashout';
import { settleBet } from './settlement';
import { SPEC_TAX_POLICY } from './tax-policy';

const policy = SPEC_TAX_POLICY;

function single(stake: number, placed: number, current: number | null): CashoutBet {
  return {
    stake: stake as Cents,
    freebetStake: 0 as Cents,
    betType: 'single',
    legs: [
      {
        state: 'open',
        placedOdds: placed as Odds,
        currentOdds: current as Odds | null,
        qualifies: true,
      },
    ],
  };
}

describe('cash-out value (ADR 220)', () => {
  it('matches the worked example of the decision record', () => {
    // KSh 100 on 3.00, now 2.00: stake after excise 86.96, potential 260.88,
    // fair 130.44, less 5 % → 123.92, withholding 20 % of 36.96 = 7.39, value 116.53.
    const offer = cashoutOffer(single(10_000, 300, 200), policy);
    expect(offer).toEqual({
      available: true,
      quote: {
        potentialWin: 26_088,
        fairValue: 13_044,
        gross: 12_392,
        withholdingTax: 739,
        taxBoostAmount: 0,
        value: 11_653,
      },
    });
  });

  it('counts a settled-won leg as won and prices only the open one', () => {
    const bet: CashoutBet = {
      stake: 10_000 as Cents,
      freebetStake: 0 as Cents,
      betType: 'multiple',
      legs: [
        { state: 'settled', placedOdds: 200 as Odds, outcome: { result: 'won' }, qualifies: false },
        { state: 'open', placedOdds: 150 as Odds, currentOdds: 150 as Odds, qualifies: false },
      ],
    };
    const offer = cashoutOffer(bet, policy, 0);
    if (!offer.available) throw new Error('expected an offer');
    // potential 86.96 × 3 = 260.88; × 1/1.5 = 173.92
    expect(offer.quote.potentialWin).toBe(26_088);
    expect(offer.quote.gross).toBe(17_392);
  });

  it('refuses free bets, boosted legs, lost and suspended legs', () => {
    expect(cashoutOffer({ ...single(1000, 200, 200), freebetStake: 100 as Cents }, policy)).toEqual(
      { available: false, reason: 'freebet' },
    );
    expect(cashoutOffer(single(1000, 200, null), policy)).toEqual({
      available: false,
      reason: 'suspended',
    });
    const boosted = single(1000, 200, 200);
    expect(
      cashoutOffer({ ...boosted, legs: [{ ...boosted.legs[0]!, boosted: true } as never] }, policy),
    ).toEqual({ available: false, reason: 'boosted-leg' });
    const lost: CashoutBet = {
      stake: 1000 as Cents,
      freebetStake: 0 as Cents,
      betType: 'multiple',
      legs: [
        { state: 'settled', placedOdds: 200 as Odds, outcome: { result: 'lost' }, qualifies: true },
        { state: 'open', placedOdds: 200 as Odds, currentOdds: 200 as Odds, qualifies: true },
      ],
    };
    expect(cashoutOffer(lost, policy)).toEqual({ available: false, reason: 'lost' });
  });

  it('is switched off per site, sport or market by configuration', () => {
    const legs = [{ sport: 'football', market: '1x2' }];
    expect(cashoutAllowed(DEFAULT_CASHOUT_CONFIG, 2, legs)).toBe(true);
    expect(cashoutAllowed({ ...DEFAULT_CASHOUT_CONFIG, disabledSites: [2] }, 2, legs)).toBe(false);
    expect(
      cashoutAllowed({ ...DEFAULT_CASHOUT_CONFIG, disabledSports: ['football'] }, 2, legs),
    ).toBe(false);
    expect(cashoutAllowed({ ...DEFAULT_CASHOUT_CONFIG, disabledMarkets: ['1x2'] }, 2, legs)).toBe(
      false,
    );
    expect(cashoutAllowed({ ...DEFAULT_CASHOUT_CONFIG, enabled: false }, 2, legs)).toBe(false);
  });

  it('splits a stake for a partial cash-out and refuses parts that do not fit', () => {
    expect(splitCashoutStake(10_000 as Cents, 4_000 as Cents, policy)).toEqual({
      cashed: 4_000,
      remaining: 6_000,
    });
    expect(splitCashoutStake(10_000 as Cents, 0 as Cents, policy)).toBeNull();
    expect(splitCashoutStake(10_000 as Cents, 10_001 as Cents, policy)).toBeNull();
  });

  it('takes a re-priced value per the accept-changes setting', () => {
    expect(acceptsRepricedValue(100 as Cents, 100 as Cents, 'none')).toBe(true);
    expect(acceptsRepricedValue(100 as Cents, 101 as Cents, 'none')).toBe(false);
    expect(acceptsRepricedValue(100 as Cents, 101 as Cents, 'higher')).toBe(true);
    expect(acceptsRepricedValue(100 as Cents, 99 as Cents, 'higher')).toBe(false);
    expect(acceptsRepricedValue(100 as Cents, 1 as Cents, 'any')).toBe(true);
  });

  it('never pays more than the bet would net if every open leg won (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.array(
          fc.tuple(fc.integer({ min: 101, max: 5000 }), fc.integer({ min: 101, max: 5000 })),
          {
            minLength: 1,
            maxLength: 10,
          },
        ),
        fc.integer({ min: 0, max: 2000 }),
        (stake, pairs, margin) => {
          const bet: CashoutBet = {
            stake: stake as Cents,
            freebetStake: 0 as Cents,
            betType: pairs.length === 1 ? 'single' : 'multiple',
            legs: pairs.map(([placed, current]) => ({
              state: 'open' as const,
              placedOdds: placed as Odds,
              currentOdds: current as Odds,
              qualifies: true,
            })),
          };
          const offer = cashoutOffer(bet, policy, margin);
          if (!offer.available) return false;
          const won = settleBet({
            betId: 'p',
            stake: stake as Cents,
            freebetStake: 0 as Cents,
            betType: bet.betType,
            policy,
            legs: pairs.map(([placed]) => ({
              odds: placed as Odds,
              outcome: { result: 'won' as const },
              qualifies: true,
            })),
          });
          const q = offer.quote;
          return (
            Number.isSafeInteger(q.value) &&
            q.value >= 0 &&
            q.gross <= q.fairValue &&
            q.value <= won.breakdown.netPayout &&
            q.value === q.gross - q.withholdingTax + q.taxBoostAmount
          );
        },
      ),
    );
  });
});
