import { setTimeout as sleep } from 'node:timers/promises';
import type { PlaceBetRequest, PlaceBetResponse } from '@dau/contracts/betting/place-bet';
import { qualifiesForBoost } from '@dau/domain/boost-qualification';
import { currency } from '@dau/domain/currency';
import { parseAmount } from '@dau/domain/amount-input';
import { formatMoney, type Cents } from '@dau/domain/money';
import { parseOdds, type Odds } from '@dau/domain/odds';
import { payoutBreakdown } from '@dau/domain/payout';
import { siteConfig, type SiteConfig, type SiteId } from '@dau/domain/sites';
import { DEFAULT_TAX_POLICIES, taxPolicyAt, type TaxPolicy } from '@dau/domain/tax-policy';
import { taxBoostPercentage } from '@dau/domain/tax-boost';
import { winBoostPercentage } from '@dau/domain/win-boost';
import type { AppDeps, SessionUser } from '../../app-types';
import type { Tx } from '../../db/database';
import { AppError, type ErrorDetail } from '../../errors/app-error';
import { assertCanGamble } from '../accounts/responsible-gambling.service';
import type { MarketSelection } from '../feed/market-availability';
import {
  isInsufficientFunds,
  postTransaction,
  type LedgerEntryInput,
} from '../wallet/ledger.service';
import { balancesOf, getBalances, pushBalances } from '../wallet/wallet.service';
import { betFigures } from './bet-wire';
import type { NewSelection } from './betting.repository';
import { pushBetStatus } from './betting.pushes';
import { announceBetsChanged } from './open-bets-index';
import { insertPlacedBet, type PlacedBet } from './placed-bet.repository';
import { checkSelections, liveDelayOf, LiveDelayDue, perEvent } from './slip-checks';
import { answerForKnownKey, insufficientFreeBet } from './known-key';

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
 * idempotency key answers the first result, or 409 when the slip differs: a new key costs no
 * lookup, a repeated one is found by the ledger (its stake posting's key exists) or, when the
 * repeat is refused first (a market closed since, a break started), by the lookup after the
 * refusal — so a refusal met while the same key was being placed concurrently answers the same
 * way, and PGlite (one connection) and PostgreSQL (racing connections) agree.
 */
export async function placeBet(
  deps: AppDeps,
  user: SessionUser,
  site: SiteConfig,
  input: PlaceBetRequest,
): Promise<PlaceBetResponse> {
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

  const taxPolicy = taxPolicyAt(DEFAULT_TAX_POLICIES, user.siteId as SiteId, deps.now());
  const slip = { stake, freebetStake, requested, taxPolicy };
  // Market state and odds are read once, in the transaction that books the stake. A live slip's
  // first look only finds its delay: it rolls back, waits outside any transaction, looks again.
  let booked: Booked | undefined;
  let delayed = false;
  while (!booked) {
    try {
      const waited = delayed;
      booked = await db.transaction().execute((tx) => bookBet(deps, tx, user, input, slip, waited));
    } catch (error) {
      if (error instanceof LiveDelayDue) {
        // A repeated live slip answers at once instead of waiting the delay again.
        const known = await answerForKnownKey(db, user, input);
        if (known) return known;
        delayed = true;
        await sleep(error.ms);
        continue;
      }
      // The ledger refused a balance: name the free-bet balance when it is the short one (the
      // cash balance is named first, as a slip short of both is refused for its cash).
      if (isInsufficientFunds(error) && freebetStake > 0) {
        const now = await getBalances(db, user.userId);
        if (now.cash >= stake && now.freeBet < freebetStake) throw insufficientFreeBet();
      }
      if (!(error instanceof DuplicatePlacement)) throw error;
      // The same key was placed concurrently and committed first: answer what it answered.
      const first = await answerForKnownKey(db, user, input);
      if (!first) throw new AppError('CONFLICT', 'This bet is already being placed.');
      return first;
    }
  }

  announceBetsChanged(deps.realtime, [booked.placed.betId]);
  pushBalances(deps, user.userId, balancesOf(booked.placed.balances));
  await pushBetStatus(deps, user.userId, String(booked.placed.betId), 'open', true, {
    openBetsCount: booked.placed.openBets,
  });
  return booked.response;
}

interface Booked {
  placed: PlacedBet;
  response: PlaceBetResponse;
}

/**
 * The bet's transaction: the legs checked (one query), the stake posted (`ledger_post`; the
 * user's balance is checked there, under the account's lock), and the bet with its legs, stored
 * answer and first history row inserted (one statement).
 */
async function bookBet(
  deps: AppDeps,
  tx: Tx,
  user: SessionUser,
  input: PlaceBetRequest,
  slip: {
    stake: Cents;
    freebetStake: Cents;
    requested: (MarketSelection & { requestedOdds: Odds })[];
    taxPolicy: TaxPolicy;
  },
  delayed: boolean,
): Promise<Booked> {
  const { stake, freebetStake, taxPolicy } = slip;
  const policy = input.acceptOddsChanges;
  const checked = await checkSelections(tx, slip.requested, policy);
  const delay = delayed ? 0 : liveDelayOf(deps, checked);
  if (delay > 0) throw new LiveDelayDue(delay);

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

  const placedAt = deps.now();
  const pool = breakdown.stakeAfterExcise + breakdown.freebetStake;
  const entries: LedgerEntryInput[] = [{ account: { system: 'bets_in_play' }, amount: pool }];
  if (stake > 0) entries.push({ account: { userId: user.userId, kind: 'cash' }, amount: -stake });
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
  };
  const response: PlaceBetResponse = {
    hasErrors: false,
    // The statement that inserts the bet draws its id and fills it in (stored answer and here).
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
  const placed = await insertPlacedBet(tx, bet, selections, response, {
    reason: 'placed',
    at: placedAt,
  });
  response.betId = String(placed.betId);
  return { placed, response };
}
