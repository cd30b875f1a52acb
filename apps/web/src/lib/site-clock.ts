import { formatDayTime } from '@dau/domain/site-time';
import { formatDateTime } from '@dau/domain/site-date-format';
import { currentLanguage, currentSite } from './site';

/**
 * Times in the site's own clock (Zambia UTC+2, the other sites UTC+3; docs/decisions/141),
 * whatever the device's time zone, and in the user's language.
 */
export function siteDayTime(instant: string | number | Date): string {
  return formatDayTime(instant, currentSite().timeOffsetMinutes);
}

/** '23 Nov 2026, 17:05' in English, '23 Nov 2026, 17:05' in Swahili's own month names. */
export function siteDateTime(
  instant: string | number | Date,
  options: { withYear?: boolean; weekday?: boolean } = {},
): string {
  const site = currentSite();
  const locale = currentLanguage(site) === 'sw' ? 'sw-TZ' : site.locale;
  return formatDateTime(instant, site.timeOffsetMinutes, locale, options);
}
