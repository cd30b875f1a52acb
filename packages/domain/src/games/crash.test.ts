import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  autoCashOutWins,
  buildChain,
  cashOutAt,
  chainHash,
  CRASH_BITS_RANGE,
  CRASH_GROWTH_PER_MS,
  CRASH_MAX,
  crashPoint,
  crashPointFromBits,
  crashSeed,
  elapsedToReach,
  first52Bits,
  hashTimes,
  multiplierAt,
  survivalNumerator,
  toMultiplier,
  verifyChainLink,
} from './crash';
import { hashServerSeed } from './fairness';
import { payoutCents } from './payout';
import { replayRound } from './replay';
import type { Cents } from '../money';

const SECRET = '5f1c2b7a9d3e4f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8';
const bits52 = fc.bigInt({ min: 0n, max: CRASH_BITS_RANGE - 1n });

describe('High Flyer hash chain', () => {
  it('plays the chain backwards: each seed is the SHA-256 of the next, ending at the published hash', () => {
    const seeds = buildChain(SECRET, 50);
    expect(seeds).toHaveLength(50);
    expect(seeds[49]).toBe(SECRET);
    const terminating = chainHash(seeds[0] as string);
    for (let i = 1; i < seeds.length; i += 1) {
      expect(verifyChainLink(seeds[i] as string, seeds[i - 1] as string)).toBe(true);
      // A seed revealed k rounds in reaches the terminating hash after k hashes.
      expect(hashTimes(seeds[i] as string, i + 1)).toBe(terminating);
    }
    expect(verifyChainLink(seeds[0] as string, terminating)).toBe(true);
    expect(verifyChainLink(seeds[3] as string, seeds[1] as string)).toBe(false);
    // The commitment shown before a round (ADR 170's hash) is the previous round's seed.
    expect(hashServerSeed(seeds[7] as string)).toBe(seeds[6]);
  });

  it('recomputes a crash point from the revealed seed, the same way replayRound does', () => {
    const seeds = buildChain(SECRET, 20);
    for (const [i, seed] of seeds.entries()) {
      const roundNo = 1000 + i;
      const point = crashPoint(crashSeed(seed, roundNo));
      expect(replayRound(crashSeed(seed, roundNo), { game: 'crash' })).toEqual({
        game: 'crash',
        crashPoint: point,
      });
      expect(point).toBeGreaterThanOrEqual(100);
      expect(point).toBeLessThanOrEqual(CRASH_MAX);
    }
    // A pinned vector, checked with openssl: HMAC-SHA256(key = SECRET, "high-flyer:1") begins
    // 12f09e5241a3c…, so h = 0x12f09e5241a3c = 333194522270268 and 97 × 2⁵² / (2⁵² − h) = 104.6.
    // A change of mapping breaks every past verification (ADR 170).
    expect(first52Bits(Uint8Array.from(Buffer.from('12f09e5241a3c1', 'hex')))).toBe(
      333_194_522_270_268n,
    );
    expect(crashPoint(crashSeed(SECRET, 1))).toBe(104);
  });
});

