import { outcomeFloats, type RoundSeed } from './fairness';
import { multiplierOf, type Multiplier } from './payout';

/**
 * Plinko: a ball falls through `rows` rows of pegs; at each row float_i < 0.5 sends it left,
 * otherwise right. The bucket is the number of right bounces (0..rows), binomially distributed:
 * P(k) = C(rows, k) / 2^rows. Each (rows, risk) has its own symmetric payout table, made for Dau
 * so that Σ P(k) × m(k) lies between 98.5 % and 99 % (the exact RTPs are in
 * docs/decisions/171-game-maths-and-rtp.md and asserted in plinko.test.ts).
 */
export const PLINKO_ROWS = [8, 12, 16] as const;
export type PlinkoRows = (typeof PLINKO_ROWS)[number];
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/** Half tables from the centre bucket outwards; the full table mirrors them. */
const HALF_TABLES: Record<PlinkoRows, Record<PlinkoRisk, readonly number[]>> = {
  8: {
    low: [0.5, 1, 1.1, 2.1, 5.6],
    medium: [0.4, 0.7, 1.3, 3, 13],
    high: [0.2, 0.31, 1.5, 3.9, 29],
  },
  12: {
    low: [0.5, 1, 1.1, 1.4, 1.6, 3, 10],
    medium: [0.3, 0.6, 1.1, 2, 4, 11, 33],
    high: [0.2, 0.2, 0.7, 2, 8.1, 24, 165],
  },
  16: {
    low: [0.5, 1, 1.1, 1.2, 1.4, 1.4, 2, 9, 16],
    medium: [0.3, 0.5, 1, 1.5, 3, 5, 10, 41, 110],
    high: [0.2, 0.2, 0.2, 2, 4, 9, 26, 130, 1000],
  },
};

export function isPlinkoRows(value: number): value is PlinkoRows {
  return (PLINKO_ROWS as readonly number[]).includes(value);
}

export function isPlinkoRisk(value: string): value is PlinkoRisk {
  return (PLINKO_RISKS as readonly string[]).includes(value);
}

/** The payout table, bucket 0 (all left) to bucket `rows` (all right). */
export function plinkoTable(rows: PlinkoRows, risk: PlinkoRisk): Multiplier[] {
  const half = HALF_TABLES[rows][risk];
  const full = [...half.slice(1).reverse(), ...half];
  return full.map(multiplierOf);
}

function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 0; i < k; i += 1) result = (result * (n - i)) / (i + 1);
  return result;
}

/** P(bucket k) for each bucket. */
export function plinkoProbabilities(rows: PlinkoRows): number[] {
  return Array.from({ length: rows + 1 }, (_, k) => choose(rows, k) / 2 ** rows);
}

export function plinkoRtp(rows: PlinkoRows, risk: PlinkoRisk): number {
  const table = plinkoTable(rows, risk);
  return plinkoProbabilities(rows).reduce((sum, p, k) => sum + (p * (table[k] ?? 0)) / 10_000, 0);
}

export interface PlinkoResult {
  /** 'L' or 'R' per row, top to bottom. */
  readonly path: readonly ('L' | 'R')[];
  readonly bucket: number;
  readonly multiplier: Multiplier;
}

export function playPlinko(seed: RoundSeed, rows: PlinkoRows, risk: PlinkoRisk): PlinkoResult {
  if (!isPlinkoRows(rows) || !isPlinkoRisk(risk)) throw new RangeError('Bad plinko bet');
  const path = outcomeFloats(seed, rows).map((f) => (f < 0.5 ? 'L' : 'R') as 'L' | 'R');
  const bucket = path.filter((step) => step === 'R').length;
  return { path, bucket, multiplier: plinkoTable(rows, risk)[bucket] as Multiplier };
}
