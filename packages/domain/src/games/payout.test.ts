import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Cents } from '../money';
import { formatMultiplier, multiplier, multiplierOf, payoutCents } from './payout';

describe('payout', () => {
  it('rounds wins down to the cent, exactly', () => {
    expect(payoutCents(1000 as Cents, multiplierOf(1.98))).toBe(1980);
    expect(payoutCents(333 as Cents, multiplierOf(1.5))).toBe(499);
    expect(payoutCents(1 as Cents, multiplierOf(0.5))).toBe(0);
    expect(payoutCents(900_000_000 as Cents, multiplier(51_482_970_000))).toBe(
      4_633_467_300_000_000,
    );
  });

  it('never pays more than stake × multiplier and never a cent less than its floor', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (s, m) => {
          const paid = payoutCents(s as Cents, multiplier(m));
          expect(paid * 10_000).toBeLessThanOrEqual(s * m);
          expect((paid + 1) * 10_000).toBeGreaterThan(s * m);
        },
      ),
    );
  });

  it('formats and validates multipliers', () => {
    expect(formatMultiplier(multiplierOf(1.98))).toBe('1.98');
    expect(formatMultiplier(multiplierOf(1000))).toBe('1000');
    expect(formatMultiplier(multiplier(10_001))).toBe('1.0001');
    expect(() => multiplier(-1)).toThrow(RangeError);
    expect(() => multiplier(0.5)).toThrow(RangeError);
  });
});
