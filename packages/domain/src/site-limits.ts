import { DEPOSIT_MIN_BALANCE_NOTIFY, PRESET_DEPOSIT_AMOUNTS } from './constants';
import type { Cents } from './money';
import type { SiteId } from './sites';

/**
 * Money limits of each site in its own currency (docs/decisions/140). Kenya keeps the spec's and
 * the server's historical defaults; the other sites' are operator defaults of about the same
 * worth, rounded to amounts people type, and above each provider's own minimum transaction.
 * The server's environment can override any of them per site. The betslip's default and quick
 * stakes are in `stake-defaults.ts` (the first load carries those, not these).
 */
export interface SiteMoneyLimits {
  /** Least deposit (the content label `deposit_min` may raise it, never lower it). */
  depositMin: Cents;
  depositMax: Cents;
  withdrawalMin: Cents;
  withdrawalMax: Cents;
  stakeMin: Cents;
  stakeMax: Cents;
  /** Deposit presets in whole units, each at least `depositMin`. */
  depositPresets: readonly number[];
  /** Cash balance under which the low-balance notice may show. */
  lowBalance: Cents;
}

const units = (value: number) => (value * 100) as Cents;

export const SITE_MONEY_LIMITS: Readonly<Record<SiteId, SiteMoneyLimits>> = {
  // Uganda, UGX (whole shillings): MTN and Airtel take 500 and up.
  1: {
    depositMin: units(500),
    depositMax: units(5_000_000),
    withdrawalMin: units(1_000),
    withdrawalMax: units(4_000_000),
    stakeMin: units(100),
    stakeMax: units(10_000_000),
    depositPresets: [1_000, 5_000, 10_000, 20_000],
    lowBalance: units(100),
  },
  // Kenya, KES: the spec's deposit minimum and the server's earlier limits.
  2: {
    depositMin: 200 as Cents,
    depositMax: units(250_000),
    withdrawalMin: units(10),
    withdrawalMax: units(150_000),
    stakeMin: units(1),
    stakeMax: units(500_000),
    // The spec's presets are 1, 5, 10, 20; 1 is below its own minimum of 2, so it is left out.
    depositPresets: PRESET_DEPOSIT_AMOUNTS.filter((preset) => preset * 100 >= 200),
    lowBalance: DEPOSIT_MIN_BALANCE_NOTIFY,
  },
  // Zambia, ZMW (two decimals).
  3: {
    depositMin: units(1),
    depositMax: units(50_000),
    withdrawalMin: units(5),
    withdrawalMax: units(30_000),
    stakeMin: units(1),
    stakeMax: units(100_000),
    depositPresets: [10, 50, 100, 200],
    lowBalance: units(1),
  },
  // Tanzania, TZS (whole shillings).
  4: {
    depositMin: units(1_000),
    depositMax: units(5_000_000),
    withdrawalMin: units(2_000),
    withdrawalMax: units(3_000_000),
    stakeMin: units(200),
    stakeMax: units(10_000_000),
    depositPresets: [2_000, 5_000, 10_000, 20_000],
    lowBalance: units(200),
  },
};

export function siteMoneyLimits(siteId: SiteId): SiteMoneyLimits {
  return SITE_MONEY_LIMITS[siteId];
}

/** Presets the deposit form may offer: none below the minimum, none above the maximum. */
export function usableDepositPresets(
  presets: readonly number[],
  minimum: Cents,
  maximum: Cents,
): number[] {
  return presets.filter((preset) => preset * 100 >= minimum && preset * 100 <= maximum);
}
