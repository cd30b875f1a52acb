import { quantum, type CurrencyCode } from '../currency';

/** A game's money limits, in cents of one currency. */
export interface GameLimits {
  minStake: number;
  maxStake: number;
  maxWin: number;
}

/**
 * The catalogue sets every game's limits in Kenyan shillings; each site's currency gets them
 * scaled by about its worth against the shilling and rounded to that currency's step
 * (docs/decisions/164). Uganda and Tanzania have whole-shilling amounts (ADR 140), so their
 * limits are whole shillings too.
 */
export const GAME_LIMIT_SCALE: Readonly<Record<CurrencyCode, number>> = {
  KES: 1,
  UGX: 25,
  TZS: 20,
  ZMW: 0.2,
};

/** The figure scaled to `code` and rounded to its step; never below one step. */
function scaled(cents: number, code: CurrencyCode, round: (x: number) => number): number {
  const step = quantum(code);
  return Math.max(step, round((cents * GAME_LIMIT_SCALE[code]) / step) * step);
}

/**
 * A game's limits in `code`: the minimum rounds up and the maxima round down, so a scaled range
 * never admits a stake the shilling range would call too small.
 */
export function gameLimitsIn(kes: GameLimits, code: CurrencyCode): GameLimits {
  if (code === 'KES') return { ...kes };
  const minStake = scaled(kes.minStake, code, Math.ceil);
  return {
    minStake,
    maxStake: Math.max(minStake, scaled(kes.maxStake, code, Math.floor)),
    maxWin: scaled(kes.maxWin, code, Math.floor),
  };
}
