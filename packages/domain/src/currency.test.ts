import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  currency,
  fitsCurrency,
  floorToCurrency,
  quantum,
  roundToCurrency,
} from './currency';
import { formatCurrencyAmount } from './currency-amounts';
import { parseAmount, toAmountText } from './amount-input';
import { formatMoney, type Cents } from './money';
import { SITES } from './sites';

describe('the currency table (ISO 4217)', () => {
  it('gives UGX and TZS no decimals, KES and ZMW two', () => {
    expect(currency('UGX').exponent).toBe(0);
    expect(currency('TZS').exponent).toBe(0);
    expect(currency('KES').exponent).toBe(2);
    expect(currency('ZMW').exponent).toBe(2);
    expect(quantum('UGX')).toBe(100);
    expect(quantum('KES')).toBe(1);
    expect(() => currency('USD')).toThrow(RangeError);
  });

  it('is the source of every site currency and label', () => {
    for (const site of Object.values(SITES)) {
      expect(CURRENCIES[site.currencyCode].symbol).toBe(site.currencySymbol);
    }
  });
});

describe('parseAmount', () => {
  it('reads whole-unit currencies without decimals', () => {
    expect(parseAmount('5000', 'UGX')).toEqual({ ok: true, cents: 500_000 });
    expect(parseAmount('5,000', 'TZS')).toEqual({ ok: true, cents: 500_000 });
    expect(parseAmount('5000.00', 'UGX')).toEqual({ ok: true, cents: 500_000 });
    expect(parseAmount('5000.5', 'UGX')).toEqual({ ok: false, code: 'too-many-decimals' });
    expect(parseAmount(1500.5, 'TZS')).toEqual({ ok: false, code: 'too-many-decimals' });
    expect(parseAmount(1500, 'TZS')).toEqual({ ok: true, cents: 150_000 });
  });

  it('reads two-decimal currencies to the cent and refuses a third decimal', () => {
    expect(parseAmount('12.34', 'ZMW')).toEqual({ ok: true, cents: 1234 });
    expect(parseAmount('12.345', 'KES')).toEqual({ ok: false, code: 'too-many-decimals' });
    expect(parseAmount(1.005, 'KES')).toEqual({ ok: false, code: 'too-many-decimals' });
    expect(parseAmount(19.99, 'KES')).toEqual({ ok: true, cents: 1999 });
  });

  it('tells empty from nonsense', () => {
    expect(parseAmount('', 'KES')).toEqual({ ok: false, code: 'required' });
    expect(parseAmount(null, 'KES')).toEqual({ ok: false, code: 'required' });
    expect(parseAmount('-5', 'KES')).toEqual({ ok: false, code: 'invalid' });
    expect(parseAmount('1e3', 'UGX')).toEqual({ ok: false, code: 'invalid' });
    expect(parseAmount(Number.NaN, 'UGX')).toEqual({ ok: false, code: 'invalid' });
  });

  it('round-trips every amount that fits the currency through its text', () => {
    for (const code of ['KES', 'UGX', 'TZS', 'ZMW'] as const) {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (raw) => {
          const amount = floorToCurrency(raw, code);
          expect(fitsCurrency(amount, code)).toBe(true);
          expect(parseAmount(toAmountText(amount, code), code)).toEqual({
            ok: true,
            cents: amount,
          });
        }),
      );
    }
  });
});

describe('rounding to the currency step', () => {
  it('rounds half-up to whole shillings, and leaves cents alone where there are cents', () => {
    expect(roundToCurrency(86_957, 'UGX')).toBe(87_000);
    expect(roundToCurrency(86_949, 'UGX')).toBe(86_900);
    expect(roundToCurrency(86_950, 'TZS')).toBe(87_000);
    expect(roundToCurrency(-150, 'UGX')).toBe(-200);
    expect(roundToCurrency(86_957, 'KES')).toBe(86_957);
    expect(floorToCurrency(86_999, 'UGX')).toBe(86_900);
  });
});

describe('formatting', () => {
  it('shows the currency decimals with the site grouping', () => {
    expect(formatCurrencyAmount(123_450, 'KES', 'en-KE')).toBe('1,234.50');
    expect(formatCurrencyAmount(123_400, 'UGX', 'en-UG')).toBe('1,234');
    expect(formatCurrencyAmount(-500_000, 'TZS', 'en-TZ')).toBe('-5,000');
    expect(formatCurrencyAmount(5, 'ZMW', 'en-ZM')).toBe('0.05');
    // An old amount that does not fit whole units still shows what it is, never rounded.
    expect(formatCurrencyAmount(123_450, 'UGX', 'en-UG')).toBe('1,234.50');
    expect(formatMoney(500_000 as Cents, SITES[1])).toBe('UGX 5,000');
    expect(formatMoney(500_000 as Cents, SITES[4])).toBe('TSh 5,000');
    expect(formatMoney(1_050 as Cents, SITES[3])).toBe('K 10.50');
    expect(formatMoney(1_050 as Cents, SITES[2])).toBe('KSh 10.50');
  });
});
