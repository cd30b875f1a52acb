import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { outcomeBlock, type RoundSeed } from './fairness';
import { multiplier, type Multiplier } from './payout';

/**
 * High Flyer, Dau's crash game (issue #14 item 1, docs/decisions/190-high-flyer-crash.md).
 *
 * **Hash chain.** The server draws a secret seed s₀ (32 random bytes, 64 hex digits) and
 * hashes it again and again: sᵢ₊₁ = SHA-256(sᵢ) (of the previous seed's hex text, like
 * `hashServerSeed`). A chain of length L is played backwards: round k of the chain (k = 1..L)
 * uses the seed s_{L−k}, so each round's seed is the SHA-256 of the next round's seed. The
 * chain's terminating hash s_L = SHA-256(seed of round 1) is published before its first round.
 * Anyone can check a revealed seed by hashing it: it must give the previous round's seed, and
 * after k hashes the terminating hash. Nobody, the server included, can change a future round
 * without breaking the chain; and knowing the seeds already revealed tells nothing of the next.
 *
 * **Crash point.** As every in-house game (ADR 170), a round's bytes are
 * HMAC-SHA256(key = round seed, message = `high-flyer:{round number}`). The first 52 bits, h,
 * uniform in [0, 2⁵²), give
 *
 *     crash = max(100, floor(97 × 2⁵² / (2⁵² − h)))   hundredths of a multiplier, at most 1 000 000
 *
 * so P(crash ≥ x) = 0.97 / x for every x from 1.01× to the cap (10 000×): cashing out at any
 * target returns 97 % of the stake on average, a house edge of 3 %. The round crashes at take-off
 * (1.00×) with probability 1 − 0.97/1.01 ≈ 3.96 %.
 *
 * **Curve.** The multiplier t ms after take-off is floor(100 × e^(t × 0.00008)) hundredths:
 * 2× after 8.66 s, 10× after 28.8 s, 100× after 57.6 s, the cap after 115 s. The round crashes at
 * the first millisecond the curve reaches the crash point.
 */

/** Multipliers in this file are integers in hundredths: 100 = 1.00×, 250 = 2.50×. */
export type Hundredths = number;

export const CRASH_CLIENT_SEED = 'high-flyer';
/** The house edge, basis points: every cash-out target returns 97 %. */
export const CRASH_HOUSE_EDGE_BPS = 300;
/** Highest crash point (10 000.00×): the plane leaves there whatever the hash says. */
export const CRASH_MAX: Hundredths = 1_000_000;
/** Lowest auto cash-out target (1.01×). */
export const CRASH_MIN_TARGET: Hundredths = 101;
/** Growth of the curve per millisecond: multiplier = e^(GROWTH × ms). */
export const CRASH_GROWTH_PER_MS = 0.00008;

const TWO_52 = 2n ** 52n;
/** 100 × (1 − house edge), the numerator of the crash formula. */
const RETURN_HUNDREDTHS = BigInt(100 - CRASH_HOUSE_EDGE_BPS / 100);

/** The crash point (hundredths) for 52 uniform bits `h` (0 ≤ h < 2⁵²). */
export function crashPointFromBits(h: bigint): Hundredths {
  if (h < 0n || h >= TWO_52) throw new RangeError('h must be 52 bits');
  const raw = (RETURN_HUNDREDTHS * TWO_52) / (TWO_52 - h);
  if (raw < 100n) return 100;
  if (raw > BigInt(CRASH_MAX)) return CRASH_MAX;
  return Number(raw);
}

/** The first 52 bits of `bytes` (big-endian): 6 whole bytes and the top half of the 7th. */
export function first52Bits(bytes: Uint8Array): bigint {
  if (bytes.length < 7) throw new RangeError('Need 7 bytes');
  let value = 0n;
  for (let i = 0; i < 6; i += 1) value = (value << 8n) | BigInt(bytes[i] ?? 0);
  return (value << 4n) | BigInt((bytes[6] ?? 0) >> 4);
}

/** The round's fairness reference: its seed, the game's client seed, the round number. */
export function crashSeed(serverSeed: string, roundNo: number): RoundSeed {
  return { serverSeed, clientSeed: CRASH_CLIENT_SEED, nonce: roundNo };
}

