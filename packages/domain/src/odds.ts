/**
 * Decimal odds held exactly as integer hundredths: 1.85 → 185. See
 * docs/decisions/011-money-odds-rounding.md for how products are rounded.
 */
export type Odds = number & { readonly __brand: 'Odds' };

/** Odds of 1.00: the neutral leg (void, expired market). */
export const ODDS_ONE = 100 as Odds;

export function odds(hundredths: number): Odds {
  if (!Number.isSafeInteger(hundredths) || hundredths < 0) {
    throw new RangeError(`Not valid odds in hundredths: ${hundredths}`);
  }
  return hundredths as Odds;
}

const ODDS_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/** Parses decimal odds ('1.85' or 1.85) into hundredths; more than two decimals → null. */
export function parseOdds(input: string | number): Odds | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    const scaled = Math.round(input * 100);
    if (Math.abs(scaled / 100 - input) > 1e-9 * Math.max(1, input)) return null;
    return scaled as Odds;
  }
  const match = ODDS_PATTERN.exec(input.trim());
  if (!match) return null;
  return (Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))) as Odds;
}

/** Two decimals, as shown on the betslip: 185 → '1.85'. */
export function formatOdds(value: Odds): string {
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

/** Odds as a decimal number for wire shapes that carry numbers (display only). */
export function oddsToDecimal(value: Odds): number {
  return value / 100;
}

/** An exact non-negative rational number, used for products of odds and settlement factors. */
export interface Ratio {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

export const RATIO_ONE: Ratio = { numerator: 1n, denominator: 1n };

export function ratio(numerator: bigint, denominator: bigint): Ratio {
  if (denominator <= 0n) throw new RangeError('Denominator must be positive');
  return { numerator, denominator };
}

export function oddsRatio(value: Odds): Ratio {
  return { numerator: BigInt(value), denominator: 100n };
}

export function multiplyRatio(a: Ratio, b: Ratio): Ratio {
  return { numerator: a.numerator * b.numerator, denominator: a.denominator * b.denominator };
}

export function addRatio(a: Ratio, b: Ratio): Ratio {
  return {
    numerator: a.numerator * b.denominator + b.numerator * a.denominator,
    denominator: a.denominator * b.denominator,
  };
}

export function subRatio(a: Ratio, b: Ratio): Ratio {
  return addRatio(a, { numerator: -b.numerator, denominator: b.denominator });
}

export function compareRatio(a: Ratio, b: Ratio): number {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Rounds to the nearest integer, halves away from zero (half-up for the non-negative amounts used here). */
export function roundRatio(value: Ratio): bigint {
  const { numerator, denominator } = value;
  const sign = numerator < 0n ? -1n : 1n;
  const abs = numerator * sign;
  return sign * ((abs * 2n + denominator) / (denominator * 2n));
}

/** Exact product of the legs' odds (an empty list gives 1). */
export function combinedOddsExact(legs: readonly Odds[]): Ratio {
  return legs.reduce<Ratio>((acc, leg) => multiplyRatio(acc, oddsRatio(leg)), RATIO_ONE);
}

/**
 * Combined odds for display, rounded half-up to hundredths. Payout maths never uses this
 * rounded value; it uses {@link combinedOddsExact}.
 */
export function combinedOdds(legs: readonly Odds[]): Odds {
  const exact = combinedOddsExact(legs);
  return Number(roundRatio(multiplyRatio(exact, { numerator: 100n, denominator: 1n }))) as Odds;
}

/**
 * Decimal odds text ('1358412790924.90', from `formatOdds` or an exact product) grouped for
 * reading in the site's locale: '1,358,412,790,924.90'. Odds under 1,000 are unchanged.
 */
export function groupOddsText(text: string, locale: string): string {
  const [whole = '0', fraction = '00'] = text.split('.');
  if (whole.length <= 3) return text;
  const grouped = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(BigInt(whole));
  const separator =
    new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ??
    '.';
  return `${grouped}${separator}${fraction}`;
}
