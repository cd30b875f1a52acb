import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  pocketColour,
  ROULETTE_BET_KINDS,
  ROULETTE_POCKETS,
  roulettePocket,
  rouletteBetNumbers,
  settleRouletteBet,
} from './roulette';

const seedArb = fc.record({
  serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
  clientSeed: fc.stringMatching(/^[a-z0-9]{1,16}$/),
  nonce: fc.nat(),
});

describe('roulette', () => {
  it('lands on pocket floor(float₀ × 37)', () => {
    const seed = {
      serverSeed: '7b3f1c0a9e5d48f2b6a1c3e5d7f9021436587a9bcde0f1234567890abcdef012',
      clientSeed: 'lucky-player',
      nonce: 0,
    };
    expect(roulettePocket(seed)).toBe(24);
    fc.assert(
      fc.property(seedArb, (s) => {
        const pocket = roulettePocket(s);
        expect(pocket).toBeGreaterThanOrEqual(0);
        expect(pocket).toBeLessThan(ROULETTE_POCKETS);
      }),
    );
  });

  it('colours the wheel: 18 red, 18 black, green zero', () => {
    const colours = Array.from({ length: 37 }, (_, n) => pocketColour(n));
    expect(colours.filter((c) => c === 'red')).toHaveLength(18);
    expect(colours.filter((c) => c === 'black')).toHaveLength(18);
    expect(pocketColour(0)).toBe('green');
    expect(pocketColour(1)).toBe('red');
    expect(pocketColour(2)).toBe('black');
  });

  it('accepts only real table bets', () => {
    expect(rouletteBetNumbers('straight', [17])).toEqual([17]);
    expect(rouletteBetNumbers('straight', [37])).toBeNull();
    expect(rouletteBetNumbers('split', [0, 2])).toEqual([0, 2]);
    expect(rouletteBetNumbers('split', [2, 5])).toEqual([2, 5]);
    expect(rouletteBetNumbers('split', [3, 4])).toBeNull();
    expect(rouletteBetNumbers('split', [0, 4])).toBeNull();
    expect(rouletteBetNumbers('street', [4, 5, 6])).toEqual([4, 5, 6]);
    expect(rouletteBetNumbers('street', [5, 6, 7])).toBeNull();
    expect(rouletteBetNumbers('trio', [2, 0, 3])).toEqual([0, 2, 3]);
    expect(rouletteBetNumbers('trio', [0, 1, 3])).toBeNull();
    expect(rouletteBetNumbers('corner', [32, 33, 35, 36])).toEqual([32, 33, 35, 36]);
    expect(rouletteBetNumbers('corner', [2, 3, 5, 6])).toEqual([2, 3, 5, 6]);
    expect(rouletteBetNumbers('corner', [3, 4, 6, 7])).toBeNull();
    expect(rouletteBetNumbers('line', [31, 32, 33, 34, 35, 36])).toHaveLength(6);
    expect(rouletteBetNumbers('line', [2, 3, 4, 5, 6, 7])).toBeNull();
    expect(rouletteBetNumbers('dozen', [2])).toEqual(Array.from({ length: 12 }, (_, i) => 13 + i));
    expect(rouletteBetNumbers('dozen', [4])).toBeNull();
    expect(rouletteBetNumbers('column', [1])?.slice(0, 3)).toEqual([1, 4, 7]);
    expect(rouletteBetNumbers('red', [])).toHaveLength(18);
    expect(rouletteBetNumbers('red', [1])).toBeNull();
    expect(rouletteBetNumbers('straight', [1, 1])).toBeNull();
    expect(() => settleRouletteBet('split', [1, 9], 1)).toThrow(RangeError);
  });

  it('returns 36/n × stake on a win: every bet kind has RTP 36/37', () => {
    const examples: Record<string, number[]> = {
      straight: [7],
      split: [7, 8],
      street: [7, 8, 9],
      trio: [0, 1, 2],
      corner: [7, 8, 10, 11],
      line: [7, 8, 9, 10, 11, 12],
      dozen: [1],
      column: [3],
    };
    for (const kind of ROULETTE_BET_KINDS) {
      const numbers = examples[kind] ?? [];
      let total = 0;
      for (let pocket = 0; pocket < 37; pocket += 1)
        total += settleRouletteBet(kind, numbers, pocket);
      expect(total / 37 / 10_000).toBeCloseTo(36 / 37, 12);
    }
    expect(settleRouletteBet('straight', [7], 7)).toBe(360_000);
    expect(settleRouletteBet('red', [], 0)).toBe(0);
    expect(settleRouletteBet('even', [], 0)).toBe(0);
  });
});
