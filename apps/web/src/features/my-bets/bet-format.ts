import { formatMoney, fromUnits, type Cents } from '@dau/domain/money';
import { useEffect } from 'react';
import { currentSite } from '../../lib/site';
import { siteDayTime } from '../../lib/site-clock';

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

/** Placed and settled times in the site's clock (UTC+3 for Kenya, UTC+2 for Zambia). */
export const siteTime = siteDayTime;
