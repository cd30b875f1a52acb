/**
 * Date and time in the locale's words at a site's offset (docs/decisions/141), e.g.
 * '23 Nov 2026, 17:05' (en-KE), with Swahili month names in 'sw-TZ'. Intl only formats the
 * shifted instant read as UTC, so the answer is the same on every device whatever its own time
 * zone. Apart from `site-time.ts` so the first load, which only shows kick-offs, skips it.
 */
export function formatDateTime(
  instant: Date | number | string,
  offsetMinutes: number,
  locale: string,
  options: { withYear?: boolean; weekday?: boolean } = {},
): string {
  const shifted = new Date(new Date(instant).getTime() + offsetMinutes * 60_000);
  return new Intl.DateTimeFormat(locale, {
    ...(options.weekday ? { weekday: 'short' } : {}),
    day: 'numeric',
    month: 'short',
    ...(options.withYear === false ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(shifted);
}
