import { setTimeout as sleep } from 'node:timers/promises';
import type { PlaceBetRequest, PlaceBetResponse } from '@dau/contracts/betting/place-bet';
import { currency } from '@dau/domain/currency';
import { parseAmount } from '@dau/domain/amount-input';
import { formatMoney, type Cents } from '@dau/domain/money';
import { parseOdds, type Odds } from '@dau/domain/odds';
import { siteConfig, type SiteConfig, type SiteId } from '@dau/domain/sites';
import { DEFAULT_TAX_POLICIES, taxPolicyAt } from '@dau/domain/tax-policy';
import type { AppDeps, SessionUser } from '../../app-types';
import { AppError, type ErrorDetail } from '../../errors/app-error';
import { assertCanGamble } from '../accounts/responsible-gambling.service';
import type { MarketSelection } from '../feed/market-availability';
import { isInsufficientFunds } from '../wallet/ledger.service';
import { balancesOf, getBalances, pushBalances } from '../wallet/wallet.service';
import { DuplicatePlacement, type Booked, type SlipToBook } from './book-bets';
import { pushBetStatus } from './betting.pushes';
import { placementBatcher } from './placement-batcher';
import { LiveDelayDue, perEvent } from './slip-checks';
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
  let slip: SlipToBook;
  try {
    slip = slipToBook(deps, user, input);
  } catch (error) {
    // A break or self-exclusion is named before anything wrong with the slip (issue #8's order;
    // otherwise it is checked in the bet's transaction, ADR 202).
    await assertCanGamble(db, user.userId, deps.now());
    throw error;
  }
  const { stake, freebetStake } = slip;
  // Market state and odds are read once, in the transaction that books the stake — shared with
  // the slips that arrive meanwhile (ADR 202). A live slip's first look only finds its delay: it
  // rolls back, waits outside any transaction, looks again.
  const batcher = placementBatcher(deps);
  let booked: Booked | undefined;
  let delayed = false;
  while (!booked) {
    try {
      booked = await batcher.book({ ...slip, delayed });
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

  pushBalances(deps, user.userId, balancesOf(booked.placed.balances));
  // The header's notify flag was set by the statement that stored the bet.
  await pushBetStatus(deps, user.userId, String(booked.placed.betId), 'open', true, {
    openBetsCount: booked.placed.openBets,
    notifyStored: true,
  });
  return booked.response;
}

/**
 * The slip's own checks, needing no database (amounts, stake limits, shape, odds, one selection
 * per event), and what its transaction books; throws the first refusal.
 */
export function slipToBook(deps: AppDeps, user: SessionUser, input: PlaceBetRequest): SlipToBook {
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
  return { user, input, stake, freebetStake, requested, taxPolicy, delayed: false };
}
