import type { Odds } from './odds';

/**
 * Which selections count towards the win and tax boosts. The spec does not say, so it is
 * configuration; the default (each leg at 1.20 or more, not blocked) is a common operator rule.
 */
export interface BoostQualification {
  /** Minimum odds per leg, in hundredths (120 = 1.20). */
  minOddsPerLeg: Odds;
  /** Whether legs on live events count. */
  includeLive: boolean;
}

export const DEFAULT_BOOST_QUALIFICATION: BoostQualification = {
  minOddsPerLeg: 120 as Odds,
  includeLive: true,
};

export function qualifiesForBoost(
  leg: { odds: Odds; blocked: boolean; isLive: boolean },
  config: BoostQualification = DEFAULT_BOOST_QUALIFICATION,
): boolean {
  if (leg.blocked) return false;
  if (leg.isLive && !config.includeLive) return false;
  return leg.odds >= config.minOddsPerLeg;
}
