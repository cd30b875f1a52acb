import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Odds } from './odds';
import { combinedOdds, combinedOddsExact, formatOdds, parseOdds } from './odds';

describe('odds', () => {
  it('parses and formats hundredths', () => {
    expect(parseOdds('1.85')).toBe(185);
    expect(parseOdds(1.85)).toBe(185);
    expect(parseOdds('2')).toBe(200);
    expect(parseOdds('1.855')).toBeNull();
    expect(formatOdds(105 as Odds)).toBe('1.05');
  });

  it('rounds the combined odds half-up for display only', () => {
    // 1.85 × 1.85 = 3.4225 → 3.42; 1.5 × 1.25 × 1.05 = 1.96875 → 1.97
    expect(combinedOdds([185, 185] as Odds[])).toBe(342);
    expect(combinedOdds([150, 125, 105] as Odds[])).toBe(197);
    expect(combinedOdds([150, 101] as Odds[])).toBe(152); // 1.515 → 1.52
    expect(combinedOdds([])).toBe(100);
  });

  it('combined odds equal the product of the legs', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 100, max: 1_000 }), { maxLength: 12 }), (legs) => {
        const exact = combinedOddsExact(legs as Odds[]);
        const product = legs.reduce((acc, leg) => acc * BigInt(leg), 1n);
        expect(exact.numerator).toBe(product);
        expect(exact.denominator).toBe(100n ** BigInt(legs.length));
        const shown = BigInt(combinedOdds(legs as Odds[]));
        // |shown/100 − product/100^n| ≤ 1/200
        const scale = 100n ** BigInt(legs.length);
        const diff = shown * scale - product * 100n;
        expect(diff * 2n <= scale && diff * 2n > -scale).toBe(true);
      }),
    );
  });
});
