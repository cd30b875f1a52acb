import { MARKET_OUTCOMES, marketSpec } from './markets';

/**
 * A virtual pick on the betslip (the spec's separate virtual betslip state, doc 2 §3): the
 * slip keys selections by `eventId-marketId-uid` with numeric event and outcome ids, so a
 * virtual match is event `matchdayId × 100 + matchIndex`, its market the market key ('1x2')
 * and the outcome its position in that market's list. These two functions are each other's
 * inverse; the page builds picks with the first and placement reads them with the second.
 */
export function virtualPickIds(
  matchdayId: number,
  matchIndex: number,
  market: string,
  outcome: string,
): { eventId: number; marketUid: string; outcomeId: number } | null {
  const spec = marketSpec(market);
  if (!spec || matchIndex < 0 || matchIndex > 99) return null;
  const outcomeId = MARKET_OUTCOMES[spec.key].findIndex((o) => o.key === outcome);
  if (outcomeId < 0) return null;
  return { eventId: matchdayId * 100 + matchIndex, marketUid: spec.key, outcomeId };
}

export function virtualPickOf(selection: {
  brid: string | number;
  marketId: string | number;
  uid: string | number;
}): { matchdayId: number; matchIndex: number; market: string; outcome: string } | null {
  const eventId = Number(selection.brid);
  const spec = marketSpec(String(selection.marketId));
  const outcome = spec ? MARKET_OUTCOMES[spec.key][Number(selection.uid)] : undefined;
  if (!Number.isSafeInteger(eventId) || eventId < 100 || !spec || !outcome) return null;
  return {
    matchdayId: Math.floor(eventId / 100),
    matchIndex: eventId % 100,
    market: spec.key,
    outcome: outcome.key,
  };
}
