import { sql } from 'kysely';
import { formatOdds, oddsToDecimal, type Odds } from '@dau/domain/odds';
import { oddsAcceptable, type AcceptOddsChanges } from '@dau/domain/odds-acceptance';
import type { AppDeps } from '../../app-types';
import type { DbOrTx } from '../../db/database';
import { AppError, type ErrorDetail } from '../../errors/app-error';
import {
  availabilityAnswers,
  availabilityRowsQuery,
  distinctSelections,
  type AvailabilityRowOf,
  type MarketSelection,
} from '../feed/market-availability';
import {
  gamblingRefusalsQuery,
  refusalsOf,
  type ActiveLimitRow,
} from '../accounts/responsible-gambling.service';

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
 * database in the bets' transaction, all legs of all slips — and the responsible-gambling limits
 * of `userIds` at `now` — in one statement (ADR 193). Each slip answers its checked legs, or its
 * refusal (CONFLICT) naming every refused leg, not only the first; `limited` holds the refusal
 * of each user on a break or self-excluded.
 */
export async function checkSlips(
  db: DbOrTx,
  slips: readonly SlipLegs[],
  userIds: readonly number[],
  now: Date,
): Promise<{ checks: (CheckedSelection[] | AppError)[]; limited: Map<number, AppError> }> {
  const selections = slips.flatMap((slip) => slip.selections);
  if (selections.length === 0) return { checks: [], limited: new Map() };
  const { rows } = await sql<{ legs: AvailabilityRowOf[] | null; limits: ActiveLimitRow[] | null }>`
    select (select jsonb_agg(a) from (${availabilityRowsQuery(distinctSelections(selections))}) a)
        as legs,
      (select jsonb_agg(l) from (${gamblingRefusalsQuery(db, userIds, now)}) l) as limits`.execute(
    db,
  );
  const read = rows[0]!;
  // The legs' producer-alive rule keeps the wall clock, as `checkSelectionsOpen` does.
  const answers = availabilityAnswers(selections, read.legs ?? [], new Date());
  let next = 0;
  const checks = slips.map(({ selections: legs, policy }) => {
    const errors: ErrorDetail[] = [];
    const checked: CheckedSelection[] = [];
    for (const s of legs) {
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
  return { checks, limited: refusalsOf(read.limits ?? []) };
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
