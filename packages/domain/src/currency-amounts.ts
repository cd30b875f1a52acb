import { currency } from './currency';

/**
 * Typing, reading and showing amounts in a currency's units (the table is `currency.ts`). Kept
 * apart from the table so the first load, which only rounds stakes, does not carry the parsers.
 */
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
