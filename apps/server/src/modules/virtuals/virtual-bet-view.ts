import type { VirtualBet } from '@dau/contracts/virtuals/virtuals';
import { combinedOddsExact, type Odds } from '@dau/domain/odds';
import { outcomeDef } from '@dau/domain/virtuals/markets';
import { toUnits } from '../casino/games/engine-wallet';
import type { MatchdayRow, VirtualBetRow } from './virtuals.repository';

/** Exact odds product as decimal text with two or more decimals ('4.0420'). */
export function oddsText(legs: readonly Odds[]): string {
  const exact = combinedOddsExact(legs);
  const scale = 10n ** BigInt(2 * legs.length);
  const scaled = (exact.numerator * scale) / exact.denominator;
  const digits = scaled.toString().padStart(2 * legs.length + 1, '0');
  const cut = digits.length - 2 * legs.length;
  return `${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

/** A bet on the wire; legs show their result once the matchday has been settled. */
export function betView(
  bet: VirtualBetRow,
  matchday: Pick<MatchdayRow, 'id' | 'kickoff_at' | 'results' | 'phase'>,
): VirtualBet {
  const settled = bet.status !== 'open' && bet.status !== 'pending';
  const shown: VirtualBet['status'] =
    bet.status === 'pending' || bet.status === 'refused' ? 'open' : bet.status;
  return {
    betId: String(bet.id),
    matchdayId: matchday.id,
    betType: bet.bet_type,
    status: shown,
    stake: toUnits(bet.stake),
    potentialWin: toUnits(bet.potential_win),
    payout: toUnits(bet.payout),
    totalOdds: bet.total_odds,
    placedAt: bet.placed_at.toISOString(),
    kickoffAt: matchday.kickoff_at.toISOString(),
    settledAt: bet.settled_at ? bet.settled_at.toISOString() : null,
    legs: bet.legs.map((leg) => {
      const score =
        settled && matchday.phase === 'settled' ? matchday.results?.[leg.matchIndex] : undefined;
      return {
        matchIndex: leg.matchIndex,
        eventName: leg.eventName,
        market: leg.market,
        marketName: leg.marketName,
        outcome: leg.outcome,
        outcomeName: leg.outcomeName,
        odds: leg.odds / 100,
        result: score
          ? outcomeDef(leg.market, leg.outcome)?.wins(score[0], score[1])
            ? 'won'
            : 'lost'
          : 'open',
        score: score ? `${score[0]}:${score[1]}` : null,
      };
    }),
  };
}
