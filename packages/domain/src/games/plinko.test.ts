import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isPlinkoRisk,
  isPlinkoRows,
  playPlinko,
  PLINKO_RISKS,
  PLINKO_ROWS,
  plinkoProbabilities,
  plinkoRtp,
  plinkoTable,
} from './plinko';

const seedArb = fc.record({
  serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
  clientSeed: fc.stringMatching(/^[a-z0-9]{1,16}$/),
  nonce: fc.nat(),
});

/** The documented RTPs (docs/decisions/171-game-maths-and-rtp.md), to 5 decimals. */
const DOCUMENTED: Record<string, number> = {
  '8-low': 0.98984,
  '8-medium': 0.98906,
  '8-high': 0.98875,
  '12-low': 0.98979,
  '12-medium': 0.98989,
  '12-high': 0.98872,
  '16-low': 0.98999,
  '16-medium': 0.98988,
  '16-high': 0.98976,
};

describe('plinko', () => {
  it('has symmetric tables of rows + 1 buckets with the documented RTP', () => {
    for (const rows of PLINKO_ROWS) {
      for (const risk of PLINKO_RISKS) {
        const table = plinkoTable(rows, risk);
        expect(table).toHaveLength(rows + 1);
        expect(table).toEqual([...table].reverse());
        expect(plinkoRtp(rows, risk)).toBeCloseTo(DOCUMENTED[`${rows}-${risk}`] ?? 0, 5);
        expect(plinkoRtp(rows, risk)).toBeLessThan(0.99);
      }
    }
  });

  it('has bucket probabilities summing to 1', () => {
    for (const rows of PLINKO_ROWS) {
      expect(plinkoProbabilities(rows).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
  });

  it('lands in the bucket counted by right bounces and pays that bucket', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.constantFrom(...PLINKO_ROWS),
        fc.constantFrom(...PLINKO_RISKS),
        (seed, rows, risk) => {
          const result = playPlinko(seed, rows, risk);
          expect(result.path).toHaveLength(rows);
          expect(result.bucket).toBe(result.path.filter((s) => s === 'R').length);
          expect(result.multiplier).toBe(plinkoTable(rows, risk)[result.bucket]);
          expect(playPlinko(seed, rows, risk)).toEqual(result);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('validates rows and risk', () => {
    expect(isPlinkoRows(8)).toBe(true);
    expect(isPlinkoRows(10)).toBe(false);
    expect(isPlinkoRisk('high')).toBe(true);
    expect(isPlinkoRisk('extreme')).toBe(false);
    expect(() => playPlinko({ serverSeed: 'a', clientSeed: 'b', nonce: 0 }, 9 as 8, 'low')).toThrow(
      RangeError,
    );
  });
});
