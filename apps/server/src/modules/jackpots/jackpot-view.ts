import type { JackpotRound, JackpotTicket } from '@dau/contracts/jackpots/jackpots';
import type { Cents } from '@dau/domain/money';
import { isSiteId, siteConfig } from '@dau/domain/sites';
import { MAX_LINES_PER_TICKET, tierPrize, type JackpotPick } from '@dau/domain/sports-jackpot';
import { toUnits } from '../wallet/wallet.service';
import type { LineRow, MatchRow, RoundRow, TicketRow } from './jackpots.repository';

export const ticketRef = (id: number) => `JP${id}`;

export function roundView(round: RoundRow, matches: MatchRow[], netStakes: number): JackpotRound {
  const site = siteConfig(isSiteId(round.site_id) ? round.site_id : 2);
  const tiers = round.tiers.map((tier, i) => {
    const settled = round.outcome?.[i];
    const prize = settled
      ? settled.prize
      : tierPrize(
          { hits: tier.hits, guaranteed: tier.guaranteed as Cents, shareBps: tier.shareBps },
          netStakes as Cents,
        );
    return {
      hits: tier.hits,
      prize: toUnits(prize),
      winners: settled ? settled.winners : null,
      share: settled ? toUnits(settled.share) : null,
    };
  });
  return {
    id: round.id,
    name: round.name,
    status: round.status,
    matchCount: round.match_count,
    stakePerLine: toUnits(round.stake_per_line),
    currency: site.currencyCode,
    closesAt: round.closes_at.toISOString(),
    settledAt: round.settled_at?.toISOString() ?? null,
    jackpot: tiers[0]?.prize ?? 0,
    tiers,
    matches: matches
      .filter((m) => m.round_id === round.id)
      .map((m) => ({
        number: m.position + 1,
        eventId: m.event_id,
        home: m.home,
        away: m.away,
        tournament: m.tournament,
        kickoffAt: new Date(m.kickoff_at).toISOString(),
        result: m.result,
      })),
    maxLines: MAX_LINES_PER_TICKET,
  };
}

export function ticketView(ticket: TicketRow, round: RoundRow, lines: LineRow[]): JackpotTicket {
  return {
    ticketId: ticketRef(ticket.id),
    roundId: round.id,
    roundName: round.name,
    roundStatus: round.status,
    status: ticket.status,
    lineCount: ticket.line_count,
    stakePerLine: toUnits(ticket.stake_per_line),
    price: toUnits(ticket.price),
    excise: toUnits(ticket.excise),
    gross: toUnits(ticket.gross),
    withholding: toUnits(ticket.withholding),
    payout: toUnits(ticket.payout),
    placedAt: new Date(ticket.placed_at).toISOString(),
    settledAt: ticket.settled_at ? new Date(ticket.settled_at).toISOString() : null,
    closesAt: round.closes_at.toISOString(),
    lines: lines
      .filter((l) => l.ticket_id === ticket.id)
      .map((l) => ({
        picks: l.picks.split('') as JackpotPick[],
        hits: l.hits,
        prize: toUnits(l.prize),
      })),
  };
}
