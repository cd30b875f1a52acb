import type { SiteConfig } from '@dau/domain/sites';

/**
 * A balance short enough for a 360 px header: whole units below 100,000 ('KSh 5,000'), then
 * thousands and millions with one decimal ('KSh 125.4K', 'KSh 1.2M'). Always rounded down, so
 * the header never shows more than the user has; the account menu shows the exact amounts.
 * Plain Intl, so the header does not pull the money module into the entry chunk.
 */
export function compactMoney(
  units: number,
  site: Pick<SiteConfig, 'locale' | 'currencySymbol'>,
): string {
  const whole = Math.floor(Math.max(0, units));
  const format = (value: number, digits: number) =>
    new Intl.NumberFormat(site.locale, { maximumFractionDigits: digits }).format(value);
  const tenths = (value: number) => Math.floor(value * 10) / 10;
  if (whole >= 1_000_000) return `${site.currencySymbol} ${format(tenths(whole / 1e6), 1)}M`;
  if (whole >= 100_000) return `${site.currencySymbol} ${format(tenths(whole / 1e3), 1)}K`;
  return `${site.currencySymbol} ${format(whole, 0)}`;
}
