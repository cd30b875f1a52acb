import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Cents } from './money';
import type { Odds } from './odds';
import type { LegOutcome, SettlementBalances } from './settlement';
import {
  applyMovement,
  legFactor,
  rollbackMovement,
  settleBet,
  settlementMovement,
} from './settlement';
import { SPEC_TAX_POLICY } from './tax-policy';

const policy = SPEC_TAX_POLICY;
const won: LegOutcome = { result: 'won' };
const lost: LegOutcome = { result: 'lost' };

describe('settlement', () => {
  it('computes leg factors for won, lost, void, half void and dead heat', () => {
    expect(legFactor(250 as Odds, won)).toEqual({ numerator: 250n, denominator: 100n });
    expect(legFactor(250 as Odds, lost).numerator).toBe(0n);
    const voided = legFactor(250 as Odds, { result: 'lost', voidFactor: 1 });
    expect(voided.numerator).toBe(voided.denominator);
    // half void on a winner: 0.5 × 2.5 + 0.5 = 1.75
    const half = legFactor(250 as Odds, { result: 'won', voidFactor: 0.5 });
    expect(Number(half.numerator) / Number(half.denominator)).toBe(1.75);
    // dead heat 1/2 on 4.00 → 2.00
    const dh = legFactor(400 as Odds, {
      result: 'won',
      deadHeatFactor: { numerator: 1n, denominator: 2n },
    });
    expect(Number(dh.numerator) / Number(dh.denominator)).toBe(2);
  });

  it('settles a multiple with a void leg at odds 1 for that leg', () => {
    const s = settleBet({
      betId: 'b1',
      stake: 10000 as Cents,
      freebetStake: 0 as Cents,
      betType: 'multiple',
      policy,
      legs: [
        { odds: 200 as Odds, outcome: won, qualifies: true },
        { odds: 150 as Odds, outcome: { result: 'lost', voidFactor: 1 }, qualifies: true },
      ],
    });
    expect(s.status).toBe('won');
    expect(s.breakdown.totalOdds).toBe(200);
    expect(s.breakdown.grossPossibleWin).toBe(17392); // 86.96 × 2
  });

  it('pays a dead heat through the same policy', () => {
    const s = settleBet({
      betId: 'dh',
      stake: 1000 as Cents,
      freebetStake: 0 as Cents,
      betType: 'single',
      policy,
      legs: [
        {
          odds: 400 as Odds,
          outcome: { result: 'won', deadHeatFactor: { numerator: 1n, denominator: 2n } },
          qualifies: true,
        },
      ],
    });
    // 8.70 × 4 × 1/2 = 17.40; tax 20 % × 8.70 = 1.74
    expect(s.status).toBe('won');
    expect(s.breakdown.grossPossibleWin).toBe(1740);
    expect(s.breakdown.netPayout).toBe(1566);
    expect(settlementMovement(s)).toEqual({
      betId: 'dh',
      kind: 'settle',
      userCash: 1566,
      taxPayable: 174,
      house: -1740,
    });
  });

  it('loses when any leg loses, and voids when all legs are void', () => {
    const base = { betId: 'b', stake: 1000 as Cents, freebetStake: 0 as Cents, policy } as const;
    const lostBet = settleBet({
      ...base,
      betType: 'multiple',
      legs: [
        { odds: 200 as Odds, outcome: won, qualifies: true },
        { odds: 200 as Odds, outcome: lost, qualifies: true },
      ],
    });
    expect(lostBet.status).toBe('lost');
    expect(lostBet.breakdown.netPayout).toBe(0);
    const voidBet = settleBet({
      ...base,
      betType: 'single',
      legs: [{ odds: 200 as Odds, outcome: { result: 'won', voidFactor: 1 }, qualifies: true }],
    });
    expect(voidBet.status).toBe('void');
    expect(voidBet.breakdown.netPayout).toBe(870); // the stake after excise comes back
  });

  it('recounts the win boost without void legs', () => {
    const legs = [200, 200, 200].map((o) => ({ odds: o as Odds, outcome: won, qualifies: true }));
    const all = settleBet({
      betId: 'x',
      stake: 10000 as Cents,
      freebetStake: 0 as Cents,
      betType: 'multiple',
      policy,
      legs,
    });
    expect(all.breakdown.winBoostPercentage).toBe(3);
    const oneVoid = settleBet({
      betId: 'x',
      stake: 10000 as Cents,
      freebetStake: 0 as Cents,
      betType: 'multiple',
      policy,
      legs: [...legs.slice(0, 2), { ...legs[0]!, outcome: { result: 'won', voidFactor: 1 } }],
    });
    expect(oneVoid.breakdown.winBoostPercentage).toBe(0);
  });

  it('settle then rollback leaves every figure as before', () => {
    const outcome = fc.record({
      result: fc.constantFrom<'won' | 'lost'>('won', 'lost'),
      voidFactor: fc.constantFrom<0 | 0.5 | 1>(0, 0.5, 1),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.record({ odds: fc.integer({ min: 100, max: 3000 }), outcome }), {
          minLength: 1,
          maxLength: 10,
        }),
        fc.record({
          userCash: fc.integer({ min: 0, max: 1e9 }),
          taxPayable: fc.integer({ min: 0, max: 1e9 }),
          house: fc.integer({ min: -1e9, max: 1e9 }),
        }),
        (stake, freebet, legs, start) => {
          const s = settleBet({
            betId: 'p',
            stake: stake as Cents,
            freebetStake: freebet as Cents,
            betType: legs.length === 1 ? 'single' : 'multiple',
            policy,
            legs: legs.map((l) => ({ odds: l.odds as Odds, outcome: l.outcome, qualifies: true })),
          });
          const before = start as unknown as SettlementBalances;
          const settle = settlementMovement(s);
          expect(settle.userCash + settle.taxPayable + settle.house).toBe(0);
          const after = applyMovement(before, settle);
          expect(applyMovement(after, rollbackMovement(settle))).toEqual(before);
          expect(rollbackMovement(rollbackMovement(settle))).toEqual(settle);
        },
      ),
    );
  });
});
