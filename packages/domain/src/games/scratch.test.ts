import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { playScratch, SCRATCH_SYMBOLS, scratchRtp, scratchTier } from './scratch';

const seedArb = fc.record({
  serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
  clientSeed: fc.stringMatching(/^[a-z0-9]{1,16}$/),
  nonce: fc.nat(),
});

function counts(cells: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const c of cells) map.set(c, (map.get(c) ?? 0) + 1);
  return map;
}

describe('scratch card', () => {
  it('has an RTP of exactly 96 %', () => {
    expect(scratchRtp()).toBeCloseTo(0.96, 12);
  });

  it('maps tickets to tiers by cumulative ranges', () => {
    expect(scratchTier(0)).toBe(0);
    expect(scratchTier(149_999)).toBe(0);
    expect(scratchTier(150_000)).toBe(1);
    expect(scratchTier(283_849)).toBe(7);
    expect(scratchTier(283_850)).toBeNull();
    expect(scratchTier(999_999)).toBeNull();
  });

  it('shows exactly three of the winning symbol, and never three of any symbol on a losing card', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const card = playScratch(seed);
        expect(card.cells).toHaveLength(9);
        const byCount = counts(card.cells);
        const triples = [...byCount].filter(([, n]) => n >= 3).map(([s]) => s);
        if (card.winningSymbol === null) {
          expect(triples).toEqual([]);
          expect(card.multiplier).toBe(0);
        } else {
          expect(triples).toEqual([card.winningSymbol]);
          expect(byCount.get(card.winningSymbol)).toBe(3);
          const prize = SCRATCH_SYMBOLS.find((s) => s.symbol === card.winningSymbol)?.prize ?? 0;
          expect(card.multiplier).toBe(prize * 10_000);
        }
        expect(playScratch(seed)).toEqual(card);
      }),
      { numRuns: 300 },
    );
  });
});
