import { DEPOSIT_MINIMUM } from './constants';
import {
  INVALID_DATE_OF_BIRTH,
  INVALID_DATE_OF_BIRTH_IN_ID,
  INVALID_TZ_ID_FORMAT,
  PHONE_REQUIRED,
  WITHDRAWAL_WHOLE_NUMBERS_HINT,
  minimumAgeMessage,
} from './messages';
import { type CurrencyCode } from './currency';
import { parseAmount } from './amount-input';
import type { Cents } from './money';
import { isWholeUnits } from './money';
import type { SiteId } from './sites';
import { SITES } from './sites';

export type ValidationCode =
  | 'required'
  | 'invalid'
  | 'invalid-date-of-birth'
  | 'under-age'
  | 'invalid-id-format'
  | 'invalid-id-date'
  | 'below-minimum'
  | 'not-whole-number'
  | 'too-many-decimals';

/**
 * Result of a validation. `message` is the spec's exact text where the spec gives one; where
 * it gives none (e.g. the deposit minimum only disables submit) the message is absent and the
 * client branches on `code`.
 */
export type Validation<T> =
  { ok: true; value: T } | { ok: false; code: ValidationCode; message?: string };

function fail<T>(code: ValidationCode, message?: string): Validation<T> {
  return message === undefined ? { ok: false, code } : { ok: false, code, message };
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A real calendar date: month 1–12, day within the month, leap years honoured. */
export function isRealDate({ year, month, day }: CalendarDate): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

export function formatIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Reads 'YYYY-MM-DD' (the date input's value); null if not that shape. */
export function parseIsoDate(input: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.trim());
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** The site-local calendar date of an instant. */
export function localDate(now: Date, timeOffsetMinutes: number): CalendarDate {
  const shifted = new Date(now.getTime() + timeOffsetMinutes * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/** Full years between a date of birth and a day (birthday counts on the day itself). */
export function ageInYears(dateOfBirth: CalendarDate, today: CalendarDate): number {
  let age = today.year - dateOfBirth.year;
  if (
    today.month < dateOfBirth.month ||
    (today.month === dateOfBirth.month && today.day < dateOfBirth.day)
  ) {
    age -= 1;
  }
  return age;
}

/**
 * Date of birth for the site's profile: real date, not in the future, and at least the site's
 * minimum age on the site-local date of `now`. Returns the ISO date.
 */
export function validateDateOfBirth(
  input: string | CalendarDate,
  siteId: SiteId,
  now: Date,
): Validation<string> {
  const date = typeof input === 'string' ? parseIsoDate(input) : input;
  const site = SITES[siteId];
  const today = localDate(now, site.timeOffsetMinutes);
  if (!date || !isRealDate(date) || ageInYears(date, today) < 0) {
    return fail('invalid-date-of-birth', INVALID_DATE_OF_BIRTH);
  }
  if (ageInYears(date, today) < site.minimumAge) {
    return fail('under-age', minimumAgeMessage(site.minimumAge));
  }
  return { ok: true, value: formatIsoDate(date) };
}

const TZ_ID_PATTERN = /^(\d{4})(\d{2})(\d{2})-\d{5}-\d{5}-\d{2}$/;

/**
 * Tanzanian national ID `YYYYMMDD-12345-12345-12` (site 4). On success yields the date of
 * birth it carries (ISO), which then fills the profile's date of birth.
 */
export function validateTanzanianId(id: string, now: Date): Validation<{ dateOfBirth: string }> {
  const match = TZ_ID_PATTERN.exec(id.trim());
  if (!match) return fail('invalid-id-format', INVALID_TZ_ID_FORMAT);
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const site = SITES[4];
  const today = localDate(now, site.timeOffsetMinutes);
  if (!isRealDate(date) || ageInYears(date, today) < 0) {
    return fail('invalid-id-date', INVALID_DATE_OF_BIRTH_IN_ID);
  }
  if (ageInYears(date, today) < site.minimumAge) {
    return fail('under-age', minimumAgeMessage(site.minimumAge));
  }
  return { ok: true, value: { dateOfBirth: formatIsoDate(date) } };
}

/** Login and registration usernames are trimmed. */
export function normaliseUsername(input: string): string {
  return input.trim();
}

/** The deposit phone is required; format is normalised separately (phone.ts). */
export function validateDepositPhone(input: string | null | undefined): Validation<string> {
  const value = (input ?? '').trim();
  return value === '' ? fail('required', PHONE_REQUIRED) : { ok: true, value };
}

/**
 * An amount typed in the currency's units: no more decimals than the currency has (two for KES
 * and ZMW, none for UGX and TZS, currency.ts), never negative.
 */
export function validateAmount(
  input: string | number | null | undefined,
  currency: CurrencyCode = 'KES',
): Validation<Cents> {
  const parsed = parseAmount(input, currency);
  if (parsed.ok) return { ok: true, value: parsed.cents as Cents };
  return fail(parsed.code);
}

/** Deposit amount: a number with the currency's decimals at most, at least the minimum. */
export function validateDepositAmount(
  input: string | number | null | undefined,
  minimum: Cents = DEPOSIT_MINIMUM,
  currency: CurrencyCode = 'KES',
): Validation<Cents> {
  const amount = validateAmount(input, currency);
  if (!amount.ok) return amount;
  if (amount.value < minimum) return fail('below-minimum');
  return amount;
}

/** Withdrawal amount: required, numeric, whole numbers only (the server checks the rest). */
export function validateWithdrawalAmount(
  input: string | number | null | undefined,
  currency: CurrencyCode = 'KES',
): Validation<Cents> {
  const parsed = validateAmount(input, currency);
  if (!parsed.ok) {
    // Withdrawals are whole amounts in every currency: any decimals get the spec's hint.
    if (parsed.code === 'too-many-decimals') {
      return fail('not-whole-number', WITHDRAWAL_WHOLE_NUMBERS_HINT);
    }
    return parsed;
  }
  const amount = parsed.value;
  if (!isWholeUnits(amount)) return fail('not-whole-number', WITHDRAWAL_WHOLE_NUMBERS_HINT);
  if (amount <= 0) return fail('invalid');
  return { ok: true, value: amount };
}
