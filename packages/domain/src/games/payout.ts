import type { Cents } from '../money';

/**
 * A payout multiplier in ten-thousandths: 10 000 is 1×, 19 800 is 1.98×. Integer so payouts are
 * exact; a win is always rounded down to the cent (the house keeps the fraction, never the player
 * a cent more than the table says).
 */
export type Multiplier = number & { readonly __brand: 'Multiplier' };

export const MULTIPLIER_ONE = 10_000 as Multiplier;

export function multiplier(value: number): Multiplier {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Bad multiplier: ${value}`);
  return value as Multiplier;
}

/** From a decimal multiplier with at most four decimals (1.98 → 19 800). */
export function multiplierOf(decimal: number): Multiplier {
  return multiplier(Math.round(decimal * 10_000));
}

/** floor(stake × multiplier / 10 000), exact for any safe stake and multiplier. */
export function payoutCents(stake: Cents, mult: Multiplier): Cents {
  const value = (BigInt(stake) * BigInt(mult)) / 10_000n;
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('Payout out of range');
  return Number(value) as Cents;
}

/** The multiplier as decimal text with trailing zeros dropped (19 800 → '1.98'). */
export function formatMultiplier(mult: Multiplier): string {
  const whole = Math.floor(mult / 10_000);
  const fraction = String(mult % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
