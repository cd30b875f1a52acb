import { z } from 'zod';
import { SITE_MONEY_LIMITS, type SiteMoneyLimits } from '@dau/domain/site-limits';
import { SITES, isSiteId, type SiteId } from '@dau/domain/sites';
import { fitsCurrency } from '@dau/domain/currency';
import type { Cents } from '@dau/domain/money';
import type { ConfigContext } from './area';

/**
 * `siteId=min:max` pairs in the site's currency units, e.g. `1=1000:4000000,4=2000:3000000`.
 * Each bound must fit the site's currency (whole shillings in Uganda and Tanzania).
 */
const rangesFromEnv = (label: string) =>
  z.string().transform((value, ctx) => {
    const map: Partial<Record<SiteId, { min: Cents; max: Cents }>> = {};
    for (const pair of value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [site, range] = pair.split('=');
      const [min, max] = (range ?? '').split(':').map((n) => Math.round(Number(n) * 100));
      const siteId = Number(site);
      const fits = (n: number | undefined): n is number =>
        n !== undefined && n > 0 && isSiteId(siteId) && fitsCurrency(n, SITES[siteId].currencyCode);
      if (!isSiteId(siteId) || !fits(min) || !fits(max) || max < min) {
        ctx.addIssue({ code: 'custom', message: `invalid ${label} entry "${pair}"` });
        return z.NEVER;
      }
      map[siteId] = { min: min as Cents, max: max as Cents };
    }
    return map;
  });

/** Deposit, withdrawal and stake limits per site; unset sites keep the domain's defaults. */
export const moneyLimitsEnv = {
  DEPOSIT_LIMITS: rangesFromEnv('DEPOSIT_LIMITS').default({}),
  WITHDRAWAL_LIMITS: rangesFromEnv('WITHDRAWAL_LIMITS').default({}),
  BET_STAKE_LIMITS: rangesFromEnv('BET_STAKE_LIMITS').default({}),
};

export type MoneyLimitsConfig = Readonly<Record<SiteId, SiteMoneyLimits>>;

type MoneyLimitsEnv = z.output<z.ZodObject<typeof moneyLimitsEnv>>;

export function moneyLimitsConfig(e: MoneyLimitsEnv, _context: ConfigContext): MoneyLimitsConfig {
  const limits = { ...SITE_MONEY_LIMITS };
  for (const siteId of [1, 2, 3, 4] as const) {
    const deposit = e.DEPOSIT_LIMITS[siteId];
    const withdrawal = e.WITHDRAWAL_LIMITS[siteId];
    const stake = e.BET_STAKE_LIMITS[siteId];
    limits[siteId] = {
      ...limits[siteId],
      ...(deposit && { depositMin: deposit.min, depositMax: deposit.max }),
      ...(withdrawal && { withdrawalMin: withdrawal.min, withdrawalMax: withdrawal.max }),
      ...(stake && { stakeMin: stake.min, stakeMax: stake.max }),
    };
  }
  return limits;
}
