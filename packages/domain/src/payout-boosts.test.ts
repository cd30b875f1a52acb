import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Cents } from './money';
import type { Odds } from './odds';
import { payoutBreakdown } from './payout';
import { settleBet } from './settlement';
import { taxBoostPercentage } from './tax-boost';
import { SPEC_TAX_POLICY } from './tax-policy';
import { winBoostPercentage } from './win-boost';

const policy = SPEC_TAX_POLICY;
const legs = (n: number, odds = 185) => Array.from({ length: n }, () => odds as Odds);

describe('issue #15 defect 4: big accumulators under the maximum win', () => {
  it('a 50-leg multiple shows a boost that fits under the cap and exact total odds', () => {
    const b = payoutBreakdown({
      stake: 10_000 as Cents,
      legs: legs(50, 175),
      betType: 'multiple',
      policy,
      winBoostPercentage: winBoostPercentage(50),
      taxBoostPercentage: taxBoostPercentage(50),
    });
    expect(b.capped).toBe(true);
    expect(b.grossPossibleWin).toBe(150_000_000);
    // The return alone is over the cap: no boost can be paid on top of it.
    expect(b.winBoostAmount).toBe(0);
    expect(b.totalOddsText).toMatch(/^\d+\.\d{2}$/);
    expect(Number(b.totalOddsText)).toBeCloseTo(1.75 ** 50, -9);
    expect(b.grossPossibleWin + 0).toBeLessThanOrEqual(policy.maxWinning);
  });

  it('the boost fills what is left under the cap when the return alone is below it', () => {
    // 8.70 after excise × 300,000 = 261,000; 600 % of the winnings is more than the room left.
    const b = payoutBreakdown({
      stake: 1_000 as Cents,
      legs: [10_000, 10_000, 300] as Odds[],
      betType: 'multiple',
      policy,
      winBoostPercentage: 600,
    });
    expect(b.capped).toBe(true);
    expect(b.grossPossibleWin).toBe(150_000_000);
    expect(b.winBoostAmount).toBe(150_000_000 - 26_100_000);
  });

  it('a 100-leg multiple keeps every figure a safe integer and the odds exact', () => {
    const b = payoutBreakdown({
      stake: 5_000 as Cents,
      legs: legs(100, 250),
      betType: 'multiple',
      policy,
      winBoostPercentage: 600,
      taxBoostPercentage: 600,
    });
    for (const key of [
      'excise',
      'stakeAfterExcise',
      'winBoostAmount',
      'grossPossibleWin',
      'withholdingTax',
      'taxBoostAmount',
      'netPayout',
    ] as const) {
      expect(Number.isSafeInteger(b[key]), key).toBe(true);
    }
    // 2.5^100 has 40 digits before the point: the text holds them all.
    expect(b.totalOddsText.split('.')[0]).toHaveLength(40);
    expect(b.totalOddsText.startsWith('62230152778611417071440640537801242405')).toBe(true);
  });
});

describe('issue #15 defect 5: the tax boost pays part of the withholding (ADR 150)', () => {
  it('20 % tax boost: the operator pays 20 % of the withholding tax', () => {
    // 10 legs at 2.00: 8.70 × 1024 = 8,908.80; win boost 35 % of 8,900.10 = 3,115.04 (rounded)
    const b = payoutBreakdown({
      stake: 1_000 as Cents,
      legs: legs(10, 200),
      betType: 'multiple',
      policy,
      winBoostPercentage: 35,
      taxBoostPercentage: 20,
    });
    const plain = payoutBreakdown({
      stake: 1_000 as Cents,
      legs: legs(10, 200),
      betType: 'multiple',
      policy,
      winBoostPercentage: 35,
    });
    expect(b.withholdingTax).toBe(plain.withholdingTax);
    expect(b.taxBoostAmount).toBe(Math.round(plain.withholdingTax * 0.2));
    expect(b.netPayout).toBe(plain.netPayout + b.taxBoostAmount);
    expect(b.taxBoostPercentage).toBe(20);
  });

  it('600 % bears the whole tax and no more: net = gross', () => {
    const b = payoutBreakdown({
      stake: 1_000 as Cents,
      legs: legs(45, 150),
      betType: 'multiple',
      policy,
      taxBoostPercentage: 600,
    });
    expect(b.taxBoostAmount).toBe(b.withholdingTax);
    expect(b.netPayout).toBe(b.grossPossibleWin);
  });

  it('singles have no tax boost', () => {
    const b = payoutBreakdown({
      stake: 1_000 as Cents,
      legs: [300 as Odds],
      betType: 'single',
      policy,
      taxBoostPercentage: 50,
    });
    expect(b.taxBoostAmount).toBe(0);
  });

  it('settlement pays the same tax boost as placement when every leg wins', () => {
    const odds = legs(12, 160);
    const placed = payoutBreakdown({
      stake: 2_000 as Cents,
      legs: odds,
      betType: 'multiple',
      policy,
      winBoostPercentage: winBoostPercentage(12),
      taxBoostPercentage: taxBoostPercentage(12),
    });
    const settled = settleBet({
      betId: '1',
      stake: 2_000 as Cents,
      freebetStake: 0 as Cents,
      betType: 'multiple',
      policy,
      legs: odds.map((o) => ({ odds: o, outcome: { result: 'won' }, qualifies: true })),
    });
    expect(settled.breakdown.taxBoostAmount).toBe(placed.taxBoostAmount);
    expect(settled.breakdown.netPayout).toBe(placed.netPayout);
    expect(placed.taxBoostAmount).toBeGreaterThan(0);
  });

  it('property: withholding − tax boost ≥ 0 and net ≤ gross ≤ max win', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 101, max: 3_000 }), { minLength: 2, maxLength: 100 }),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 600 }),
        (stake, odds, win, tax) => {
          const b = payoutBreakdown({
            stake: stake as Cents,
            legs: odds as Odds[],
            betType: 'multiple',
            policy,
            winBoostPercentage: win,
            taxBoostPercentage: tax,
          });
          expect(b.taxBoostAmount).toBeLessThanOrEqual(b.withholdingTax);
          expect(b.netPayout).toBeLessThanOrEqual(b.grossPossibleWin);
          expect(b.grossPossibleWin).toBeLessThanOrEqual(policy.maxWinning);
          expect(b.winBoostAmount).toBeLessThanOrEqual(b.grossPossibleWin);
          expect(Number.isSafeInteger(b.winBoostAmount)).toBe(true);
        },
      ),
    );
  });
});
