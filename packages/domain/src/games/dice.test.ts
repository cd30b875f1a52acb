import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DICE_OUTCOMES,
  diceMultiplier,
  diceRoll,
  diceRtp,
  diceWinningOutcomes,
  isValidDiceBet,
  playDice,
  settleDice,
  type DiceBet,
} from './dice';

const seed = {
  serverSeed: '7b3f1c0a9e5d48f2b6a1c3e5d7f9021436587a9bcde0f1234567890abcdef012',
  clientSeed: 'lucky-player',
  nonce: 0,
};

const betArb = fc
  .record({
    target: fc.integer({ min: 0, max: 9999 }),
    direction: fc.constantFrom('under', 'over'),
  })
  .filter((bet) => isValidDiceBet(bet as DiceBet)) as fc.Arbitrary<DiceBet>;

describe('dice', () => {
  it('rolls floor(float × 10 000) from the seed', () => {
    // float₀ of this seed is 0.66246739... (fairness.test.ts)
    expect(diceRoll(seed)).toBe(6624);
    expect(playDice(seed, { target: 4999, direction: 'over' })).toEqual({
      roll: 6624,
      win: true,
      multiplier: 19_800,
    });
    expect(playDice(seed, { target: 5000, direction: 'under' }).win).toBe(false);
  });

  it('prices 0.99 / chance, rounded down', () => {
    expect(diceMultiplier({ target: 5000, direction: 'under' })).toBe(19_800);
    expect(diceMultiplier({ target: 100, direction: 'under' })).toBe(990_000);
    expect(diceMultiplier({ target: 9800, direction: 'under' })).toBe(10_102);
    expect(diceWinningOutcomes({ target: 4999, direction: 'over' })).toBe(5000);
  });

  it('bounds the win chance to 1 %..98 %', () => {
    expect(isValidDiceBet({ target: 99, direction: 'under' })).toBe(false);
    expect(isValidDiceBet({ target: 9801, direction: 'under' })).toBe(false);
    expect(isValidDiceBet({ target: 9899, direction: 'over' })).toBe(true);
    expect(isValidDiceBet({ target: 9900, direction: 'over' })).toBe(false);
    expect(isValidDiceBet({ target: 50.5, direction: 'over' })).toBe(false);
    expect(isValidDiceBet({ target: 5000, direction: 'sideways' as 'over' })).toBe(false);
    expect(() => settleDice({ target: 1, direction: 'under' }, 0)).toThrow(RangeError);
  });

  it('has an RTP of at most 99 % and within 0.01 % of it for every bet', () => {
    fc.assert(
      fc.property(betArb, (bet) => {
        const rtp = diceRtp(bet);
        // exact in integers: winning outcomes × multiplier ≤ 0.99 × 10 000 outcomes × 10 000
        expect(diceWinningOutcomes(bet) * diceMultiplier(bet)).toBeLessThanOrEqual(99_000_000);
        expect(rtp).toBeGreaterThan(0.9899);
      }),
    );
  });

  it('wins exactly on the documented side of the target', () => {
    fc.assert(
      fc.property(betArb, fc.integer({ min: 0, max: DICE_OUTCOMES - 1 }), (bet, roll) => {
        const result = settleDice(bet, roll);
        expect(result.win).toBe(bet.direction === 'under' ? roll < bet.target : roll > bet.target);
        expect(result.multiplier).toBe(result.win ? diceMultiplier(bet) : 0);
      }),
    );
  });
});
