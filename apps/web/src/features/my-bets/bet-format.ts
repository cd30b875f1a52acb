import { formatMoney, fromUnits, type Cents } from '@dau/domain/money';
import { useEffect } from 'react';
import { currentSite } from '../../lib/site';

/** Money, times and scrolling shared by the bet lists and the bet page. */
export const money = (units: number) => formatMoney(fromUnits(units), currentSite());
export const sum = (...units: number[]) =>
  formatMoney(units.reduce((total, u) => total + fromUnits(u), 0) as Cents, currentSite());

/** A bet page is a fresh visit (My Bets is never cached): start it at the top. */
export function useStartAtTop(key: string): void {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
}

/** Placed and settled times in the site's clock (UTC+3 for Kenya), 'dd/MM HH:mm'. */
export function siteTime(iso: string): string {
  const offset = currentSite().timeOffsetMinutes;
  const local = new Date(Date.parse(iso) + offset * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}
