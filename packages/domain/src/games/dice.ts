import { intBelow, outcomeFloats, type RoundSeed } from './fairness';
import { multiplier, type Multiplier } from './payout';

/**
 * Dice: a roll from 0.00 to 99.99 (10 000 equally likely outcomes, kept in hundredths as an
 * integer 0..9999). The player bets the roll lands under or over a target; the win chance is
 * the share of outcomes that win, and the multiplier is 0.99 / chance, rounded down to the
 * ten-thousandth: RTP 99 % less that rounding (docs/decisions/171-game-maths-and-rtp.md).
 */
export const DICE_OUTCOMES = 10_000;
export const DICE_EDGE_NUMERATOR = 99; // RTP 99/100
/** Win chance limits, in outcomes of 10 000: from 1 % to 98 %. */
export const DICE_MIN_WINNING = 100;
export const DICE_MAX_WINNING = 9_800;

export type DiceDirection = 'under' | 'over';

export interface DiceBet {
  /** Target in hundredths (5000 = 50.00). */
  readonly target: number;
  readonly direction: DiceDirection;
}

export interface DiceResult {
  /** The roll in hundredths, 0..9999. */
  readonly roll: number;
  readonly win: boolean;
  readonly multiplier: Multiplier;
}

/** How many of the 10 000 rolls win: under → rolls below target; over → rolls above target. */
export function diceWinningOutcomes(bet: DiceBet): number {
  return bet.direction === 'under' ? bet.target : DICE_OUTCOMES - 1 - bet.target;
}

export function isValidDiceBet(bet: DiceBet): boolean {
  if (!Number.isSafeInteger(bet.target) || bet.target < 0 || bet.target >= DICE_OUTCOMES) {
    return false;
  }
  if (bet.direction !== 'under' && bet.direction !== 'over') return false;
  const winning = diceWinningOutcomes(bet);
  return winning >= DICE_MIN_WINNING && winning <= DICE_MAX_WINNING;
}

/** floor(0.99 × 10 000 / chance) in ten-thousandths = floor(99 000 000 / winning outcomes). */
export function diceMultiplier(bet: DiceBet): Multiplier {
  const winning = diceWinningOutcomes(bet);
  return multiplier(Math.floor((DICE_EDGE_NUMERATOR * DICE_OUTCOMES * 10_000) / 100 / winning));
}

/** Exact expected return of a bet (≤ 0.99). */
export function diceRtp(bet: DiceBet): number {
  return (diceWinningOutcomes(bet) / DICE_OUTCOMES) * (diceMultiplier(bet) / 10_000);
}

/** The roll is floor(float₀ × 10 000). */
export function diceRoll(seed: RoundSeed): number {
  return intBelow(outcomeFloats(seed, 1)[0] ?? 0, DICE_OUTCOMES);
}

export function settleDice(bet: DiceBet, roll: number): DiceResult {
  if (!isValidDiceBet(bet)) throw new RangeError('Bad dice bet');
  const win = bet.direction === 'under' ? roll < bet.target : roll > bet.target;
  return { roll, win, multiplier: win ? diceMultiplier(bet) : multiplier(0) };
}

export function playDice(seed: RoundSeed, bet: DiceBet): DiceResult {
  return settleDice(bet, diceRoll(seed));
}
