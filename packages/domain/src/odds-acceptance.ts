import type { Odds } from './odds';

/**
 * The bettor's accept-odds-changes setting: `none` ("Ask me") takes no change without asking,
 * `higher` takes better prices by itself and asks about worse ones, `any` takes every change.
 * The betslip and PlaceBet read it through this one function.
 */
export type AcceptOddsChanges = 'none' | 'higher' | 'any';

export const ACCEPT_ODDS_CHANGES: readonly AcceptOddsChanges[] = ['none', 'higher', 'any'];

/** Whether `current` may be taken for a bettor who agreed to `agreed` under `policy`. */
export function oddsAcceptable(policy: AcceptOddsChanges, agreed: Odds, current: Odds): boolean {
  if (policy === 'any') return true;
  if (policy === 'higher') return current >= agreed;
  return current === agreed;
}
