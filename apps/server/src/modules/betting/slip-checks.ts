import { formatOdds, oddsToDecimal, type Odds } from '@dau/domain/odds';
import { oddsAcceptable, type AcceptOddsChanges } from '@dau/domain/odds-acceptance';
import type { AppDeps } from '../../app-types';
import type { DbOrTx } from '../../db/database';
import { AppError, type ErrorDetail } from '../../errors/app-error';
import { checkSelectionsOpen, type MarketSelection } from '../feed/market-availability';

/** What PlaceBet checks of a slip's legs against the feed's state (issue #8). */

export interface CheckedSelection extends MarketSelection {
  requestedOdds: Odds;
  odds: Odds;
  isLive: boolean;
  sportId: number;
  eventName: string;
  marketName: string;
  outcomeName: string;
}

export const perEvent = (eventId: number, code: string, message: string): ErrorDetail => ({
  code,
  message,
  name: String(eventId),
});

/** A price refusal names the price now, so the slip can ask the bettor about it (issue #15). */
const oddsChanged = (eventId: number, requested: Odds, current: Odds): ErrorDetail => ({
  ...perEvent(
    eventId,
    'ODDS_CHANGED',
    `Odds changed from ${formatOdds(requested)} to ${formatOdds(current)}`,
  ),
  odds: oddsToDecimal(current),
});

export interface SlipLegs {
  selections: (MarketSelection & { requestedOdds: Odds })[];
  policy: AcceptOddsChanges;
}

/**
 * Market active, producer up and odds acceptable for every leg of every slip, answered from the
 * database in the bets' transaction, all legs of all slips in one query. Each slip answers its
 * checked legs, or its refusal (CONFLICT) naming every refused leg, not only the first.
 */
export async function checkSlips(
  db: DbOrTx,
  slips: readonly SlipLegs[],
): Promise<(CheckedSelection[] | AppError)[]> {
  const answers = await checkSelectionsOpen(
    db,
    slips.flatMap((slip) => slip.selections),
  );
  let next = 0;
  return slips.map(({ selections, policy }) => {
    const errors: ErrorDetail[] = [];
    const checked: CheckedSelection[] = [];
    for (const s of selections) {
      const availability = answers[next++]!;
      if (!availability.open) {
        errors.push(perEvent(s.eventId, availability.reason, availability.message));
        continue;
      }
      const current = availability.odds as Odds;
      if (!oddsAcceptable(policy, s.requestedOdds, current)) {
        errors.push(oddsChanged(s.eventId, s.requestedOdds, current));
        continue;
      }
      checked.push({ ...s, odds: current, isLive: availability.isLive, ...availability.labels });
    }
    return errors.length > 0 ? new AppError('CONFLICT', errors) : checked;
  });
}

/** The live delay a slip waits before its last check: the longest of its live legs' sports. */
export function liveDelayOf(deps: AppDeps, legs: CheckedSelection[]): number {
  const live = legs.filter((s) => s.isLive);
  if (live.length === 0) return 0;
  const { liveDelayMs, liveDelayBySport } = deps.config.betting;
  return Math.max(...live.map((s) => liveDelayBySport[s.sportId] ?? liveDelayMs));
}

/** A live slip's first look: wait the delay (outside any transaction), then look again. */
export class LiveDelayDue extends Error {
  constructor(readonly ms: number) {
    super(`live delay of ${ms} ms`);
  }
}
