import { describe, expect, it } from 'vitest';
import type { Cents } from './money';
import {
  isRealDate,
  normaliseUsername,
  validateDateOfBirth,
  validateDepositAmount,
  validateDepositPhone,
  validateTanzanianId,
  validateWithdrawalAmount,
} from './validation';

// 12:00 on 15 June 2026 in Nairobi.
const now = new Date('2026-06-15T09:00:00Z');

describe('date of birth', () => {
  it('accepts only real calendar dates, leap years honoured', () => {
    expect(isRealDate({ year: 2000, month: 2, day: 29 })).toBe(true);
    expect(isRealDate({ year: 1900, month: 2, day: 29 })).toBe(false);
    expect(isRealDate({ year: 2004, month: 2, day: 29 })).toBe(true);
    expect(isRealDate({ year: 2001, month: 2, day: 29 })).toBe(false);
    expect(isRealDate({ year: 2001, month: 4, day: 31 })).toBe(false);
    expect(isRealDate({ year: 2001, month: 13, day: 1 })).toBe(false);
    expect(isRealDate({ year: 2001, month: 0, day: 1 })).toBe(false);
  });

  it("gives 'Invalid date of birth'", () => {
    for (const input of ['2001-02-29', '2000-13-01', '1990-04-31', 'nonsense', '2030-01-01']) {
      expect(validateDateOfBirth(input, 2, now)).toEqual({
        ok: false,
        code: 'invalid-date-of-birth',
        message: 'Invalid date of birth',
      });
    }
  });

  it('requires 25 years on site 1 and 18 elsewhere', () => {
    expect(validateDateOfBirth('2001-06-16', 1, now)).toEqual({
      ok: false,
      code: 'under-age',
      message: 'You must be 25 years or older',
    });
    expect(validateDateOfBirth('2001-06-15', 1, now)).toEqual({ ok: true, value: '2001-06-15' });
    expect(validateDateOfBirth('2008-06-16', 2, now)).toEqual({
      ok: false,
      code: 'under-age',
      message: 'You must be 18 years or older',
    });
    expect(validateDateOfBirth({ year: 2008, month: 6, day: 15 }, 4, now)).toEqual({
      ok: true,
      value: '2008-06-15',
    });
  });

  it('counts age on the site-local date', () => {
    // 22:00 UTC on 14 June is already 15 June in Nairobi: the 18th birthday has come.
    expect(validateDateOfBirth('2008-06-15', 2, new Date('2026-06-14T22:00:00Z')).ok).toBe(true);
    expect(validateDateOfBirth('2008-06-15', 2, new Date('2026-06-14T20:00:00Z')).ok).toBe(false);
  });
});

describe('Tanzanian ID', () => {
  it('rejects a wrong format', () => {
    for (const id of [
      '',
      '19900101-12345-12345-1',
      '19900101123451234512',
      'abcdefgh-12345-12345-12',
    ]) {
      expect(validateTanzanianId(id, now)).toEqual({
        ok: false,
        code: 'invalid-id-format',
        message: 'Invalid format. Please use YYYYMMDD-12345-12345-12',
      });
    }
  });

  it('rejects an invalid embedded date', () => {
    expect(validateTanzanianId('19900230-12345-12345-12', now)).toEqual({
      ok: false,
      code: 'invalid-id-date',
      message: 'Invalid date of birth in ID',
    });
  });

  it('rejects under 18', () => {
    expect(validateTanzanianId('20100101-12345-12345-12', now)).toEqual({
      ok: false,
      code: 'under-age',
      message: 'You must be 18 years or older',
    });
  });

  it('yields the date of birth', () => {
    expect(validateTanzanianId(' 19920229-12345-67890-12 ', now)).toEqual({
      ok: true,
      value: { dateOfBirth: '1992-02-29' },
    });
  });
});

describe('payments and login input', () => {
  it('requires the deposit phone', () => {
    expect(validateDepositPhone('  ')).toEqual({
      ok: false,
      code: 'required',
      message: 'Phone number is required!',
    });
    expect(validateDepositPhone(undefined).ok).toBe(false);
    expect(validateDepositPhone(' 0712345678 ')).toEqual({ ok: true, value: '0712345678' });
  });

  it('checks the deposit amount against the minimum', () => {
    expect(validateDepositAmount('')).toEqual({ ok: false, code: 'required' });
    expect(validateDepositAmount('abc')).toEqual({ ok: false, code: 'invalid' });
    expect(validateDepositAmount('1.99')).toEqual({ ok: false, code: 'below-minimum' });
    expect(validateDepositAmount('2')).toEqual({ ok: true, value: 200 });
    expect(validateDepositAmount(10.5)).toEqual({ ok: true, value: 1050 });
    expect(validateDepositAmount('50', 10_000 as Cents).ok).toBe(false);
  });

  it('accepts whole withdrawal amounts only', () => {
    expect(validateWithdrawalAmount('100')).toEqual({ ok: true, value: 10000 });
    expect(validateWithdrawalAmount('100.50')).toEqual({
      ok: false,
      code: 'not-whole-number',
      message: 'Whole numbers only, no decimals',
    });
    expect(validateWithdrawalAmount('0')).toEqual({ ok: false, code: 'invalid' });
    expect(validateWithdrawalAmount(null)).toEqual({ ok: false, code: 'required' });
  });

  it('trims usernames', () => {
    expect(normaliseUsername('  jane \n')).toBe('jane');
  });
});
