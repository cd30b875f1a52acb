import { setTimeout as sleep } from 'node:timers/promises';
import type {
  CashoutRequest,
  CashoutResponse,
  CashoutUnavailableReason,
} from '@dau/contracts/betting/cashout';
import { acceptsRepricedValue, splitCashoutStake } from '@dau/domain/cashout';
import { formatMoney, type Cents } from '@dau/domain/money';
import type { Odds } from '@dau/domain/odds';
import { payoutBreakdown } from '@dau/domain/payout';
import type { TaxPolicy } from '@dau/domain/tax-policy';
import type { AppDeps, SessionUser } from '../../app-types';
import type { DbOrTx } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { checkSelectionOpen } from '../feed/market-availability';
import { postTransaction, type LedgerEntryInput } from '../wallet/ledger.service';
import { publishBalances, toUnits } from '../wallet/wallet.service';
import { addStatusHistory, betSelections, lockBet } from './betting.repository';
import { pushBetStatus } from './betting.pushes';
import { announceBetsChanged } from './open-bets-index';
import type { BetSelectionRow } from './betting.tables';
import {
  betNotFound,
  betNotOpen,
  cashoutState,
  invalidPart,
  ownBet,
  parseMoney,
  priceCashout,
  siteOf,
} from './cashout.service';
import { legOutcome } from './bet-reconciliation';

/** Taking a cash-out (issue #21): the offer's pricing lives in cashout.service.ts. */

function unavailable(reason: CashoutUnavailableReason): AppError {
  return new AppError('CONFLICT', [
    {
      code: 'CASHOUT_UNAVAILABLE',
      message: `Cash-out is not available for this bet now (${reason}).`,
      name: reason,
    },
  ]);
}

/** How long to wait before taking a cash-out on live legs: the placement's live delay. */
async function liveDelay(deps: AppDeps, db: DbOrTx, legs: BetSelectionRow[]): Promise<number> {
  const open = legs.filter((l) => legOutcome(l) === null);
  const live: number[] = [];
  for (const leg of open) {
    const a = await checkSelectionOpen(
      db,
      {
        eventId: leg.event_id,
        marketId: leg.market_id,
        specifier: leg.specifier,
        outcomeId: leg.outcome_id,
      },
      deps.now(),
    );
    if (a.open && a.isLive) live.push(a.labels.sportId);
  }
  if (live.length === 0) return 0;
  const { liveDelayMs, liveDelayBySport } = deps.config.betting;
  return Math.max(...live.map((sport) => liveDelayBySport[sport] ?? liveDelayMs));
}

/**
 * POST /api/bets/:betId/cashout: cashes out all of the bet's running stake, or `stake` of it.
 * Re-prices inside the transaction that locks the bet row, refuses (409 CASHOUT_VALUE_CHANGED)
 * when the value moved in a way the bettor's setting does not accept, then pays through the
 * ledger once (`bet:{id}:cashout:{n}`, posted like a settlement payout) and records the
 * cash-out in the bet's history. Settlement skips a cashed-out bet; a partial cash-out leaves
 * the bet open with the remaining stake and its figures recomputed.
 */
export async function cashOut(
  deps: AppDeps,
  user: SessionUser,
  betId: number,
  input: CashoutRequest,
): Promise<CashoutResponse> {
  const { db } = deps;
  const first = await ownBet(db, user.userId, betId);
  if (first.status !== 'open') throw betNotOpen(first);
  const offered = parseMoney(input.value, 'value', first.site_id);
  const part = input.stake === undefined ? null : parseMoney(input.stake, 'stake', first.site_id);

  // Refuse at once what cannot be cashed out, then wait the live delay as placement does.
  const legs = await betSelections(db, [betId]);
  const before = priceCashout(await cashoutState(deps, db, first, legs));
  if (!before.available) throw unavailable(before.reason);
  const delay = await liveDelay(deps, db, legs);
  if (delay > 0) await sleep(delay);

  // A settlement running at the same time locks the system accounts for other bets of the
  // message before waiting for this bet's row, which this transaction holds: PostgreSQL then
  // aborts one of the two (deadlock). Retry ours; the retry sees the bet as settlement left it.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await takeCashout(deps, user, betId, input, offered, part);
    } catch (error) {
      if (attempt >= 3 || !isLockConflict(error)) throw error;
    }
  }
}

function isLockConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

