import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Provable fairness for Dau's in-house games (docs/decisions/170-provably-fair-games.md).
 *
 * Before a round the player sees SHA-256(serverSeed); the player chooses the client seed; each
 * round of a seed pair uses the next nonce (0, 1, 2, ...). The round's outcome is read from
 *
 *   block 0 = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}`)
 *   block i = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${i}`)  (i ≥ 1)
 *
 * (key and message as UTF-8 text), concatenated as needed. Every 4 bytes make one float in
 * [0, 1): big-endian uint32 / 2^32. A game that needs an integer below n takes floor(float × n),
 * whose bias is below n / 2^32 (under 10⁻⁸ for every game here). This file is pure and runs in
 * the browser as well: the /fairness page recomputes rounds with it.
 */
export interface RoundSeed {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
}

/** Server seeds are 32 random bytes written as 64 lowercase hex digits. */
export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
/** Client seeds: 1-64 letters, digits, `_` or `-` (no `:`, which separates message parts). */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isServerSeed(value: string): boolean {
  return SERVER_SEED_PATTERN.test(value);
}

export function isClientSeed(value: string): boolean {
  return CLIENT_SEED_PATTERN.test(value);
}

/** The commitment shown before play: SHA-256 of the server seed's text, lowercase hex. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** True when `serverSeed` is the seed that was committed to as `hash`. */
export function verifyServerSeed(serverSeed: string, hash: string): boolean {
  return hashServerSeed(serverSeed) === hash.toLowerCase();
}

function assertSeed(seed: RoundSeed): void {
  if (seed.serverSeed.length === 0) throw new RangeError('Empty server seed');
  if (!isClientSeed(seed.clientSeed)) throw new RangeError('Bad client seed');
  if (!Number.isSafeInteger(seed.nonce) || seed.nonce < 0) throw new RangeError('Bad nonce');
}

/**
 * The HMAC keyed with the last server seed used: a seed pair plays many rounds, and keying
 * (hashing the padded key) is a third of the work of a short HMAC.
 */
interface KeyedMac {
  update(message: Uint8Array): { digest(): Uint8Array };
}
interface CloneableMac {
  clone(): KeyedMac;
}
let keyed: { serverSeed: string; mac: CloneableMac } | null = null;

function keyedHmac(serverSeed: string): KeyedMac {
  if (keyed?.serverSeed !== serverSeed) {
    keyed = { serverSeed, mac: hmac.create(sha256, utf8ToBytes(serverSeed)) as CloneableMac };
  }
  return keyed.mac.clone();
}

/** HMAC block `index` of a round (32 bytes). */
export function outcomeBlock(seed: RoundSeed, index: number): Uint8Array {
  assertSeed(seed);
  const message =
    index === 0 ? `${seed.clientSeed}:${seed.nonce}` : `${seed.clientSeed}:${seed.nonce}:${index}`;
  return keyedHmac(seed.serverSeed).update(utf8ToBytes(message)).digest();
}

/** The first `count` outcome bytes of a round. */
export function outcomeBytes(seed: RoundSeed, count: number): Uint8Array {
  const out = new Uint8Array(count);
  for (let block = 0; block * 32 < count; block += 1) {
    const bytes = outcomeBlock(seed, block);
    out.set(bytes.subarray(0, Math.min(32, count - block * 32)), block * 32);
  }
  return out;
}

/** Big-endian uint32 at `offset` divided by 2^32: a float in [0, 1). */
export function floatAt(bytes: Uint8Array, offset: number): number {
  const b0 = bytes[offset] ?? 0;
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  const b3 = bytes[offset + 3] ?? 0;
  return (((b0 << 24) >>> 0) + (b1 << 16) + (b2 << 8) + b3) / 2 ** 32;
}

/** The first `count` floats of a round (4 bytes each, in order). */
export function outcomeFloats(seed: RoundSeed, count: number): number[] {
  const bytes = outcomeBytes(seed, count * 4);
  const floats: number[] = [];
  for (let i = 0; i < count; i += 1) floats.push(floatAt(bytes, i * 4));
  return floats;
}

/** floor(float × n): a uniform integer in [0, n). */
export function intBelow(float: number, n: number): number {
  return Math.floor(float * n);
}

/**
 * The first `count` entries of a Fisher-Yates shuffle of 0..size-1 driven by `floats`
 * (one float per position): position i takes the element at i + floor(f_i × (size - i)).
 * Mines, Keno and the scratch card draw without replacement this way.
 */
export function drawWithoutReplacement(
  floats: readonly number[],
  size: number,
  count: number,
): number[] {
  if (count > size || floats.length < count) throw new RangeError('Not enough floats to draw');
  const pool = Array.from({ length: size }, (_, i) => i);
  for (let i = 0; i < count; i += 1) {
    const j = i + intBelow(floats[i] ?? 0, size - i);
    const picked = pool[j] as number;
    pool[j] = pool[i] as number;
    pool[i] = picked;
  }
  return pool.slice(0, count);
}
