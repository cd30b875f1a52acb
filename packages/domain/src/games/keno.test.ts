import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isValidKenoPicks,
  KENO_DRAWN,
  KENO_MAX_PICKS,
  kenoDraw,
  kenoHitProbability,
  kenoRtp,
  kenoTable,
  playKeno,
  settleKeno,
} from './keno';

const seedArb = fc.record({
  serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
  clientSeed: fc.stringMatching(/^[a-z0-9]{1,16}$/),
  nonce: fc.nat(),
});
const picksArb = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 });

/** Documented RTP per number of picks, to 5 decimals. */
const DOCUMENTED = [
  0, 0.99, 0.98846, 0.98866, 0.98922, 0.98903, 0.98887, 0.98851, 0.98924, 0.98942, 0.98974,
];

describe('keno', () => {
  it('has one table per pick count with the documented RTP (98.5 %..99 %)', () => {
    for (let picks = 1; picks <= KENO_MAX_PICKS; picks += 1) {
      expect(kenoTable(picks)).toHaveLength(picks + 1);
      expect(kenoRtp(picks)).toBeCloseTo(DOCUMENTED[picks] ?? 0, 5);
      expect(kenoRtp(picks)).toBeLessThanOrEqual(0.99 + 1e-12);
      const total = Array.from({ length: picks + 1 }, (_, h) =>
        kenoHitProbability(picks, h),
      ).reduce((a, b) => a + b);
      expect(total).toBeCloseTo(1, 12);
    }
    expect(() => kenoTable(0)).toThrow(RangeError);
    expect(() => kenoTable(11)).toThrow(RangeError);
  });

  it('draws 10 distinct numbers from 1 to 40', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const drawn = kenoDraw(seed);
        expect(drawn).toHaveLength(KENO_DRAWN);
        expect(new Set(drawn).size).toBe(KENO_DRAWN);
        expect(drawn.every((n) => n >= 1 && n <= 40)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('pays the table entry for the number of hits', () => {
    fc.assert(
      fc.property(seedArb, picksArb, (seed, picks) => {
        const result = playKeno(seed, picks);
        expect(result.hits.every((n) => result.drawn.includes(n) && picks.includes(n))).toBe(true);
        expect(result.multiplier).toBe(kenoTable(picks.length)[result.hits.length]);
      }),
      { numRuns: 200 },
    );
    expect(settleKeno([1, 2, 3], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]).multiplier).toBe(260_000);
  });

  it('validates picks', () => {
    expect(isValidKenoPicks([1, 40])).toBe(true);
    expect(isValidKenoPicks([])).toBe(false);
    expect(isValidKenoPicks([0])).toBe(false);
    expect(isValidKenoPicks([41])).toBe(false);
    expect(isValidKenoPicks([3, 3])).toBe(false);
    expect(isValidKenoPicks([1.5])).toBe(false);
    expect(isValidKenoPicks(Array.from({ length: 11 }, (_, i) => i + 1))).toBe(false);
  });
});
