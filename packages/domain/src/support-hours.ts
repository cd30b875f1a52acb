import { SUPPORT_HOURS } from './constants';

/** Minutes after midnight of a `07:00am` / `11:00pm` style time. */
export function minutesOfClockTime(time: string): number {
  const match = /^(\d{1,2}):(\d{2})(am|pm)$/i.exec(time.trim());
  if (!match) throw new RangeError(`not a clock time: ${time}`);
  const hours = Number(match[1]) % 12;
  const pm = match[3]?.toLowerCase() === 'pm';
  return (hours + (pm ? 12 : 0)) * 60 + Number(match[2]);
}

/**
 * Whether customer support is open at an instant, in the site's local time (spec doc 1 §9:
 * support hours 07:00am to 11:00pm). Call-back requests outside the hours are answered when
 * support opens.
 */
export function isWithinSupportHours(instant: Date, timeOffsetMinutes: number): boolean {
  const local = new Date(instant.getTime() + timeOffsetMinutes * 60_000);
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  return (
    minutes >= minutesOfClockTime(SUPPORT_HOURS.open) &&
    minutes < minutesOfClockTime(SUPPORT_HOURS.close)
  );
}
