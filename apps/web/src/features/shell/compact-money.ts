import { formatAmount, fromUnits } from '@dau/domain/money';
import type { SiteConfig } from '@dau/domain/sites';

/**
 * A balance short enough for a 360 px header: whole units below 100,000 ('KSh 5,000'), then
 * thousands and millions with one decimal ('KSh 125.4K', 'KSh 1.2M'). Always rounded down, so
 * the header never shows more than the user has; the account menu shows the exact amounts.
 */
export function compactMoney(
  units: number,
  site: Pick<SiteConfig, 'locale' | 'currencySymbol'>,
): string {
  const whole = Math.floor(Math.max(0, units));
  const short = (value: number, suffix: string) =>
    `${site.currencySymbol} ${(Math.floor(value * 10) / 10).toLocaleString(site.locale, {
      maximumFractionDigits: 1,
    })}${suffix}`;
  if (whole >= 1_000_000) return short(whole / 1_000_000, 'M');
  if (whole >= 100_000) return short(whole / 1_000, 'K');
  const amount = formatAmount(fromUnits(whole), site);
  return `${site.currencySymbol} ${amount.slice(0, amount.length - 3)}`;
}
