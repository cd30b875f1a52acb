import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_CODE_ALPHABET,
  BOOKING_CODE_LENGTH,
  generateBookingCode,
  normalizeBookingCode,
} from './booking-code';

describe('booking codes', () => {
  it('use no symbol a person confuses (0/O, 1/I)', () => {
    for (const char of '0O1I') expect(BOOKING_CODE_ALPHABET).not.toContain(char);
    expect(new Set(BOOKING_CODE_ALPHABET).size).toBe(32);
  });

  it('generates codes of the alphabet that normalize to themselves', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(31), { minLength: 6, maxLength: 6 }), (picks) => {
        let i = 0;
        const code = generateBookingCode(() => picks[i++] ?? 0);
        expect(code).toHaveLength(BOOKING_CODE_LENGTH);
        expect(normalizeBookingCode(code)).toBe(code);
      }),
    );
  });

  it('ignores case, spaces and dashes in what was typed', () => {
    expect(normalizeBookingCode(' ab3 k-9x ')).toBe('AB3K9X');
    expect(normalizeBookingCode('AB3-K9X')).toBe('AB3K9X');
  });

  it('refuses what cannot be a code', () => {
    expect(normalizeBookingCode('')).toBeNull();
    expect(normalizeBookingCode('AB3K9')).toBeNull();
    expect(normalizeBookingCode('AB3K9XY')).toBeNull();
    expect(normalizeBookingCode('AB0K9X')).toBeNull();
    expect(normalizeBookingCode('ABOK9X')).toBeNull();
    expect(normalizeBookingCode('AB1K9X')).toBeNull();
    expect(normalizeBookingCode('AB!K9X')).toBeNull();
  });
});