async function takeCashout(
  deps: AppDeps,
  user: SessionUser,
  betId: number,
  input: CashoutRequest,
  offered: Cents,
  part: Cents | null,
): Promise<CashoutResponse> {
  const { db } = deps;
  const now = deps.now();
  const result = await db.transaction().execute(async (tx) => {
    const bet = await lockBet(tx, betId);
    if (!bet || bet.user_id !== user.userId) throw betNotFound();
    if (bet.status !== 'open') throw betNotOpen(bet);
    const policy = bet.tax_policy as TaxPolicy;
    const split =
      part === null
        ? { cashed: bet.stake as Cents, remaining: 0 as Cents }
        : splitCashoutStake(bet.stake as Cents, part, policy);
    if (!split) throw invalidPart(bet);
    const full = split.remaining === 0;
    const selections = await betSelections(tx, [betId]);
    const priced = priceCashout(await cashoutState(deps, tx, bet, selections), split.cashed);
    if (!priced.available) throw unavailable(priced.reason);
    const quote = priced.quote;
    if (!acceptsRepricedValue(offered, quote.value, input.acceptChanges)) {
      const site = siteOf(bet);
      throw new AppError('CONFLICT', [
        {
          code: 'CASHOUT_VALUE_CHANGED',
          message: `The cash-out value changed from ${formatMoney(offered, site)} to ${formatMoney(quote.value, site)}.`,
          name: String(toUnits(quote.value)),
        },
      ]);
    }

    // The running part keeps its own figures; the cashed part takes the rest of the pool.
    const remaining = full
      ? null
      : payoutBreakdown({
          stake: split.remaining,
          freebetStake: 0 as Cents,
          legs: selections.map((l) => l.odds as Odds),
          betType: bet.bet_type,
          policy,
          winBoostPercentage: Number(bet.win_boost_percentage),
          taxBoostPercentage: Number(bet.tax_boost_percentage),
        });
    const pool = bet.stake_after_excise - (remaining?.stakeAfterExcise ?? 0);
    const paid = quote.value as number;
    // As a settlement posts it: all the withholding to tax, the house funding the tax boost.
    const withholding = quote.withholdingTax as number;
    const house = pool - paid - withholding;
    const entries: LedgerEntryInput[] = [{ account: { system: 'bets_in_play' }, amount: -pool }];
    if (paid !== 0) entries.push({ account: { userId: bet.user_id, kind: 'cash' }, amount: paid });
    if (withholding !== 0) {
      entries.push({ account: { system: 'tax_payable' }, amount: withholding });
    }
    if (house !== 0) entries.push({ account: { system: 'house' }, amount: house });
    const previous = await tx
      .selectFrom('bet_cashouts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bet_id', '=', betId)
      .executeTakeFirstOrThrow();
    const seq = Number(previous.n) + 1;
    const posted = await postTransaction(tx, {
      kind: 'bet_cashout',
      idempotencyKey: `bet:${betId}:cashout:${seq}`,
      userId: bet.user_id,
      entries,
      meta: { betId, stake: split.cashed, full, offered },
    });
    if (posted.duplicate) throw betNotOpen({ ...bet, status: 'cashed_out' });
    await tx
      .insertInto('bet_cashouts')
      .values({
        bet_id: betId,
        seq,
        full,
        stake: split.cashed,
        stake_after_excise: pool,
        gross: quote.gross,
        withholding_tax: withholding,
        tax_boost_amount: quote.taxBoostAmount,
        value: paid,
        offered_value: offered,
        transaction_id: posted.transactionId,
        created_at: now,
      })
      .execute();
    if (remaining) {
      await tx
        .updateTable('bets')
        .set({
          stake: remaining.stake,
          excise: remaining.excise,
          stake_after_excise: remaining.stakeAfterExcise,
          win_boost_amount: remaining.winBoostAmount,
          gross_possible_win: remaining.grossPossibleWin,
          withholding_tax: remaining.withholdingTax,
          tax_boost_amount: remaining.taxBoostAmount,
          net_payout: remaining.netPayout,
          capped: remaining.capped,
          cashed_out_stake: bet.cashed_out_stake + split.cashed,
          cashed_out_payout: bet.cashed_out_payout + paid,
        })
        .where('id', '=', betId)
        .execute();
    } else {
      await tx
        .updateTable('bets')
        .set({
          status: 'cashed_out',
          settled_payout: bet.cashed_out_payout + paid,
          settled_withholding: withholding,
          settled_at: now,
          cashed_out_stake: bet.cashed_out_stake + split.cashed,
          cashed_out_payout: bet.cashed_out_payout + paid,
        })
        .where('id', '=', betId)
        .execute();
    }
    const site = siteOf(bet);
    await addStatusHistory(
      tx,
      betId,
      full ? 'cashed_out' : 'open',
      full
        ? `cashed out for ${formatMoney(quote.value, site)}`
        : `partly cashed out: ${formatMoney(split.cashed, site)} of the stake for ${formatMoney(quote.value, site)}`,
      null,
      now,
    );
    return {
      response: {
        betId: String(betId),
        status: full ? ('cashed_out' as const) : ('open' as const),
        paid: toUnits(paid),
        cashedStake: toUnits(split.cashed),
        remainingStake: toUnits(split.remaining),
        withholdingTax: toUnits(withholding),
      },
      userIds: posted.userIds,
    };
  });
  announceBetsChanged(deps.realtime, [betId]);
  await publishBalances(deps, result.userIds);
  await pushBetStatus(deps, user.userId, String(betId), result.response.status, true);
  return result.response;
}
