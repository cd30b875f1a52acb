import { currency } from './currency';

/**
 * Reading typed and wire amounts in a currency's units (the table is `currency.ts`): its own
 * module, so pages that only show amounts do not carry the parser.
 */
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
    if (scaled % 10 ** (2 - exponent) !== 0) return { ok: false, code: 'too-many-decimals' };
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

/** Plain decimal text for inputs and wire bodies: KES 123450 → '1234.50', UGX 123400 → '1234'. */
export function toAmountText(amount: number, code: string): string {
  const { exponent } = currency(code);
  const abs = Math.abs(amount);
  const sign = amount < 0 ? '-' : '';
  const rest = abs % 100;
  if (exponent === 0 && rest === 0) return `${sign}${Math.floor(abs / 100)}`;
  return `${sign}${Math.floor(abs / 100)}.${String(rest).padStart(2, '0')}`;
}
