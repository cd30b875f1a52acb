import { setTimeout as sleep } from 'node:timers/promises';
import type { PlaceBetRequest, PlaceBetResponse } from '@dau/contracts/betting/place-bet';
import { qualifiesForBoost } from '@dau/domain/boost-qualification';
import { currency } from '@dau/domain/currency';
import { parseAmount } from '@dau/domain/amount-input';
import { formatMoney, type Cents } from '@dau/domain/money';
import { formatOdds, oddsToDecimal, parseOdds, type Odds } from '@dau/domain/odds';
import { oddsAcceptable, type AcceptOddsChanges } from '@dau/domain/odds-acceptance';
import { payoutBreakdown } from '@dau/domain/payout';
import { siteConfig, type SiteConfig, type SiteId } from '@dau/domain/sites';
import { DEFAULT_TAX_POLICIES, taxPolicyAt } from '@dau/domain/tax-policy';
import { taxBoostPercentage } from '@dau/domain/tax-boost';
import { winBoostPercentage } from '@dau/domain/win-boost';
import type { AppDeps, SessionUser } from '../../app-types';
import type { DbOrTx } from '../../db/database';
import { AppError, type ErrorDetail } from '../../errors/app-error';
import { assertCanGamble } from '../accounts/responsible-gambling.service';
import { checkSelectionOpen, type MarketSelection } from '../feed/market-availability';
import {
  insufficientFunds,
  isInsufficientFunds,
  postTransaction,
  type LedgerEntryInput,
} from '../wallet/ledger.service';
import { getBalances, publishBalances } from '../wallet/wallet.service';
import { betFigures } from './bet-wire';
import {
  addStatusHistory,
  insertBet,
  setBetResponse,
  type NewSelection,
} from './betting.repository';
import { pushBetStatus } from './betting.pushes';
import { announceBetsChanged } from './open-bets-index';
import { answerForKnownKey, insufficientFreeBet } from './known-key';

interface CheckedSelection extends MarketSelection {
  requestedOdds: Odds;
  odds: Odds;
  isLive: boolean;
  sportId: number;
  eventName: string;
  marketName: string;
  outcomeName: string;
}

