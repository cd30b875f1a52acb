import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cashOutMines,
  MINES_TILES,
  minePositions,
  minesMultiplier,
  minesPayoutMultiplier,
  minesSurvival,
  revealTile,
  startMines,
  type MinesState,
} from './mines';

const seedArb = fc.record({
  serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
  clientSeed: fc.stringMatching(/^[a-z0-9]{1,16}$/),
  nonce: fc.nat(),
});

describe('mines', () => {
  it('places the documented number of distinct mines, deterministically', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 1, max: 24 }), (seed, mines) => {
        const tiles = minePositions(seed, mines);
        expect(tiles).toHaveLength(mines);
        expect(new Set(tiles).size).toBe(mines);
        expect(tiles.every((t) => t >= 0 && t < MINES_TILES)).toBe(true);
        expect(minePositions(seed, mines)).toEqual(tiles);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps the same first mines when more mines are asked for (one shuffle)', () => {
    const seed = { serverSeed: 'ab'.repeat(32), clientSeed: 'c', nonce: 3 };
    const three = minePositions(seed, 3);
    expect(minePositions(seed, 10)).toEqual(expect.arrayContaining(three));
  });

  it('prices 0.99 × C(25,k)/C(25-m,k), rounded down', () => {
    expect(minesMultiplier(1, 1)).toBe(10_312); // 0.99 × 25/24 = 1.03125
    expect(minesMultiplier(3, 1)).toBe(11_250); // 0.99 × 25/22
    expect(minesMultiplier(24, 1)).toBe(247_500); // 0.99 × 25
    expect(minesMultiplier(5, 0)).toBe(10_000);
    expect(() => minesMultiplier(5, 21)).toThrow(RangeError);
  });

  it('returns 99 % (less rounding) for every mine count and cash-out point', () => {
    for (let m = 1; m <= 24; m += 1) {
      for (let k = 1; k <= MINES_TILES - m; k += 1) {
        const rtp = (minesSurvival(m, k) * minesMultiplier(m, k)) / 10_000;
        expect(rtp).toBeLessThanOrEqual(0.99 + 1e-12);
        expect(rtp).toBeGreaterThan(0.9899);
      }
    }
  });

  it('plays a round: reveal, hit, cash out, and refuses moves after the end', () => {
    const mineTiles = [0, 1, 2];
    let state: MinesState = startMines(3);
    expect(cashOutMines(state)).toBe('nothing_revealed');
    const afterSafe = revealTile(state, mineTiles, 10);
    if (typeof afterSafe === 'string') throw new Error(afterSafe);
    state = afterSafe;
    expect(revealTile(state, mineTiles, 10)).toBe('already_revealed');
    expect(revealTile(state, mineTiles, 25)).toBe('bad_tile');
    expect(revealTile(state, mineTiles, -1)).toBe('bad_tile');
    const cashed = cashOutMines(state);
    if (typeof cashed === 'string') throw new Error(cashed);
    expect(minesPayoutMultiplier(cashed)).toBe(minesMultiplier(3, 1));
    expect(revealTile(cashed, mineTiles, 11)).toBe('round_finished');
    const lost = revealTile(state, mineTiles, 2);
    if (typeof lost === 'string') throw new Error(lost);
    expect(lost).toMatchObject({ status: 'lost', hit: 2 });
    expect(minesPayoutMultiplier(lost)).toBe(0);
    expect(cashOutMines(lost)).toBe('round_finished');
  });

  it('cashes out by itself when the last safe tile is revealed', () => {
    const mineTiles = Array.from({ length: 24 }, (_, i) => i + 1);
    const state = revealTile(startMines(24), mineTiles, 0);
    expect(state).toMatchObject({ status: 'cashed_out', revealed: [0] });
    if (typeof state !== 'string') expect(minesPayoutMultiplier(state)).toBe(247_500);
  });

  it('never loses on a safe tile and always loses on a mine', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.integer({ min: 1, max: 24 }),
        fc.array(fc.nat(24), { maxLength: 30 }),
        (seed, mines, picks) => {
          const mineTiles = minePositions(seed, mines);
          let state: MinesState = startMines(mines);
          for (const tile of picks) {
            const next = revealTile(state, mineTiles, tile);
            if (typeof next === 'string') continue;
            if (mineTiles.includes(tile)) expect(next.status).toBe('lost');
            else expect(next.revealed).toContain(tile);
            state = next;
          }
          expect(state.revealed.some((t) => mineTiles.includes(t))).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
