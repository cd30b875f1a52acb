/**
 * What pricing and simulation share, kept apart from the simulation so that pricing (which the
 * web betslip imports) does not pull the seeded random numbers and their hashing into the
 * first load of the site.
 */

export const MATCH_MINUTES = 90;

export interface GoalRates {
  /** Probability of a home goal in any one minute. */
  home: number;
  away: number;
}