/** The crash point of round `roundNo` played with `serverSeed`, hundredths. */
export function crashPoint(seed: RoundSeed): Hundredths {
  return crashPointFromBits(first52Bits(outcomeBlock(seed, 0)));
}

/** The next link of a chain: SHA-256 of a seed's hex text, lowercase hex. */
export function chainHash(seed: string): string {
  return bytesToHex(sha256(utf8ToBytes(seed)));
}

/**
 * The seeds of a chain, in the order the rounds play them: index 0 is round 1's seed, index
 * L − 1 the secret itself. The terminating hash is `chainHash(seeds[0])`.
 */
export function buildChain(secret: string, length: number): string[] {
  if (!Number.isSafeInteger(length) || length < 1) throw new RangeError('Bad chain length');
  const seeds = new Array<string>(length);
  let seed = secret;
  for (let i = length - 1; i >= 0; i -= 1) {
    seeds[i] = seed;
    if (i > 0) seed = chainHash(seed);
  }
  return seeds;
}

/**
 * Checks revealed seeds against the chain: each must hash to the one before it (`previous`
 * the seed revealed just before, or the terminating hash for round 1). True when every link
 * holds.
 */
export function verifyChainLink(seed: string, previous: string): boolean {
  return chainHash(seed) === previous.toLowerCase();
}

/** Hashes `seed` `times` times (a seed k rounds later must reach the terminating hash). */
export function hashTimes(seed: string, times: number): string {
  let value = seed;
  for (let i = 0; i < times; i += 1) value = chainHash(value);
  return value;
}

/** The multiplier `elapsedMs` after take-off, hundredths (100 at take-off). */
export function multiplierAt(elapsedMs: number): Hundredths {
  if (elapsedMs <= 0) return 100;
  return Math.max(100, Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs)));
}

/** The first whole millisecond at which the curve reaches `point` (0 for 1.00×). */
export function elapsedToReach(point: Hundredths): number {
  if (point <= 100) return 0;
  let ms = Math.max(0, Math.floor(Math.log(point / 100) / CRASH_GROWTH_PER_MS) - 1);
  while (multiplierAt(ms) < point) ms += 1;
  while (ms > 0 && multiplierAt(ms - 1) >= point) ms -= 1;
  return ms;
}

/**
 * Judging a cash-out by the server's clock: at `elapsedMs` after take-off a round that crashes
 * at `crash` is still flying when the curve has not reached the crash point; the cash-out then
 * takes the multiplier of that millisecond. Null once the plane has flown away.
 */
export function cashOutAt(elapsedMs: number, crash: Hundredths): Hundredths | null {
  if (elapsedMs < 0) return null;
  const now = multiplierAt(elapsedMs);
  return now < crash ? now : null;
}

/** An auto cash-out target wins when the crash point reaches it (ties are paid). */
export function autoCashOutWins(target: Hundredths, crash: Hundredths): boolean {
  return target <= crash;
}

/** Hundredths to the payout module's ten-thousandths (2.00× → 20 000). */
export function toMultiplier(point: Hundredths): Multiplier {
  return multiplier(point * 100);
}

/** Exact P(crash ≥ x) of the formula, as a fraction of 2⁵² (x in hundredths, 101..CRASH_MAX). */
export function survivalNumerator(x: Hundredths): bigint {
  if (x <= 100) return TWO_52;
  if (x > CRASH_MAX) return 0n;
  // raw ≥ x ⟺ R·2⁵² / (2⁵² − h) ≥ x (integer division) ⟺ R·2⁵² ≥ x·(2⁵² − h)
  // ⟺ h ≥ 2⁵² − floor(R·2⁵² / x).
  const hMin = TWO_52 - (RETURN_HUNDREDTHS * TWO_52) / BigInt(x);
  return TWO_52 - (hMin < 0n ? 0n : hMin);
}

export const CRASH_BITS_RANGE = TWO_52;

/** Text of a multiplier in hundredths: 187 → '1.87'. */
export function formatHundredths(point: Hundredths): string {
  return (point / 100).toFixed(2);
}
