import { formatCurrencyAmount } from './currency-amounts';
import type { SiteConfig } from './sites';

/**
 * Money in integer minor units (cents). Never a float: every amount that decides a balance is
 * one of these. See docs/decisions/011-money-odds-rounding.md.
 */
export type Cents = number & { readonly __brand: 'Cents' };

export const ZERO_CENTS = 0 as Cents;

/** Brands an integer count of cents; throws on anything that is not a safe integer. */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value as Cents;
}

/** Currency units with at most two decimals to cents (10 → 1000, 1.15 → 115); throws otherwise. */
export function fromUnits(units: number): Cents {
  const value = parseMoney(Math.abs(units));
  if (value === null) throw new RangeError(`Not an amount with two decimals: ${units}`);
  return (units < 0 ? -value : value) as Cents;
}

const AMOUNT_PATTERN = /^(\d+)(?:\.(\d{0,2}))?$/;

/**
 * Parses user or wire input in currency units with at most two decimals into cents, exactly.
 * Strings are parsed digit by digit (thousands separators `,` and spaces are ignored);
 * numbers must already have at most two decimals. Negative, non-numeric or over-precise input
 * gives `null`.
 */
export function parseMoney(input: string | number): Cents | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    const scaled = Math.round(input * 100);
    // Reject 1.005 and friends: the rounded value must give back the input.
    if (Math.abs(scaled / 100 - input) > 1e-9 * Math.max(1, input)) return null;
    return Number.isSafeInteger(scaled) ? (scaled as Cents) : null;
  }
  const text = input.trim().replace(/[,\s]/g, '');
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const value = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(value) ? (value as Cents) : null;
}

export function addCents(...amounts: readonly Cents[]): Cents {
  let total = 0;
  for (const amount of amounts) total += amount;
  return cents(total);
}

export function subCents(a: Cents, b: Cents): Cents {
  return cents(a - b);
}

export function minCents(a: Cents, b: Cents): Cents {
  return (a < b ? a : b) as Cents;
}

export function maxCents(a: Cents, b: Cents): Cents {
  return (a > b ? a : b) as Cents;
}

/** True when the amount has no fractional currency part (withdrawals need whole numbers). */
export function isWholeUnits(amount: Cents): boolean {
  return amount % 100 === 0;
}

/** Plain decimal text in currency units, two decimals, no grouping: 123450 → '1234.50'. */
export function toUnitsString(amount: Cents): string {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/**
 * The amount with the site's grouping and its currency's decimals, without a label:
 * '1,234.50' in Kenya, '1,234' in Uganda (currency.ts, ISO 4217 exponents).
 */
export function formatAmount(
  amount: Cents,
  site: Pick<SiteConfig, 'locale' | 'currencyCode'>,
): string {
  return formatCurrencyAmount(amount, site.currencyCode, site.locale);
}

/** Amount with the site's currency label, e.g. 'KSh 1,234.50', 'UGX 5,000'. */
export function formatMoney(
  amount: Cents,
  site: Pick<SiteConfig, 'locale' | 'currencySymbol' | 'currencyCode'>,
): string {
  return `${site.currencySymbol} ${formatAmount(amount, site)}`;
}
