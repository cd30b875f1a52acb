import { describe, expect, it } from 'vitest';
import { isWithinSupportHours, minutesOfClockTime } from './support-hours';

describe('support hours', () => {
  it('reads the spec clock times', () => {
    expect(minutesOfClockTime('07:00am')).toBe(7 * 60);
    expect(minutesOfClockTime('11:00pm')).toBe(23 * 60);
    expect(minutesOfClockTime('12:30am')).toBe(30);
    expect(minutesOfClockTime('12:15pm')).toBe(12 * 60 + 15);
    expect(() => minutesOfClockTime('25:00')).toThrow(RangeError);
  });

  it('is open from 07:00 to 23:00 local time (EAT is UTC+3)', () => {
    expect(isWithinSupportHours(new Date('2026-11-21T03:59:00Z'), 180)).toBe(false); // 06:59
    expect(isWithinSupportHours(new Date('2026-11-21T04:00:00Z'), 180)).toBe(true); // 07:00
    expect(isWithinSupportHours(new Date('2026-11-21T19:59:00Z'), 180)).toBe(true); // 22:59
    expect(isWithinSupportHours(new Date('2026-11-21T20:00:00Z'), 180)).toBe(false); // 23:00
    expect(isWithinSupportHours(new Date('2026-11-21T04:30:00Z'), 120)).toBe(false); // 06:30 CAT
  });
});
