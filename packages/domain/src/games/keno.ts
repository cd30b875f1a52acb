import { drawWithoutReplacement, outcomeFloats, type RoundSeed } from './fairness';
import { multiplierOf, type Multiplier } from './payout';

/**
 * Keno: numbers 1..40, the house draws 10 (the first 10 of a Fisher-Yates shuffle of 1..40
 * driven by floats 0..9). The player picks 1..10 distinct numbers; the payout depends on how
 * many of the picks are drawn ("hits"). P(h hits | p picks) is hypergeometric:
 * C(p, h) × C(40 − p, 10 − h) / C(40, 10). Each table was made for Dau so that its RTP lies
 * between 98.5 % and 99 % (exact values in docs/decisions/171-game-maths-and-rtp.md).
 */
export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_MAX_PICKS = 10;

/** Index = number of hits, value = decimal multiplier. */
const TABLES: Record<number, readonly number[]> = {
  1: [0, 3.96],
  2: [0, 2, 3.8],
  3: [0, 1.1, 1.38, 26],
  4: [0, 0, 2.2, 7.9, 90],
  5: [0, 0, 1.5, 4.2, 13, 300],
  6: [0, 0, 1.4, 2, 6.2, 56, 500],
  7: [0, 0, 1, 1.79, 3.5, 15, 225, 700],
  8: [0, 0, 0, 2, 4, 11, 67, 400, 900],
  9: [0, 0, 0, 2, 2.5, 5, 15, 100, 500, 1000],
  10: [0, 0, 0, 1.6, 2, 4, 7, 26, 100, 500, 1000],
};

export function kenoTable(picks: number): Multiplier[] {
  const table = TABLES[picks];
  if (!table) throw new RangeError('Bad number of keno picks');
  return table.map(multiplierOf);
}

/** Picks are 1..10 distinct whole numbers from 1 to 40. */
export function isValidKenoPicks(picks: readonly number[]): boolean {
  if (picks.length < 1 || picks.length > KENO_MAX_PICKS) return false;
  if (new Set(picks).size !== picks.length) return false;
  return picks.every((n) => Number.isSafeInteger(n) && n >= 1 && n <= KENO_NUMBERS);
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 0; i < k; i += 1) result = (result * (n - i)) / (i + 1);
  return result;
}

export function kenoHitProbability(picks: number, hits: number): number {
  return (
    (choose(picks, hits) * choose(KENO_NUMBERS - picks, KENO_DRAWN - hits)) /
    choose(KENO_NUMBERS, KENO_DRAWN)
  );
}

export function kenoRtp(picks: number): number {
  return kenoTable(picks).reduce(
    (sum, m, hits) => sum + (kenoHitProbability(picks, hits) * m) / 10_000,
    0,
  );
}

/** The 10 drawn numbers (1..40) in draw order. */
export function kenoDraw(seed: RoundSeed): number[] {
  const floats = outcomeFloats(seed, KENO_DRAWN);
  return drawWithoutReplacement(floats, KENO_NUMBERS, KENO_DRAWN).map((i) => i + 1);
}

export interface KenoResult {
  readonly drawn: readonly number[];
  readonly hits: readonly number[];
  readonly multiplier: Multiplier;
}

export function settleKeno(picks: readonly number[], drawn: readonly number[]): KenoResult {
  if (!isValidKenoPicks(picks)) throw new RangeError('Bad keno picks');
  const hits = picks.filter((n) => drawn.includes(n));
  return { drawn, hits, multiplier: kenoTable(picks.length)[hits.length] as Multiplier };
}

export function playKeno(seed: RoundSeed, picks: readonly number[]): KenoResult {
  return settleKeno(picks, kenoDraw(seed));
}
