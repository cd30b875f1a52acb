import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  drawWithoutReplacement,
  floatAt,
  hashServerSeed,
  isClientSeed,
  isServerSeed,
  outcomeBlock,
  outcomeBytes,
  outcomeFloats,
  verifyServerSeed,
} from './fairness';

const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

// Vectors computed independently with Node's crypto (createHash / createHmac) and openssl.
const serverSeed = '7b3f1c0a9e5d48f2b6a1c3e5d7f9021436587a9bcde0f1234567890abcdef012';
const seed = { serverSeed, clientSeed: 'lucky-player', nonce: 0 };

const seedArb = fc.record({
  serverSeed: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => toHex(b)),
  clientSeed: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
  nonce: fc.nat(),
});

describe('provable fairness', () => {
  it('commits to the server seed with SHA-256 of its text', () => {
    expect(hashServerSeed(serverSeed)).toBe(
      '4040da6589b54f6943af7aa0bf706f1ed7c5924f000d11f564e7c27e58478ede',
    );
    expect(verifyServerSeed(serverSeed, hashServerSeed(serverSeed).toUpperCase())).toBe(true);
    expect(verifyServerSeed(serverSeed.replace('7b', '7c'), hashServerSeed(serverSeed))).toBe(
      false,
    );
  });

  it('reads block 0 as HMAC-SHA256(serverSeed, clientSeed:nonce) and block i with :i', () => {
    expect(toHex(outcomeBlock(seed, 0))).toBe(
      'a99776a963094a0f430690ec3bd94b8c72b712eeeb9c150e4230a8d4573a938f',
    );
    expect(toHex(outcomeBlock(seed, 1))).toBe(
      '09acc44c5091c71ff7b758cf43e93ced0e04d544994b6120606eb0c7a4d30d4e',
    );
    expect(toHex(outcomeBytes(seed, 40))).toBe(
      'a99776a963094a0f430690ec3bd94b8c72b712eeeb9c150e4230a8d4573a938f09acc44c5091c71f',
    );
  });

  it('turns 4 big-endian bytes into a float in [0, 1)', () => {
    expect(outcomeFloats(seed, 1)[0]).toBeCloseTo(0.6624673998448998, 15);
    expect(floatAt(Uint8Array.from([0, 0, 0, 0]), 0)).toBe(0);
    expect(floatAt(Uint8Array.from([255, 255, 255, 255]), 0)).toBe((2 ** 32 - 1) / 2 ** 32);
    expect(floatAt(Uint8Array.from([128, 0, 0, 0]), 0)).toBe(0.5);
  });

  it('is deterministic and every float lies in [0, 1)', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 1, max: 30 }), (s, n) => {
        const floats = outcomeFloats(s, n);
        expect(floats).toEqual(outcomeFloats({ ...s }, n));
        expect(floats.every((f) => f >= 0 && f < 1)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('gives different outcomes for the next nonce', () => {
    fc.assert(
      fc.property(seedArb, (s) => {
        expect(toHex(outcomeBlock(s, 0))).not.toBe(
          toHex(outcomeBlock({ ...s, nonce: s.nonce + 1 }, 0)),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('validates seeds', () => {
    expect(isServerSeed(serverSeed)).toBe(true);
    expect(isServerSeed(serverSeed.toUpperCase())).toBe(false);
    expect(isServerSeed('abc')).toBe(false);
    expect(isClientSeed('lucky-player_1')).toBe(true);
    expect(isClientSeed('')).toBe(false);
    expect(isClientSeed('a:b')).toBe(false);
    expect(isClientSeed('x'.repeat(65))).toBe(false);
    expect(() => outcomeBlock({ ...seed, clientSeed: 'a:1' }, 0)).toThrow(RangeError);
    expect(() => outcomeBlock({ ...seed, nonce: -1 }, 0)).toThrow(RangeError);
    expect(() => outcomeBlock({ ...seed, nonce: 1.5 }, 0)).toThrow(RangeError);
  });

  it('draws distinct elements without replacement', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }).chain((size) =>
          fc.tuple(
            fc.constant(size),
            fc.integer({ min: 0, max: size }),
            fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
              minLength: size,
              maxLength: size,
            }),
          ),
        ),
        ([size, count, floats]) => {
          const drawn = drawWithoutReplacement(floats, size, count);
          expect(drawn).toHaveLength(count);
          expect(new Set(drawn).size).toBe(count);
          expect(drawn.every((x) => x >= 0 && x < size)).toBe(true);
        },
      ),
    );
    expect(() => drawWithoutReplacement([0.1], 5, 2)).toThrow(RangeError);
  });
});
