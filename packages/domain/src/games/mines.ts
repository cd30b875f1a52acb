import { drawWithoutReplacement, outcomeFloats, type RoundSeed } from './fairness';
import { multiplier, type Multiplier } from './payout';

/**
 * Mines: a 5×5 board (tiles 0..24, row by row) hides `mines` mines (1..24). The mines are the
 * first `mines` tiles of a Fisher-Yates shuffle of 0..24 driven by floats 0..mines-1. The player
 * reveals tiles one at a time; a mine ends the round with nothing, and after k safe tiles the
 * player may cash out at 0.99 × C(25, k) / C(25 − mines, k) (the fair price of surviving k
 * picks, less 1 %), rounded down to the ten-thousandth. Whatever tiles or k the player picks,
 * P(k safe) × fair price = 1, so the RTP is 99 % less rounding for every strategy.
 */
export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;
const RTP_PERCENT = 99n;

export function isValidMineCount(mines: number): boolean {
  return Number.isSafeInteger(mines) && mines >= MINES_MIN && mines <= MINES_MAX;
}

export function isValidTile(tile: number): boolean {
  return Number.isSafeInteger(tile) && tile >= 0 && tile < MINES_TILES;
}

/** The mine tiles of a round, sorted. */
export function minePositions(seed: RoundSeed, mines: number): number[] {
  if (!isValidMineCount(mines)) throw new RangeError('Bad mine count');
  const floats = outcomeFloats(seed, mines);
  return drawWithoutReplacement(floats, MINES_TILES, mines).sort((a, b) => a - b);
}

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i += 1) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** Cash-out multiplier after `safe` safe reveals (1× before any reveal: the stake back). */
export function minesMultiplier(mines: number, safe: number): Multiplier {
  if (!isValidMineCount(mines) || safe < 0 || safe > MINES_TILES - mines) {
    throw new RangeError('Bad mines state');
  }
  if (safe === 0) return multiplier(10_000);
  const value =
    (RTP_PERCENT * 100n * choose(MINES_TILES, safe)) / choose(MINES_TILES - mines, safe);
  return multiplier(Number(value));
}

/** Probability that `safe` reveals in a row are all safe. */
export function minesSurvival(mines: number, safe: number): number {
  return Number(choose(MINES_TILES - mines, safe)) / Number(choose(MINES_TILES, safe));
}

export type MinesStatus = 'playing' | 'lost' | 'cashed_out';

export interface MinesState {
  readonly mines: number;
  readonly revealed: readonly number[];
  readonly status: MinesStatus;
  /** The tile that ended the round, when it hit a mine. */
  readonly hit: number | null;
}

export function startMines(mines: number): MinesState {
  if (!isValidMineCount(mines)) throw new RangeError('Bad mine count');
  return { mines, revealed: [], status: 'playing', hit: null };
}

export type RevealError = 'round_finished' | 'bad_tile' | 'already_revealed';

/**
 * Reveals `tile` against the round's mine layout. Revealing the last safe tile cashes out by
 * itself (nothing is left to win).
 */
export function revealTile(
  state: MinesState,
  mineTiles: readonly number[],
  tile: number,
): MinesState | RevealError {
  if (state.status !== 'playing') return 'round_finished';
  if (!isValidTile(tile)) return 'bad_tile';
  if (state.revealed.includes(tile)) return 'already_revealed';
  if (mineTiles.includes(tile)) return { ...state, status: 'lost', hit: tile };
  const revealed = [...state.revealed, tile];
  const status = revealed.length === MINES_TILES - state.mines ? 'cashed_out' : 'playing';
  return { ...state, revealed, status };
}

/** Cash out: allowed while playing after at least one safe reveal. */
export function cashOutMines(
  state: MinesState,
): MinesState | 'round_finished' | 'nothing_revealed' {
  if (state.status !== 'playing') return 'round_finished';
  if (state.revealed.length === 0) return 'nothing_revealed';
  return { ...state, status: 'cashed_out' };
}

/** What the round pays as a multiplier of the stake: 0 when lost, the table when cashed out. */
export function minesPayoutMultiplier(state: MinesState): Multiplier {
  if (state.status !== 'cashed_out') return multiplier(0);
  return minesMultiplier(state.mines, state.revealed.length);
}
