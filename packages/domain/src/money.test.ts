import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Cents } from './money';
import {
  addCents,
  formatAmount,
  formatMoney,
  fromUnits,
  isWholeUnits,
  parseMoney,
  subCents,
  toUnitsString,
} from './money';
import { SITES } from './sites';

const kenya = SITES[2];

describe('money', () => {
  it('parses strings by digits, exactly', () => {
    expect(parseMoney('10')).toBe(1000);
    expect(parseMoney('10.5')).toBe(1050);
    expect(parseMoney('0.07')).toBe(7);
    expect(parseMoney('1,234.50')).toBe(123450);
    expect(parseMoney(' 20. ')).toBe(2000);
    expect(parseMoney('1.005')).toBeNull();
    expect(parseMoney('-1')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('')).toBeNull();
  });

  it('parses numbers with at most two decimals', () => {
    expect(parseMoney(19.99)).toBe(1999);
    expect(parseMoney(1.15)).toBe(115);
    expect(parseMoney(1.005)).toBeNull();
    expect(parseMoney(Number.NaN)).toBeNull();
  });

  it('adds and subtracts', () => {
    expect(addCents(fromUnits(1), 50 as Cents, 25 as Cents)).toBe(175);
    expect(subCents(1000 as Cents, 1 as Cents)).toBe(999);
  });

  it('formats per site', () => {
    expect(formatMoney(123450 as Cents, kenya)).toBe('KSh 1,234.50');
    expect(formatMoney(5 as Cents, kenya)).toBe('KSh 0.05');
    expect(formatAmount(150_000_000 as Cents, kenya)).toBe('1,500,000.00');
    expect(toUnitsString(-1005 as Cents)).toBe('-10.05');
    expect(isWholeUnits(1000 as Cents)).toBe(true);
    expect(isWholeUnits(1001 as Cents)).toBe(false);
  });

  it('round-trips every two-decimal string', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (value) => {
        expect(parseMoney(toUnitsString(value as Cents))).toBe(value);
        expect(parseMoney(value / 100)).toBe(value);
      }),
    );
  });
});
