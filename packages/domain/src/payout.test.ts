import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Cents } from './money';
import type { Odds } from './odds';
import { boostedOdds, payoutBreakdown } from './payout';
import { fitsCurrency } from './currency';
import {
  DEFAULT_TAX_POLICIES,
  KENYA_2025_TAX_POLICY,
  SPEC_TAX_POLICY,
  taxPolicyAt,
} from './tax-policy';

const policy = SPEC_TAX_POLICY;

describe('payout breakdown (spec policy)', () => {
  it('KSh 10 single at 2.00: 1.30 excise, 8.70 staked', () => {
    const b = payoutBreakdown({
      stake: 1000 as Cents,
      legs: [200 as Odds],
      betType: 'single',
      policy,
    });
    expect(b).toMatchObject({
      excise: 130,
      stakeAfterExcise: 870,
      totalOdds: 200,
      winBoostAmount: 0,
      grossPossibleWin: 1740,
      withholdingTax: 174, // 20 % of (17.40 − 8.70)
      netPayout: 1566,
      capped: false,
    });
  });

  it('KSh 100 double at 2.00 × 1.50', () => {
    const b = payoutBreakdown({
      stake: 10000 as Cents,
      legs: [200, 150] as Odds[],
      betType: 'multiple',
      policy,
    });
    // 100 / 1.15 = 86.9565… → 86.96; × 3 = 260.88; tax 20 % × 173.92 = 34.784 → 34.78
    expect(b).toMatchObject({
      excise: 1304,
      stakeAfterExcise: 8696,
      totalOdds: 300,
      grossPossibleWin: 26088,
      withholdingTax: 3478,
      netPayout: 22610,
    });
  });

  it('applies the win boost to the winnings of a multiple', () => {
    const b = payoutBreakdown({
      stake: 10000 as Cents,
      legs: [200, 200, 200] as Odds[],
      betType: 'multiple',
      policy,
      winBoostPercentage: 3,
    });
    // 86.96 × 8 = 695.68; winnings 608.72 × 3 % = 18.2616 → 18.26; gross 713.94
    expect(b.winBoostAmount).toBe(1826);
    expect(b.grossPossibleWin).toBe(71394);
    expect(b.withholdingTax).toBe(12540); // 20 % × 627.98 = 125.596 → 125.60
    expect(b.netPayout).toBe(58854);
    expect(boostedOdds([200, 200, 200] as Odds[], 3)).toBe(821); // 1 + 7 × 1.03 = 8.21
  });

  it('caps the gross win at the maximum winning', () => {
    const b = payoutBreakdown({
      stake: 10_000_000 as Cents,
      legs: [5000 as Odds],
      betType: 'single',
      policy,
    });
    expect(b.stakeAfterExcise).toBe(8_695_652);
    expect(b.uncappedWin).toBe(434_782_600);
    expect(b.grossPossibleWin).toBe(150_000_000);
    expect(b.capped).toBe(true);
    expect(b.withholdingTax).toBe(28_260_870); // 20 % × 1,413,043.48
    expect(b.netPayout).toBe(121_739_130);
  });

  it('does not return a free-bet stake and charges it no excise', () => {
    const b = payoutBreakdown({
      stake: 0 as Cents,
      freebetStake: 1000 as Cents,
      legs: [300 as Odds],
      betType: 'single',
      policy,
    });
    expect(b).toMatchObject({
      excise: 0,
      stakeAfterExcise: 0,
      grossPossibleWin: 2000, // 10 × 3 − 10
      withholdingTax: 400,
      netPayout: 1600,
    });
  });

  it('mixes cash and free-bet stakes', () => {
    const b = payoutBreakdown({
      stake: 1000 as Cents,
      freebetStake: 500 as Cents,
      legs: [200 as Odds],
      betType: 'single',
      policy,
    });
    // (8.70 + 5) × 2 − 5 = 22.40; tax 20 % × 13.70 = 2.74
    expect(b.grossPossibleWin).toBe(2240);
    expect(b.withholdingTax).toBe(274);
    expect(b.netPayout).toBe(1966);
  });

  it('charges nothing at the bet under the 2025 deposit/withdrawal regime', () => {
    const b = payoutBreakdown({
      stake: 1000 as Cents,
      legs: [200 as Odds],
      betType: 'single',
      policy: KENYA_2025_TAX_POLICY,
    });
    expect(b).toMatchObject({
      excise: 0,
      stakeAfterExcise: 1000,
      withholdingTax: 0,
      netPayout: 2000,
    });
  });

  it('rejects a single with several legs', () => {
    expect(() =>
      payoutBreakdown({ stake: 1 as Cents, legs: [200, 200] as Odds[], betType: 'single', policy }),
    ).toThrow();
  });

  it('net payout ≤ gross possible win ≤ maximum winning', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 100, max: 5_000 }), { minLength: 1, maxLength: 20 }),
        fc.constantFrom(0, 3, 35, 600),
        fc.constantFrom(SPEC_TAX_POLICY, KENYA_2025_TAX_POLICY),
        (stake, freebet, legs, boost, p) => {
          const b = payoutBreakdown({
            stake: stake as Cents,
            freebetStake: freebet as Cents,
            legs: legs as Odds[],
            betType: 'multiple',
            policy: p,
            winBoostPercentage: boost,
          });
          expect(b.netPayout).toBeLessThanOrEqual(b.grossPossibleWin);
          expect(b.grossPossibleWin).toBeLessThanOrEqual(p.maxWinning);
          expect(b.netPayout).toBeGreaterThanOrEqual(0);
          expect(b.excise + b.stakeAfterExcise).toBe(stake);
          expect(Number.isInteger(b.netPayout)).toBe(true);
        },
      ),
    );
  });
});

