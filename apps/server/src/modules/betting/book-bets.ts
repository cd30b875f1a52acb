import type { PlaceBetRequest, PlaceBetResponse } from '@dau/contracts/betting/place-bet';
import { qualifiesForBoost } from '@dau/domain/boost-qualification';
import type { Cents } from '@dau/domain/money';
import type { Odds } from '@dau/domain/odds';
import { payoutBreakdown } from '@dau/domain/payout';
import type { TaxPolicy } from '@dau/domain/tax-policy';
import { taxBoostPercentage } from '@dau/domain/tax-boost';
import { winBoostPercentage } from '@dau/domain/win-boost';
import type { AppDeps, SessionUser } from '../../app-types';
import type { Tx } from '../../db/database';
import type { MarketSelection } from '../feed/market-availability';
import {
  insufficientFunds,
  ledgerPostings,
  type LedgerEntryInput,
  type PostTransactionInput,
} from '../wallet/ledger.service';
import { betFigures } from './bet-wire';
import type { NewSelection } from './betting.repository';
import type { IndexedBet } from './open-bets-index';
import { placeBetsWithStakes, type NewPlacedBet, type PlacedBet } from './placed-bet.repository';
import { checkSlips, liveDelayOf, LiveDelayDue, type CheckedSelection } from './slip-checks';

/** A slip that passed the checks needing no database, ready for its transaction. */
export interface SlipToBook {
  user: SessionUser;
  input: PlaceBetRequest;
  stake: Cents;
  freebetStake: Cents;
  requested: (MarketSelection & { requestedOdds: Odds })[];
  taxPolicy: TaxPolicy;
  /** The live delay was waited already: book without waiting again. */
  delayed: boolean;
}

export interface Booked {
  placed: PlacedBet;
  response: PlaceBetResponse;
  /** The bet as the open-bets index keeps it (announced after the commit, ADR 202). */
  indexed: IndexedBet;
}

/** The same key was placed already (found by the ledger): answer what the first answered. */
export class DuplicatePlacement extends Error {}

/** What a slip of a batch came to: booked, or refused on its own (the others went on). */
export type BookOutcome = { booked: Booked } | { refused: unknown };

interface Priced {
  index: number;
  slip: SlipToBook;
  legs: (CheckedSelection & { qualifies: boolean })[];
  breakdown: ReturnType<typeof payoutBreakdown>;
  posting: PostTransactionInput;
}

/**
 * Slips booked in one database transaction (ADR 202; one slip alone is a batch of one), in two
 * statements whatever their number (ADR 193): one reads the responsible-gambling limits of their
 * users and every leg of every slip (market state and odds, in the transaction that commits);
 * one call posts every stake (`ledger_post_many`: each refused on its own when a balance would
 * go below zero, a repeated key answered as a duplicate) and inserts every bet whose stake posted,
 * with its legs, stored answer and history. A slip refused at any step is left out of the steps
 * after it; the others go on. A live slip's first look only finds its delay (`LiveDelayDue`,
 * nothing booked).
 */
export async function bookBets(
  deps: AppDeps,
  tx: Tx,
  slips: readonly SlipToBook[],
): Promise<BookOutcome[]> {
  const outcomes: (BookOutcome | undefined)[] = slips.map(() => undefined);
  const now = deps.now();
  // Every slip's legs are read, also those of a user the limits refuse (the read is shared).
  const { checks, limited } = await checkSlips(
    tx,
    slips.map((s) => ({ selections: s.requested, policy: s.input.acceptOddsChanges })),
    slips.map((s) => s.user.userId),
    now,
  );
  const open: number[] = [];
  slips.forEach((slip, i) => {
    const refusal = limited.get(slip.user.userId);
    if (refusal) outcomes[i] = { refused: refusal };
    else open.push(i);
  });
  const priced: Priced[] = [];
  open.forEach((index) => {
    const slip = slips[index]!;
    const checked = checks[index]!;
    if (!Array.isArray(checked)) {
      outcomes[index] = { refused: checked };
      return;
    }
    const delay = slip.delayed ? 0 : liveDelayOf(deps, checked);
    if (delay > 0) {
      outcomes[index] = { refused: new LiveDelayDue(delay) };
      return;
    }
    priced.push(price(index, slip, checked));
  });

  // Stakes and bets in one call (ADR 193): a slip whose stake is refused stores no bet.
  const stored = priced.map((p) => betToStore(p, now));
  const results = await placeBetsWithStakes(
    tx,
    ledgerPostings(
      tx,
      priced.map((p) => p.posting),
    ),
    stored,
  );
  priced.forEach((p, k) => {
    const result = results[k]!;
    if (result.status !== 'ok') {
      const refused =
        result.status === 'insufficient' ? insufficientFunds() : new DuplicatePlacement();
      outcomes[p.index] = { refused };
      return;
    }
    const response = stored[k]!.response as PlaceBetResponse;
    response.betId = String(result.placed.betId);
    outcomes[p.index] = {
      booked: { placed: result.placed, response, indexed: indexed(p, result.placed.betId) },
    };
  });
  return outcomes.map((o) => o ?? { refused: new Error('a slip of the batch was not booked') });
}

