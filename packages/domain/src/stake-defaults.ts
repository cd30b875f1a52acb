import { DEFAULT_SINGLE_STAKE, QUICK_BET_AMOUNTS } from './constants';
import type { Cents } from './money';
import type { SiteId } from './sites';

/**
 * The stake a fresh betslip starts with and the quick stake buttons, per site in its currency
 * (docs/decisions/140): Kenya the spec's 10 and 10/30/50/100; Uganda and Tanzania whole
 * shillings above their stake minimums (UGX 100, TSh 200).
 */
export const SITE_STAKE_DEFAULTS: Readonly<
  Record<SiteId, { defaultStake: Cents; quickStakes: readonly number[] }>
> = {
  1: { defaultStake: 100_000 as Cents, quickStakes: [500, 1_000, 2_000, 5_000] },
  2: { defaultStake: DEFAULT_SINGLE_STAKE, quickStakes: QUICK_BET_AMOUNTS },
  3: { defaultStake: 1_000 as Cents, quickStakes: [5, 10, 20, 50] },
  4: { defaultStake: 100_000 as Cents, quickStakes: [500, 1_000, 2_000, 5_000] },
};
