import { intBelow, outcomeFloats, type RoundSeed } from './fairness';
import { multiplier, type Multiplier } from './payout';

/**
 * European roulette, single zero: pockets 0..36, the winning pocket is floor(float₀ × 37).
 * A bet covering n numbers returns 36 / n × stake when it wins (straight 35:1 … even money 1:1),
 * so every bet's RTP is n/37 × 36/n = 36/37 ≈ 97.297 %. Dau's roulette is a shared live RNG
 * round for all players (no video dealer): each round's server seed is committed by its hash
 * when betting opens and revealed when the ball lands.
 */
export const ROULETTE_POCKETS = 37;
export const ROULETTE_RTP = 36 / 37;

export const RED_NUMBERS: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
];

export type RouletteBetKind =
  | 'straight'
  | 'split'
  | 'street'
  | 'trio'
  | 'corner'
  | 'line'
  | 'dozen'
  | 'column'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high';

export const ROULETTE_BET_KINDS: readonly RouletteBetKind[] = [
  'straight',
  'split',
  'street',
  'trio',
  'corner',
  'line',
  'dozen',
  'column',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
];

export type RouletteColour = 'green' | 'red' | 'black';

export function pocketColour(pocket: number): RouletteColour {
  if (pocket === 0) return 'green';
  return RED_NUMBERS.includes(pocket) ? 'red' : 'black';
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Numbers 1..36 sit in rows of three (1-2-3, 4-5-6, …); column c holds n with n % 3 = c % 3. */
const rowOf = (n: number): number => Math.ceil(n / 3);
const colOf = (n: number): number => ((n - 1) % 3) + 1;

const FIXED: Partial<Record<RouletteBetKind, readonly number[]>> = {
  red: RED_NUMBERS,
  black: range(1, 36).filter((n) => !RED_NUMBERS.includes(n)),
  odd: range(1, 36).filter((n) => n % 2 === 1),
  even: range(1, 36).filter((n) => n % 2 === 0),
  low: range(1, 18),
  high: range(19, 36),
};

function sorted(numbers: readonly number[]): number[] {
  return [...numbers].sort((a, b) => a - b);
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  const x = sorted(a);
  const y = sorted(b);
  return x.length === y.length && x.every((n, i) => n === y[i]);
}

function isNumber(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0 && n <= 36;
}

/**
 * The numbers a bet covers, or null when the selection is not a valid bet of that kind.
 * `numbers` lists the covered numbers for inside bets; dozen and column take [1|2|3];
 * outside even-money bets take an empty list.
 */
export function rouletteBetNumbers(
  kind: RouletteBetKind,
  numbers: readonly number[],
): number[] | null {
  const fixed = FIXED[kind];
  if (fixed) return numbers.length === 0 ? [...fixed] : null;
  if (!numbers.every(isNumber) || new Set(numbers).size !== numbers.length) return null;
  const s = sorted(numbers);
  const [a = -1, b = -1] = s;
  switch (kind) {
    case 'straight':
      return s.length === 1 ? s : null;
    case 'split': {
      if (s.length !== 2) return null;
      const zeroSplit = a === 0 && b >= 1 && b <= 3;
      const across = a > 0 && b === a + 1 && rowOf(a) === rowOf(b);
      const down = a > 0 && b === a + 3;
      return zeroSplit || across || down ? s : null;
    }
    case 'street':
      return s.length === 3 && a > 0 && colOf(a) === 1 && sameSet(s, [a, a + 1, a + 2]) ? s : null;
    case 'trio':
      return sameSet(s, [0, 1, 2]) || sameSet(s, [0, 2, 3]) ? s : null;
    case 'corner':
      return s.length === 4 &&
        a > 0 &&
        colOf(a) < 3 &&
        a <= 32 &&
        sameSet(s, [a, a + 1, a + 3, a + 4])
        ? s
        : null;
    case 'line':
      return s.length === 6 && a > 0 && colOf(a) === 1 && a <= 31 && sameSet(s, range(a, a + 5))
        ? s
        : null;
    case 'dozen':
      return s.length === 1 && a >= 1 && a <= 3 ? range(12 * (a - 1) + 1, 12 * a) : null;
    case 'column':
      return s.length === 1 && a >= 1 && a <= 3 ? range(1, 36).filter((n) => colOf(n) === a) : null;
    default:
      return null;
  }
}

/** Return on a winning bet covering `covered` numbers: 36 / n × stake. */
export function rouletteMultiplier(covered: number): Multiplier {
  return multiplier((36 * 10_000) / covered);
}

export function roulettePocket(seed: RoundSeed): number {
  return intBelow(outcomeFloats(seed, 1)[0] ?? 0, ROULETTE_POCKETS);
}

/** What a bet pays on `pocket` as a multiplier of its stake (0 when it loses). */
export function settleRouletteBet(
  kind: RouletteBetKind,
  numbers: readonly number[],
  pocket: number,
): Multiplier {
  const covered = rouletteBetNumbers(kind, numbers);
  if (!covered) throw new RangeError('Bad roulette bet');
  return covered.includes(pocket) ? rouletteMultiplier(covered.length) : multiplier(0);
}
