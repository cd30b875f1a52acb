/**
 * Each site's clock (docs/decisions/141). Times are shown at the site's offset from UTC — Uganda,
 * Kenya and Tanzania UTC+3 (East Africa Time), Zambia UTC+2 (Central Africa Time); none of them
 * keeps summer time, so a fixed offset is the whole rule. A client may send its own offset
 * (`timeOffset` query or `x-time-offset` header, minutes east of UTC, spec doc 1 §6) and the
 * server formats with it.
 */

/** The widest offsets in use on Earth: UTC−12:00 to UTC+14:00. */
export const MIN_TIME_OFFSET_MINUTES = -720;
export const MAX_TIME_OFFSET_MINUTES = 840;

/**
 * A client's `timeOffset` (whole minutes east of UTC, as text or number); `null` when it is not
 * one (the caller answers 400), `undefined` when absent.
 */
export function parseTimeOffset(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^[+-]?\d{1,4}$/.test(text.trim())) return null;
  const minutes = Number(text.trim());
  return minutes >= MIN_TIME_OFFSET_MINUTES && minutes <= MAX_TIME_OFFSET_MINUTES ? minutes : null;
}

/** 'UTC+3', 'UTC+2', 'UTC-4:30', 'UTC'. */
export function utcOffsetLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  const minutes = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields of an instant at an offset. */
export function wallClock(instant: Date | number | string, offsetMinutes: number) {
  const shifted = new Date(new Date(instant).getTime() + offsetMinutes * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
  };
}

/** Kick-off and bet times as the spec shows them: 'dd/MM HH:mm' at the offset. */
export function formatDayTime(instant: Date | number | string, offsetMinutes: number): string {
  const c = wallClock(instant, offsetMinutes);
  return `${two(c.day)}/${two(c.month)} ${two(c.hours)}:${two(c.minutes)}`;
}