describe('payout breakdown in whole-unit currencies', () => {
  const at2026 = (siteId: 1 | 3 | 4) =>
    taxPolicyAt(DEFAULT_TAX_POLICIES, siteId, new Date('2026-01-01T00:00:00Z'));

  it('UGX 1,000 single at 1.77 in Uganda: 15 % on the winnings, whole shillings', () => {
    const b = payoutBreakdown({
      stake: 100_000 as Cents,
      legs: [177 as Odds],
      betType: 'single',
      policy: at2026(1),
    });
    // Return 1,770; withholding 15 % of 770 = 115.50 → 116 shillings.
    expect(b).toMatchObject({ excise: 0, grossPossibleWin: 177_000, withholdingTax: 11_600 });
    expect(b.netPayout).toBe(165_400);
  });

  it('Zambia charges its 10 % excise on the stake, to the ngwee', () => {
    const b = payoutBreakdown({
      stake: 1_005 as Cents,
      legs: [200 as Odds],
      betType: 'single',
      policy: at2026(3),
    });
    expect(b.excise).toBe(101);
    expect(b.stakeAfterExcise).toBe(904);
  });

  it('every figure fits the currency, for any stake that fits it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 100, max: 1_000 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(0, 3, 35, 600),
        fc.constantFrom<1 | 4>(1, 4),
        (units, legs, boost, siteId) => {
          const p = at2026(siteId);
          const b = payoutBreakdown({
            stake: (units * 100) as Cents,
            legs: legs as Odds[],
            betType: 'multiple',
            policy: p,
            winBoostPercentage: boost,
          });
          for (const figure of [
            b.excise,
            b.stakeAfterExcise,
            b.winBoostAmount,
            b.grossPossibleWin,
            b.withholdingTax,
            b.netPayout,
          ]) {
            expect(fitsCurrency(figure, p.currency ?? 'KES')).toBe(true);
          }
          expect(b.netPayout).toBeLessThanOrEqual(b.grossPossibleWin);
        },
      ),
    );
  });
});