describe('High Flyer crash formula', () => {
  it('maps 52 bits to floor(97 × 2⁵² / (2⁵² − h)), at least 1.00× and at most the cap', () => {
    expect(crashPointFromBits(0n)).toBe(100); // 0.97 → crashes at take-off
    expect(crashPointFromBits(CRASH_BITS_RANGE / 2n)).toBe(194); // 0.97 × 2
    expect(crashPointFromBits(CRASH_BITS_RANGE - 1n)).toBe(CRASH_MAX);
    fc.assert(
      fc.property(bits52, bits52, (a, b) => {
        const [lo, hi] = a < b ? [a, b] : [b, a];
        // Monotone: more bits never crash earlier.
        expect(crashPointFromBits(lo)).toBeLessThanOrEqual(crashPointFromBits(hi));
      }),
    );
  });

  it('gives P(crash ≥ x) = 0.97 / x exactly for every target: a 3 % house edge whatever the target', () => {
    for (const x of [101, 102, 110, 150, 200, 333, 1000, 10_000, 123_456, CRASH_MAX]) {
      const p = Number(survivalNumerator(x)) / Number(CRASH_BITS_RANGE);
      // Return of an auto cash-out at x: x × P(crash ≥ x).
      expect((x / 100) * p).toBeCloseTo(0.97, 9);
      // The counted survival matches the formula at the boundary.
      const hMin = CRASH_BITS_RANGE - survivalNumerator(x);
      expect(crashPointFromBits(hMin)).toBeGreaterThanOrEqual(x);
      if (hMin > 0n) expect(crashPointFromBits(hMin - 1n)).toBeLessThan(x);
    }
    fc.assert(
      fc.property(fc.integer({ min: 101, max: CRASH_MAX }), (x) => {
        const p = Number(survivalNumerator(x)) / Number(CRASH_BITS_RANGE);
        expect(Math.abs((x / 100) * p - 0.97)).toBeLessThan(1e-9);
      }),
    );
    // Crash at take-off: 1 − 0.97 / 1.01.
    expect(1 - Number(survivalNumerator(101)) / Number(CRASH_BITS_RANGE)).toBeCloseTo(
      1 - 0.97 / 1.01,
      12,
    );
  });

  it('measures a 3 % edge on 100 000 sampled crash points (the 1 000 000-round run is the server test)', () => {
    // Sampled from a real chain: auto cash-out at 2.00× returns 2 × P(crash ≥ 2) = 0.97.
    const seeds = buildChain(SECRET, 100_000);
    let wins = 0;
    for (const [i, seed] of seeds.entries())
      if (crashPoint(crashSeed(seed, i + 1)) >= 200) wins += 1;
    const rtp = (2 * wins) / seeds.length;
    // σ of one round's return = 2 √(p(1 − p)) ≈ 1.0, so 4 standard errors ≈ ±1.3 %.
    const tolerance = (4 * 2 * Math.sqrt(0.485 * 0.515)) / Math.sqrt(seeds.length);
    expect(Math.abs(rtp - 0.97)).toBeLessThan(tolerance);
  }, 60_000);
});

describe('High Flyer curve and cash-outs', () => {
  it('grows as e^(0.00008 t): 2× after 8.66 s, 10× after 28.8 s', () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(-5)).toBe(100);
    expect(multiplierAt(8664)).toBe(199);
    expect(multiplierAt(8665)).toBe(200);
    expect(elapsedToReach(200)).toBe(8665);
    expect(elapsedToReach(1000)).toBe(Math.ceil(Math.log(10) / CRASH_GROWTH_PER_MS));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        (t, d) => {
          expect(multiplierAt(t + d)).toBeGreaterThanOrEqual(multiplierAt(t));
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 100, max: CRASH_MAX }), (point) => {
        const ms = elapsedToReach(point);
        expect(multiplierAt(ms)).toBeGreaterThanOrEqual(point);
        if (ms > 0) expect(multiplierAt(ms - 1)).toBeLessThan(point);
      }),
    );
  });

  it('judges a cash-out by the elapsed time: before the crash it takes the curve, after it nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (crash, elapsed) => {
          const at = cashOutAt(elapsed, crash);
          if (elapsed < elapsedToReach(crash)) {
            expect(at).toBe(multiplierAt(elapsed));
            expect(at as number).toBeLessThan(crash);
          } else {
            expect(at).toBeNull();
          }
        },
      ),
    );
    // A round that crashes at take-off pays no one.
    expect(cashOutAt(0, 100)).toBeNull();
    expect(autoCashOutWins(101, 100)).toBe(false);
    expect(autoCashOutWins(200, 200)).toBe(true);
    expect(autoCashOutWins(201, 200)).toBe(false);
  });

  it('pays exactly stake × target', () => {
    expect(payoutCents(1000 as Cents, toMultiplier(200))).toBe(2000);
    expect(payoutCents(333 as Cents, toMultiplier(187))).toBe(622); // 6.2271 → 6.22
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 100, max: CRASH_MAX }),
        (stake, point) => {
          expect(payoutCents(stake as Cents, toMultiplier(point))).toBe(
            Math.floor((stake * point) / 100),
          );
        },
      ),
    );
  });
});
