/**
 * The currencies Dau's sites trade in: one table (ISO 4217 codes) that decides how many decimals
 * an amount may have, how it is typed, rounded and shown (docs/decisions/140).
 *
 * Amounts stay `Cents` (hundredths of the currency unit) for every currency, so the ledger, the
 * database and the wire keep one scale. A currency with `exponent` 0 (Uganda and Tanzania) only
 * has amounts that are whole multiples of 100 cents: inputs with decimals are refused, taxes and
 * payouts are rounded to whole units, and amounts are shown without decimals.
 */
export type CurrencyCode = 'KES' | 'UGX' | 'TZS' | 'ZMW';

export interface Currency {
  code: CurrencyCode;
  /**
   * Decimals Dau uses for amounts of this currency. It follows ISO 4217's minor unit except for
   * TZS: ISO lists 2, but the cent is not in use and Tanzanian mobile money takes whole shillings.
   */
  exponent: 0 | 2;
  /** ISO 4217's published minor unit, kept for the record (see `exponent`). */
  isoMinorUnit: 0 | 2;
  /** How amounts are labelled to users. */
  symbol: string;
}

export const CURRENCIES: Readonly<Record<CurrencyCode, Currency>> = {
  KES: { code: 'KES', exponent: 2, isoMinorUnit: 2, symbol: 'KSh' },
  UGX: { code: 'UGX', exponent: 0, isoMinorUnit: 0, symbol: 'UGX' },
  TZS: { code: 'TZS', exponent: 0, isoMinorUnit: 2, symbol: 'TSh' },
  ZMW: { code: 'ZMW', exponent: 2, isoMinorUnit: 2, symbol: 'K' },
};

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

/** The currency of a code; unknown codes are a configuration bug, so this throws. */
export function currency(code: string): Currency {
  if (!isCurrencyCode(code)) throw new RangeError(`Unknown currency: ${code}`);
  return CURRENCIES[code];
}

/** The smallest amount step in cents: 1 for two decimals, 100 for whole units. */
export function quantum(code: string): number {
  return 10 ** (2 - currency(code).exponent);
}

/** True when the amount (cents) is a whole number of the currency's smallest step. */
export function fitsCurrency(amount: number, code: string): boolean {
  return Number.isSafeInteger(amount) && amount % quantum(code) === 0;
}

/** Rounds cents half-up (away from zero) to the currency's step: 86_957 UGX-cents → 87_000. */
export function roundToCurrency(amount: number, code: string): number {
  const step = quantum(code);
  if (step === 1) return Math.round(amount);
  const sign = amount < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(amount) + step / 2) / step) * step;
}

/** Rounds cents down (towards zero) to the currency's step: what can be paid out of a balance. */
export function floorToCurrency(amount: number, code: string): number {
  const step = quantum(code);
  const sign = amount < 0 ? -1 : 1;
  return sign * Math.floor(Math.abs(amount) / step) * step;
}
