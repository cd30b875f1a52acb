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
  /** ISO 4217 numeric code. */
  numeric: number;
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
  KES: { code: 'KES', numeric: 404, exponent: 2, isoMinorUnit: 2, symbol: 'KSh' },
  UGX: { code: 'UGX', numeric: 800, exponent: 0, isoMinorUnit: 0, symbol: 'UGX' },
  TZS: { code: 'TZS', numeric: 834, exponent: 0, isoMinorUnit: 2, symbol: 'TSh' },
  ZMW: { code: 'ZMW', numeric: 967, exponent: 2, isoMinorUnit: 2, symbol: 'K' },
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

export type ParsedAmount =
  { ok: true; cents: number } | { ok: false; code: 'required' | 'invalid' | 'too-many-decimals' };

const AMOUNT_TEXT = /^(\d+)(?:\.(\d*))?$/;

/**
 * Parses typed or wire input in the currency's units into cents, exactly. Strings are read digit
 * by digit (`,` and spaces as thousands separators are ignored); numbers must already carry no
 * more decimals than the currency has. `too-many-decimals` is told apart from `invalid` so the
 * user hears what to fix ("UGX amounts are whole shillings").
 */
export function parseAmount(input: string | number | null | undefined, code: string): ParsedAmount {
  const { exponent } = currency(code);
  if (input === null || input === undefined) return { ok: false, code: 'required' };
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return { ok: false, code: 'invalid' };
    const scaled = Math.round(input * 100);
    if (Math.abs(scaled / 100 - input) > 1e-9 * Math.max(1, input))
      return { ok: false, code: 'too-many-decimals' };
    if (!Number.isSafeInteger(scaled)) return { ok: false, code: 'invalid' };
    if (scaled % quantum(code) !== 0) return { ok: false, code: 'too-many-decimals' };
    return { ok: true, cents: scaled };
  }
  const text = input.trim().replace(/[,\s]/g, '');
  if (text === '') return { ok: false, code: 'required' };
  const match = AMOUNT_TEXT.exec(text);
  if (!match) return { ok: false, code: 'invalid' };
  // Trailing zeros carry no value: "5000.00" is a whole amount even in whole-unit currencies.
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return { ok: false, code: 'too-many-decimals' };
  const value = Number(match[1]) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(value) ? { ok: true, cents: value } : { ok: false, code: 'invalid' };
}

/**
 * The amount with the locale's grouping and the currency's decimals, without a label:
 * KES 123450 → '1,234.50', UGX 123400 → '1,234'. Only integers go through Intl, so no float
 * rounding creeps in. Amounts that do not fit a whole-unit currency (old rows) keep their cents.
 */
export function formatCurrencyAmount(amount: number, code: string, locale: string): string {
  const { exponent } = currency(code);
  const abs = Math.abs(amount);
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(
    Math.floor(abs / 100),
  );
  const sign = amount < 0 ? '-' : '';
  const rest = abs % 100;
  if (exponent === 0 && rest === 0) return `${sign}${whole}`;
  const separator =
    new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ??
    '.';
  return `${sign}${whole}${separator}${String(rest).padStart(2, '0')}`;
}

/** Plain decimal text for inputs and wire bodies: KES 123450 → '1234.50', UGX 123400 → '1234'. */
export function toAmountText(amount: number, code: string): string {
  const { exponent } = currency(code);
  const abs = Math.abs(amount);
  const sign = amount < 0 ? '-' : '';
  const rest = abs % 100;
  if (exponent === 0 && rest === 0) return `${sign}${Math.floor(abs / 100)}`;
  return `${sign}${Math.floor(abs / 100)}.${String(rest).padStart(2, '0')}`;
}