/** A booked bet as the open-bets index reads it from the database. */
function indexed(p: Priced, betId: number): IndexedBet {
  const { slip, legs, breakdown } = p;
  return {
    bet: {
      id: betId,
      user_id: slip.user.userId,
      site_id: slip.user.siteId,
      status: 'open',
      stake: breakdown.stake,
      freebet_stake: breakdown.freebetStake,
      bet_type: slip.input.betType,
      tax_policy: slip.taxPolicy,
    },
    legs: legs.map((l, index) => ({
      bet_id: betId,
      leg_index: index,
      event_id: l.eventId,
      market_id: l.marketId,
      specifier: l.specifier,
      outcome_id: l.outcomeId,
      odds: l.odds,
      qualifies: l.qualifies,
      result: null,
      void_factor: null,
      dead_heat_factor: null,
      cancelled: false,
      sport_id: l.sportId,
    })),
  };
}

/** The slip's legs (boost qualification), payout and stake posting, from its checked legs. */
function price(index: number, slip: SlipToBook, checked: CheckedSelection[]): Priced {
  const { stake, freebetStake, taxPolicy, input, user } = slip;
  const legs = checked.map((s) => ({
    ...s,
    qualifies: qualifiesForBoost({ odds: s.odds, blocked: false, isLive: s.isLive }),
  }));
  const multiple = input.betType === 'multiple';
  const qualifying = legs.filter((l) => l.qualifies).length;
  // Wins above the maximum are capped (the betslip shows the max-win note), never refused.
  const breakdown = payoutBreakdown({
    stake,
    freebetStake,
    legs: legs.map((l) => l.odds),
    betType: input.betType,
    policy: taxPolicy,
    winBoostPercentage: multiple ? winBoostPercentage(qualifying) : 0,
    taxBoostPercentage: multiple ? taxBoostPercentage(qualifying) : 0,
  });
  const pool = breakdown.stakeAfterExcise + breakdown.freebetStake;
  const entries: LedgerEntryInput[] = [{ account: { system: 'bets_in_play' }, amount: pool }];
  if (stake > 0) entries.push({ account: { userId: user.userId, kind: 'cash' }, amount: -stake });
  if (breakdown.excise > 0) {
    entries.push({ account: { system: 'tax_payable' }, amount: breakdown.excise });
  }
  if (freebetStake > 0) {
    entries.push({ account: { userId: user.userId, kind: 'free_bet' }, amount: -freebetStake });
  }
  const posting: PostTransactionInput = {
    kind: 'bet_stake',
    idempotencyKey: `bet_stake:${user.userId}:${input.idempotencyKey}`,
    userId: user.userId,
    entries,
    meta: { excise: breakdown.excise, freebetStake },
  };
  return { index, slip, legs, breakdown, posting };
}

/** The bet's row, legs and stored answer (its `betId` filled in by the statement that stores it). */
function betToStore(p: Priced, placedAt: Date): NewPlacedBet {
  const { slip, legs, breakdown } = p;
  const { input, user, taxPolicy } = slip;
  const selections: NewSelection[] = legs.map((l) => ({
    eventId: l.eventId,
    marketId: l.marketId,
    specifier: l.specifier,
    outcomeId: l.outcomeId,
    odds: l.odds,
    requestedOdds: l.requestedOdds,
    isLive: l.isLive,
    qualifies: l.qualifies,
    eventName: l.eventName,
    marketName: l.marketName,
    outcomeName: l.outcomeName,
  }));
  const bet = {
    user_id: user.userId,
    site_id: user.siteId,
    bet_type: input.betType,
    status: 'open' as const,
    idempotency_key: input.idempotencyKey,
    accept_odds_changes: input.acceptOddsChanges,
    stake: breakdown.stake,
    freebet_stake: breakdown.freebetStake,
    excise: breakdown.excise,
    stake_after_excise: breakdown.stakeAfterExcise,
    total_odds: breakdown.totalOddsText,
    win_boost_percentage: breakdown.winBoostPercentage,
    win_boost_amount: breakdown.winBoostAmount,
    gross_possible_win: breakdown.grossPossibleWin,
    withholding_tax: breakdown.withholdingTax,
    tax_boost_percentage: breakdown.taxBoostPercentage,
    tax_boost_amount: breakdown.taxBoostAmount,
    net_payout: breakdown.netPayout,
    capped: breakdown.capped,
    tax_policy: JSON.stringify(taxPolicy),
    placed_at: placedAt,
  };
  const response: PlaceBetResponse = {
    hasErrors: false,
    betId: '',
    betType: input.betType,
    status: 'open',
    placedAt: placedAt.toISOString(),
    figures: betFigures({
      ...bet,
      win_boost_percentage: String(breakdown.winBoostPercentage),
      tax_boost_percentage: String(breakdown.taxBoostPercentage),
    }),
    selections: selections.map((s) => ({
      eventId: s.eventId,
      marketId: s.marketId,
      specifier: s.specifier,
      outcomeId: s.outcomeId,
      odds: s.odds / 100,
      requestedOdds: s.requestedOdds / 100,
      isLive: s.isLive,
      eventName: s.eventName,
      marketName: s.marketName,
      outcomeName: s.outcomeName,
    })),
  };
  return { bet, selections, response, reason: 'placed' };
}
