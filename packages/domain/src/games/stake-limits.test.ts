import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitsCurrency, type CurrencyCode } from '../currency';
import { gameLimitsIn } from './stake-limits';

const MINES = { minStake: 10_00, maxStake: 10_000_00, maxWin: 1_500_000_00 };

describe('game limits per currency', () => {
  it('keeps Kenya’s figures and scales the others to their currency', () => {
    expect(gameLimitsIn(MINES, 'KES')).toEqual(MINES);
    expect(gameLimitsIn(MINES, 'UGX')).toEqual({
      minStake: 250_00,
      maxStake: 250_000_00,
      maxWin: 37_500_000_00,
    });
    expect(gameLimitsIn(MINES, 'TZS')).toEqual({
      minStake: 200_00,
      maxStake: 200_000_00,
      maxWin: 30_000_000_00,
    });
    expect(gameLimitsIn(MINES, 'ZMW')).toEqual({
      minStake: 2_00,
      maxStake: 2_000_00,
      maxWin: 300_000_00,
    });
  });

  it('gives amounts the currency has, a minimum of at least one step and min ≤ max', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_00 }),
        fc.integer({ min: 0, max: 1_000_000_00 }),
        fc.constantFrom<CurrencyCode>('KES', 'UGX', 'TZS', 'ZMW'),
        (min, extra, code) => {
          const limits = gameLimitsIn(
            { minStake: min, maxStake: min + extra, maxWin: min + extra },
            code,
          );
          expect(fitsCurrency(limits.minStake, code)).toBe(true);
          expect(fitsCurrency(limits.maxStake, code)).toBe(true);
          expect(fitsCurrency(limits.maxWin, code)).toBe(true);
          expect(limits.minStake).toBeGreaterThan(0);
          expect(limits.minStake).toBeLessThanOrEqual(limits.maxStake);
        },
      ),
    );
  });
});