const perEvent = (eventId: number, code: string, message: string): ErrorDetail => ({
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

/**
 * Market active, producer up and odds acceptable for every leg, answered from the database (in
 * the bet's transaction when given one). Every refused leg is reported, not only the first.
 */
async function checkSelections(
  db: DbOrTx,
  selections: (MarketSelection & { requestedOdds: Odds })[],
  policy: AcceptOddsChanges,
): Promise<CheckedSelection[]> {
  const errors: ErrorDetail[] = [];
  const checked: CheckedSelection[] = [];
  for (const s of selections) {
    const availability = await checkSelectionOpen(db, s);
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
  if (errors.length > 0) throw new AppError('CONFLICT', errors);
  return checked;
}

function stakeLimits(deps: AppDeps, siteId: SiteId) {
  const limits = deps.config.limits[siteId];
  return { min: limits.stakeMin, max: limits.stakeMax };
}

/** A stake in the site's currency: whole shillings in Uganda and Tanzania, cents elsewhere. */
function parseStake(value: number, field: string, site: SiteConfig): Cents {
  const parsed = parseAmount(value, site.currencyCode);
  if (!parsed.ok) {
    throw new AppError('VALIDATION_FAILED', [
      {
        code: 'INVALID_AMOUNT',
        message:
          currency(site.currencyCode).exponent === 0
            ? `${site.currencySymbol} stakes are whole numbers: enter an amount without decimals.`
            : 'Enter an amount with at most two decimals.',
        name: field,
      },
    ]);
  }
  return parsed.cents as Cents;
}

class DuplicatePlacement extends Error {}

/**
 * Places a bet for the session's user. The pipeline runs in the order of issue #8; every refusal
 * is an AppError whose details name the event (per-event) or the field (per-slip). A repeated
 * idempotency key answers the first result, or 409 when the slip differs; a refusal met while
 * the same key was being placed concurrently answers the same way, so PGlite (one connection)
 * and PostgreSQL (racing connections) agree.
 */
export async function placeBet(
  deps: AppDeps,
  user: SessionUser,
  site: SiteConfig,
  input: PlaceBetRequest,
): Promise<PlaceBetResponse> {
  const known = await answerForKnownKey(deps.db, user, input);
  if (known) return known;
  try {
    return await placeNewBet(deps, user, site, input);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const placedMeanwhile = await answerForKnownKey(deps.db, user, input);
    if (placedMeanwhile) return placedMeanwhile;
    throw error;
  }
}

async function placeNewBet(
  deps: AppDeps,
  user: SessionUser,
  site: SiteConfig,
  input: PlaceBetRequest,
): Promise<PlaceBetResponse> {
  const { db } = deps;
  if (input.siteId !== user.siteId) {
    throw new AppError('BAD_REQUEST', [
      { code: 'WRONG_SITE', message: 'This bet is for another site.', name: 'siteId' },
    ]);
  }
  await assertCanGamble(db, user.userId, deps.now());

  // Amounts are in the user's own site currency (the request's host may serve another site).
  const money = siteConfig(user.siteId as SiteId);
  const stake = parseStake(input.stake, 'stake', money);
  const freebetStake = parseStake(input.freebetStake, 'freebetStake', money);
  const limits = stakeLimits(deps, user.siteId as SiteId);
  const total = stake + freebetStake;
  if (total < limits.min) {
    throw new AppError('BAD_REQUEST', [
      {
        code: 'STAKE_TOO_LOW',
        message: `The minimum stake is ${formatMoney(limits.min, money)}.`,
        name: 'stake',
      },
    ]);
  }
  if (total > limits.max) {
    throw new AppError('BAD_REQUEST', [
      {
        code: 'STAKE_TOO_HIGH',
        message: `The maximum stake is ${formatMoney(limits.max, money)}.`,
        name: 'stake',
      },
    ]);
  }

  if (input.betType === 'single' && input.selections.length !== 1) {
    throw new AppError('BAD_REQUEST', [
      { code: 'SINGLE_NEEDS_ONE', message: 'A single bet has exactly one selection.' },
    ]);
  }
  if (input.betType === 'multiple' && input.selections.length < 2) {
    throw new AppError('BAD_REQUEST', [
      { code: 'MULTIPLE_NEEDS_TWO', message: 'A multiple needs at least two selections.' },
    ]);
  }
  const seen = new Set<number>();
  const duplicates: ErrorDetail[] = [];
  const requested: (MarketSelection & { requestedOdds: Odds })[] = [];
  for (const s of input.selections) {
    if (seen.has(s.eventId)) {
      duplicates.push(
        perEvent(s.eventId, 'SAME_EVENT', 'Only one selection per event can be combined.'),
      );
    }
    seen.add(s.eventId);
    const requestedOdds = parseOdds(s.odds);
    if (requestedOdds === null || requestedOdds <= 100) {
      throw new AppError('VALIDATION_FAILED', [
        perEvent(s.eventId, 'INVALID_ODDS', 'Odds must be above 1 with at most two decimals.'),
      ]);
    }
    requested.push({
      eventId: s.eventId,
      marketId: s.marketId,
      specifier: s.specifier,
      outcomeId: s.outcomeId,
      requestedOdds,
    });
  }
  if (duplicates.length > 0) throw new AppError('CONFLICT', duplicates);

  const policy = input.acceptOddsChanges;
  let checked = await checkSelections(db, requested, policy);

  // Live prices move fast: the delay stops bets on outcomes the bettor saw happen first.
  const live = checked.filter((s) => s.isLive);
  if (live.length > 0) {
    const { liveDelayMs, liveDelayBySport } = deps.config.betting;
    const delay = Math.max(...live.map((s) => liveDelayBySport[s.sportId] ?? liveDelayMs));
    if (delay > 0) await sleep(delay);
    checked = await checkSelections(db, requested, policy);
  }

  const taxPolicy = taxPolicyAt(DEFAULT_TAX_POLICIES, user.siteId as SiteId, deps.now());
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

  const balances = await getBalances(db, user.userId);
  if (balances.cash < stake) throw insufficientFunds();
  if (balances.freeBet < freebetStake) throw insufficientFreeBet();

  const placedAt = deps.now();
  let result: { betId: number; response: PlaceBetResponse; userIds: number[] };
  try {
    result = await db.transaction().execute(async (tx) => {
      // Last look inside the transaction: odds and market state exactly as the bet records them.
      const final = await checkSelections(tx, requested, policy);
      for (const [i, leg] of final.entries()) {
        if (leg.odds !== legs[i]?.odds) {
          throw new AppError('CONFLICT', [oddsChanged(leg.eventId, leg.requestedOdds, leg.odds)]);
        }
      }
      const pool = breakdown.stakeAfterExcise + breakdown.freebetStake;
      const entries: LedgerEntryInput[] = [{ account: { system: 'bets_in_play' }, amount: pool }];
      if (stake > 0)
        entries.push({ account: { userId: user.userId, kind: 'cash' }, amount: -stake });
      if (breakdown.excise > 0) {
        entries.push({ account: { system: 'tax_payable' }, amount: breakdown.excise });
      }
      if (freebetStake > 0) {
        entries.push({ account: { userId: user.userId, kind: 'free_bet' }, amount: -freebetStake });
      }
      const posted = await postTransaction(tx, {
        kind: 'bet_stake',
        idempotencyKey: `bet_stake:${user.userId}:${input.idempotencyKey}`,
        userId: user.userId,
        entries,
        meta: { excise: breakdown.excise, freebetStake },
      });
      if (posted.duplicate) throw new DuplicatePlacement();

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
        accept_odds_changes: policy,
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
        stake_transaction_id: posted.transactionId,
        placed_at: placedAt,
        response: '{}',
      };
      const betId = await insertBet(tx, bet, selections);
      const response: PlaceBetResponse = {
        hasErrors: false,
        betId: String(betId),
        betType: input.betType,
        status: 'open',
        placedAt: placedAt.toISOString(),
        figures: betFigures({
          ...bet,
          id: betId,
          win_boost_percentage: String(breakdown.winBoostPercentage),
          tax_boost_percentage: String(breakdown.taxBoostPercentage),
          tax_policy: taxPolicy,
          settled_payout: 0,
          settled_withholding: 0,
          settlement_count: 0,
          settled_at: null,
          response: null,
          cashed_out_stake: 0,
          cashed_out_payout: 0,
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
      await setBetResponse(tx, betId, response);
      await addStatusHistory(tx, betId, 'open', 'placed', null, placedAt);
      return { betId, response, userIds: posted.userIds };
    });
  } catch (error) {
    // The balance moved since the check above: name the balance that is short, as the check
    // would have.
    if (isInsufficientFunds(error) && freebetStake > 0) {
      if ((await getBalances(db, user.userId)).freeBet < freebetStake) throw insufficientFreeBet();
    }
    if (!(error instanceof DuplicatePlacement)) throw error;
    // The same key was placed concurrently and committed first: answer what it answered.
    const first = await answerForKnownKey(db, user, input);
    if (!first) throw new AppError('CONFLICT', 'This bet is already being placed.');
    return first;
  }

  announceBetsChanged(deps.realtime, [result.betId]);
  await publishBalances(deps, result.userIds);
  await pushBetStatus(deps, user.userId, String(result.betId), 'open', true);
  return result.response;
}
