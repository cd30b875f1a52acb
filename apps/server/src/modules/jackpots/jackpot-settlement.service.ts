import { settlementLostMessage, settlementWonMessage } from '@dau/domain/messages';
import type { Cents } from '@dau/domain/money';
import { isSiteId, siteConfig } from '@dau/domain/sites';
import {
  matchResultOf,
  settleRound,
  type JackpotMatchResult,
  type JackpotPick,
  type MatchSettlementEvent,
  type PrizeTier,
} from '@dau/domain/sports-jackpot';
import type { TaxPolicy } from '@dau/domain/tax-policy';
import type { AppDeps } from '../../app-types';
import type { SettlementMessage } from '../feed/feed-messages';
import { settlementHistory } from '../feed/settlement-outbox';
import { lockAccounts, postTransaction, type LedgerEntryInput } from '../wallet/ledger.service';
import { publishBalances, toUnits } from '../wallet/wallet.service';
import { ticketRef } from './jackpot-view';
import {
  finishRound,
  linesOf,
  matchesOf,
  roundById,
  roundsAwaitingResults,
  setLineResult,
  setMatchResult,
  setTicketResult,
  ticketsOfRound,
} from './jackpots.repository';

const has1x2 = (message: SettlementMessage) =>
  message.markets.some((m) => m.marketId === 1 && m.specifier === '');

/** The 1X2 market's part of a feed settlement message, as the domain reads it. */
function oneXTwoEvent(message: SettlementMessage): MatchSettlementEvent | null {
  switch (message.type) {
    case 'bet_settlement': {
      const market = message.markets.find((m) => m.marketId === 1 && m.specifier === '');
      if (!market) return null;
      const outcomes = market.outcomes;
      const winner = outcomes.find((o) => o.result === 1 && (o.voidFactor ?? 0) < 1);
      return {
        type: 'settled',
        winningOutcomeId: winner?.outcomeId ?? null,
        voided: !winner && outcomes.some((o) => (o.voidFactor ?? 0) >= 1),
      };
    }
    case 'rollback_bet_settlement':
      return has1x2(message) ? { type: 'rollback' } : null;
    case 'bet_cancel':
      return has1x2(message) ? { type: 'cancelled' } : null;
    case 'rollback_bet_cancel':
      return has1x2(message) ? { type: 'rollback_cancel' } : null;
  }
}

interface Notice {
  userId: number;
  siteId: number;
  ticketId: number;
  status: 0 | 1 | 2;
  payout: number;
}

export interface SettlementTick {
  settled: number[];
  voided: number[];
}

/**
 * Settles sports jackpot rounds from the feed's settlement of their matches (ADR 226): reads
 * the 1X2 results of every round past its close, records them on its matches and, once all are
 * known, settles the round exactly once (its row locked for update, tickets and the ledger in
 * the same transaction, every ledger movement keyed by ticket or round).
 */
export class JackpotSettlementService {
  constructor(private readonly deps: AppDeps) {}

  async tick(): Promise<SettlementTick> {
    const out: SettlementTick = { settled: [], voided: [] };
    const rounds = await roundsAwaitingResults(this.deps.db, this.deps.now());
    for (const round of rounds) {
      const matches = await matchesOf(this.deps.db, [round.id]);
      const history = await settlementHistory(
        this.deps.db,
        matches.map((m) => m.event_id),
      );
      let complete = true;
      for (const match of matches) {
        const events = history
          .filter((h) => h.eventId === match.event_id)
          .map((h) => oneXTwoEvent(h.message))
          .filter((e): e is MatchSettlementEvent => e !== null);
        const result = matchResultOf(events);
        if (result !== match.result) {
          await setMatchResult(this.deps.db, round.id, match.position, result);
        }
        if (result === null) complete = false;
      }
      if (!complete) continue;
      const status = await this.settle(round.id);
      if (status === 'settled') out.settled.push(round.id);
      if (status === 'void') out.voided.push(round.id);
    }
    return out;
  }

