import { describe, expect, it } from 'vitest';
import { formatDayTime, parseTimeOffset, utcOffsetLabel, wallClock } from './site-time';
import { formatDateTime } from './site-date-format';
import { SITES } from './sites';

const kickOff = '2026-11-23T16:30:00.000Z';

describe("each site's clock", () => {
  it('is UTC+3 in Uganda, Kenya and Tanzania and UTC+2 in Zambia', () => {
    expect(SITES[1].timeOffsetMinutes).toBe(180);
    expect(SITES[2].timeOffsetMinutes).toBe(180);
    expect(SITES[3].timeOffsetMinutes).toBe(120);
    expect(SITES[4].timeOffsetMinutes).toBe(180);
    expect(formatDayTime(kickOff, SITES[2].timeOffsetMinutes)).toBe('23/11 19:30');
    expect(formatDayTime(kickOff, SITES[3].timeOffsetMinutes)).toBe('23/11 18:30');
    expect(utcOffsetLabel(120)).toBe('UTC+2');
    expect(utcOffsetLabel(-270)).toBe('UTC-4:30');
    expect(utcOffsetLabel(0)).toBe('UTC');
  });

  it('rolls the date over at the local midnight, not at UTC midnight', () => {
    expect(formatDayTime('2026-12-31T21:30:00Z', 180)).toBe('01/01 00:30');
    expect(formatDayTime('2026-12-31T21:30:00Z', 120)).toBe('31/12 23:30');
    expect(wallClock('2026-12-31T21:30:00Z', 180)).toMatchObject({ year: 2027, month: 1, day: 1 });
  });

  it('formats date and time in the language, the same on any device', () => {
    expect(formatDateTime(kickOff, 120, 'en-ZM')).toMatch(/23 Nov 2026.*18:30/);
    expect(formatDateTime(kickOff, 180, 'sw-TZ')).toMatch(/19:30/);
    // Swahili's own month names: Agosti is 'Ago', not 'Aug'.
    expect(formatDateTime('2026-08-05T10:00:00Z', 180, 'sw-TZ')).toMatch(/Ago/);
    expect(formatDateTime(kickOff, 180, 'en-KE', { withYear: false })).not.toMatch(/2026/);
  });

  it("reads a client's timeOffset, refusing what is not one", () => {
    expect(parseTimeOffset('180')).toBe(180);
    expect(parseTimeOffset(120)).toBe(120);
    expect(parseTimeOffset('-300')).toBe(-300);
    expect(parseTimeOffset(undefined)).toBeUndefined();
    expect(parseTimeOffset('')).toBeUndefined();
    expect(parseTimeOffset('3h')).toBeNull();
    expect(parseTimeOffset('900')).toBeNull();
    expect(parseTimeOffset('1.5')).toBeNull();
  });
});
