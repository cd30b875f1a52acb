import { parseAmount } from '@dau/domain/amount-input';
import type { Cents } from '@dau/domain/money';
import { siteMoneyLimits, usableDepositPresets } from '@dau/domain/site-limits';
import { SITES, type SiteConfig } from '@dau/domain/sites';

export interface DepositSettings {
  minimum: Cents;
  maximum: Cents;
  /** Preset amounts in whole currency units, none below the minimum nor above the maximum. */
  presets: number[];
}

type MoneySite = Pick<SiteConfig, 'siteId' | 'currencyCode'>;

function amountLabel(label: string | undefined, site: MoneySite): Cents | null {
  if (!label) return null;
  const parsed = parseAmount(label.trim(), site.currencyCode);
  return parsed.ok && parsed.cents > 0 ? (parsed.cents as Cents) : null;
}

/**
 * The deposit minimum and presets (doc 1 §5): the site's limits in its own currency
 * (site-limits.ts), which the content labels `deposit_min` may raise (never lower: the server
 * refuses less), and `deposit_presets` ("1,5,10,20") or `deposit_amount_1`..`_4`. A preset below
 * the minimum is never offered: tapping it could only be refused.
 */
export function depositSettings(
  labels: Record<string, string> | undefined,
  site: MoneySite = SITES[2],
): DepositSettings {
  const limits = siteMoneyLimits(site.siteId);
  const labelled = amountLabel(labels?.deposit_min, site);
  const minimum = labelled !== null && labelled > limits.depositMin ? labelled : limits.depositMin;
  const listed = (labels?.deposit_presets ?? '').split(',');
  const numbered = [1, 2, 3, 4].map((i) => labels?.[`deposit_amount_${i}`] ?? '');
  const parse = (values: string[]) =>
    values.map((v) => Number(v.trim())).filter((v) => Number.isFinite(v) && v > 0);
  const usable = (values: readonly number[]) =>
    usableDepositPresets(values, minimum, limits.depositMax);
  const fromLabels =
    usable(parse(listed)).length > 0 ? usable(parse(listed)) : usable(parse(numbered));
  return {
    minimum,
    maximum: limits.depositMax,
    presets: fromLabels.length > 0 ? fromLabels : usable(limits.depositPresets),
  };
}

/** The cash balance below which the balance notice shows: `deposit_min_bal_notify` or the site's. */
export function lowBalanceThreshold(
  labels: Record<string, string> | undefined,
  site: MoneySite = SITES[2],
): Cents {
  return (
    amountLabel(labels?.deposit_min_bal_notify, site) ?? siteMoneyLimits(site.siteId).lowBalance
  );
}