  /** Settles one round whose matches all have results; null when it was not (or already) done. */
  async settle(roundId: number): Promise<'settled' | 'void' | null> {
    const notices: Notice[] = [];
    const userIds = new Set<number>();
    const now = this.deps.now();
    const status = await this.deps.db.transaction().execute(async (tx) => {
      const round = await roundById(tx, roundId, 'update');
      if (!round || (round.status !== 'open' && round.status !== 'closed')) return null;
      const matches = await matchesOf(tx, [roundId]);
      const results: JackpotMatchResult[] = matches.map((m) => m.result);
      const tickets = await ticketsOfRound(tx, roundId);
      const lines = await linesOf(
        tx,
        tickets.map((t) => t.id),
      );
      const linesByTicket = new Map<number, JackpotPick[][]>();
      for (const l of lines) {
        linesByTicket.set(l.ticket_id, [
          ...(linesByTicket.get(l.ticket_id) ?? []),
          l.picks.split('') as JackpotPick[],
        ]);
      }
      const netStakes = tickets.reduce((sum, t) => sum + t.net_stake, 0) as Cents;
      // One policy for the round's withholding: the one its first ticket was sold under.
      const policy = (tickets[0]?.tax_policy ?? null) as TaxPolicy | null;
      const settlement = settleRound({
        results,
        tiers: round.tiers as PrizeTier[],
        netStakes,
        tickets: tickets.map((t) => ({
          ticketId: t.id,
          netStake: t.net_stake as Cents,
          lines: linesByTicket.get(t.id) ?? [],
        })),
        policy: policy ?? {
          id: 'none',
          siteId: 2,
          effectiveFrom: '2000-01-01',
          stakeSide: { rateBps: 0, base: 'stake', method: 'deducted' },
          winningsSide: { rateBps: 0, base: 'net-winnings' },
          maxWinning: 0 as Cents,
        },
      });
      if (settlement.status === 'pending') return null;
      // Every account the postings below move, locked before the first in the ledger's one
      // order (the house's, then users' by id), as a placement batch takes its own (ADR 202).
      const paid = new Set(
        settlement.status === 'void'
          ? tickets.map((t) => t.id)
          : settlement.tickets.filter((o) => o.gross > 0).map((o) => o.ticketId),
      );
      await lockAccounts(tx, [
        { system: 'sports_jackpot_pool' },
        { system: 'tax_payable' },
        { system: 'house' },
        ...tickets
          .filter((t) => paid.has(t.id))
          .map((t) => ({ userId: t.user_id, kind: 'cash' as const })),
      ]);

      if (settlement.status === 'void') {
        for (const t of tickets) {
          const entries: LedgerEntryInput[] = [
            { account: { userId: t.user_id, kind: 'cash' }, amount: t.price },
          ];
          if (t.net_stake > 0) {
            entries.push({ account: { system: 'sports_jackpot_pool' }, amount: -t.net_stake });
          }
          if (t.excise > 0) entries.push({ account: { system: 'tax_payable' }, amount: -t.excise });
          await postTransaction(tx, {
            kind: 'jackpot_refund',
            idempotencyKey: `sports_jackpot:ticket:${t.id}:refund`,
            userId: t.user_id,
            entries,
            meta: { roundId, ticketId: t.id },
          });
          await setTicketResult(tx, t.id, {
            status: 'void',
            gross: 0,
            withholding: 0,
            payout: t.price,
            at: now,
          });
          userIds.add(t.user_id);
          notices.push({
            userId: t.user_id,
            siteId: round.site_id,
            ticketId: t.id,
            status: 0,
            payout: t.price,
          });
        }
        await finishRound(tx, roundId, 'void', null, now);
        return 'void' as const;
      }

      // The house first settles its side of the pool: it keeps what was not won, or tops up
      // a guarantee the stakes did not cover; the pool then holds exactly the prizes.
      if (settlement.houseResult !== 0) {
        await postTransaction(tx, {
          kind: 'jackpot_round_close',
          idempotencyKey: `sports_jackpot:round:${roundId}:close`,
          userId: null,
          entries: [
            { account: { system: 'sports_jackpot_pool' }, amount: -settlement.houseResult },
            { account: { system: 'house' }, amount: settlement.houseResult },
          ],
          meta: { roundId, netStakes, paid: settlement.paid },
        });
      }
      for (const outcome of settlement.tickets) {
        const ticket = tickets.find((t) => t.id === outcome.ticketId);
        if (!ticket) continue;
        if (outcome.gross > 0) {
          const entries: LedgerEntryInput[] = [
            { account: { system: 'sports_jackpot_pool' }, amount: -outcome.gross },
            { account: { userId: ticket.user_id, kind: 'cash' }, amount: outcome.netPayout },
          ];
          if (outcome.withholding > 0) {
            entries.push({ account: { system: 'tax_payable' }, amount: outcome.withholding });
          }
          await postTransaction(tx, {
            kind: 'jackpot_win',
            idempotencyKey: `sports_jackpot:ticket:${ticket.id}:win`,
            userId: ticket.user_id,
            entries,
            meta: { roundId, ticketId: ticket.id, gross: outcome.gross },
          });
          userIds.add(ticket.user_id);
        }
        for (const [lineNo, hits] of outcome.hits.entries()) {
          await setLineResult(tx, ticket.id, lineNo, hits, outcome.prizes[lineNo] ?? 0);
        }
        const won = outcome.gross > 0;
        await setTicketResult(tx, ticket.id, {
          status: won ? 'won' : 'lost',
          gross: outcome.gross,
          withholding: outcome.withholding,
          payout: outcome.netPayout,
          at: now,
        });
        notices.push({
          userId: ticket.user_id,
          siteId: round.site_id,
          ticketId: ticket.id,
          status: won ? 1 : 2,
          payout: outcome.netPayout,
        });
      }
      await finishRound(
        tx,
        roundId,
        'settled',
        settlement.tiers.map((t) => ({
          hits: t.hits,
          prize: t.prize,
          winners: t.winners,
          share: t.share,
          paid: t.paid,
        })),
        now,
      );
      return 'settled' as const;
    });
    if (status === null) return null;
    await publishBalances(this.deps, userIds);
    for (const n of notices) {
      const site = siteConfig(isSiteId(n.siteId) ? n.siteId : 2);
      const ref = ticketRef(n.ticketId);
      // Spec doc 2 §8 texts; a void ticket (price refunded) is status 0: no notification text.
      this.deps.realtime.toUser(n.userId, 'BetSettlement_v2', {
        betId: ref,
        status: n.status,
        amount: toUnits(n.payout),
        message:
          n.status === 1
            ? settlementWonMessage(ref, n.payout as Cents, site)
            : n.status === 2
              ? settlementLostMessage(ref)
              : '',
      });
    }
    return status;
  }
}
