import type { Cents } from '@dau/domain/money';
import { ratio, type Odds, type Ratio } from '@dau/domain/odds';
import { legFactor, settleBet, type LegOutcome } from '@dau/domain/settlement';
import type { TaxPolicy } from '@dau/domain/tax-policy';
import type { AppDeps } from '../../app-types';
import type { Tx } from '../../db/database';
import type { SettlementMessage } from '../feed/feed-messages';
import {
  ackSettlementMessage,
  claimSettlementMessages,
  releaseSettlementMessage,
} from '../feed/settlement-outbox';
import {
  lockAccounts,
  postTransaction,
  type AccountRef,
  type LedgerEntryInput,
} from '../wallet/ledger.service';
import { getBalances } from '../wallet/wallet.service';
import {
  addStatusHistory,
  betSelections,
  clearMarketResults,
  eventScore,
  lockBet,
  setMarketCancelled,
  setOutcomeResult,
  updateBetSettlement,
} from './betting.repository';
import { announceBetsChanged } from './open-bets-index';
import { afterCommit, type Notice } from './settlement-notices';
import type { BetRow, BetSelectionRow, BetStatus } from './betting.tables';

/** A decimal factor from the feed (e.g. 0.5) as an exact ratio. */
function decimalRatio(text: string): Ratio {
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = fraction.replace(/0+$/, '');
  return ratio(BigInt(whole + digits), 10n ** BigInt(digits.length));
}

function voidFactorOf(value: string | null): 0 | 0.5 | 1 {
  const n = Number(value ?? 0);
  if (n === 1) return 1;
  if (n === 0.5) return 0.5;
  return 0;
}

/** The leg's settled outcome, or null while the feed has not settled it. */
export function legOutcome(
  s: Pick<BetSelectionRow, 'cancelled' | 'result' | 'void_factor' | 'dead_heat_factor'>,
): LegOutcome | null {
  if (s.cancelled) return { result: 'lost', voidFactor: 1 };
  if (s.result === null) return null;
  return {
    result: s.result,
    voidFactor: voidFactorOf(s.void_factor),
    ...(s.dead_heat_factor !== null ? { deadHeatFactor: decimalRatio(s.dead_heat_factor) } : {}),
  };
}

/**
 * Where the bet should stand given its legs: open while a leg is unsettled (unless one already
 * lost, which loses a multiple at once), otherwise the domain's settlement.
 */
function desiredState(bet: BetRow, legs: BetSelectionRow[]) {
  const outcomes = legs.map(legOutcome);
  const lostLeg = legs.some((leg, i) => {
    const o = outcomes[i];
    return o !== null && o !== undefined && legFactor(leg.odds as Odds, o).numerator === 0n;
  });
  if (!lostLeg && outcomes.some((o) => o === null)) return null;
  const settlement = settleBet({
    betId: String(bet.id),
    stake: bet.stake as Cents,
    freebetStake: bet.freebet_stake as Cents,
    betType: bet.bet_type,
    policy: bet.tax_policy as TaxPolicy,
    legs: legs.map((leg, i) => ({
      odds: leg.odds as Odds,
      // Unsettled legs of a bet that has already lost do not change the answer.
      outcome: outcomes[i] ?? { result: 'lost' },
      qualifies: leg.qualifies,
    })),
  });
  return {
    status: settlement.status,
    payout: settlement.breakdown.netPayout as number,
    withholding: settlement.breakdown.withholdingTax as number,
  };
}

function settlementEntries(bet: BetRow, payout: number, withholding: number, sign: 1 | -1) {
  const pool = bet.stake_after_excise + bet.freebet_stake;
  const house = pool - payout - withholding;
  const entries: LedgerEntryInput[] = [
    { account: { system: 'bets_in_play' }, amount: -pool * sign },
  ];
  if (payout !== 0)
    entries.push({ account: { userId: bet.user_id, kind: 'cash' }, amount: payout * sign });
  if (withholding !== 0)
    entries.push({ account: { system: 'tax_payable' }, amount: withholding * sign });
  if (house !== 0) entries.push({ account: { system: 'house' }, amount: house * sign });
  return entries;
}

/** A bet whose settlement no longer matches its legs: what it booked, and what it should. */
interface Reconciliation {
  bet: BetRow;
  messageKey: string;
  current: { status: BetStatus; payout: number; withholding: number } | null;
  desired: NonNullable<ReturnType<typeof desiredState>> | null;
}

/** Locks the bet and compares its settlement with its legs: null when nothing is to change. */
async function planBet(tx: Tx, betId: number, messageKey: string): Promise<Reconciliation | null> {
  const bet = await lockBet(tx, betId);
  // A cashed-out bet was paid once, by its cash-out: no settlement or rollback touches it. A
  // partly cashed-out bet settles only its running stake (its figures are the remainder's).
  if (!bet || bet.status === 'cashed_out') return null;
  const legs = await betSelections(tx, [betId]);
  const desired = desiredState(bet, legs);
  const current =
    bet.status === 'open'
      ? null
      : { status: bet.status, payout: bet.settled_payout, withholding: bet.settled_withholding };
  if (
    (desired === null && current === null) ||
    (desired &&
      current &&
      desired.status === current.status &&
      desired.payout === current.payout &&
      desired.withholding === current.withholding)
  ) {
    return null;
  }
  return { bet, messageKey, current, desired };
}

/**
 * Books one bet's reconciliation: reverses exactly what its current settlement booked, then
 * books the new settlement. Its accounts are locked already (`reconcileBets`).
 */
async function bookReconciliation(
  tx: Tx,
  plan: Reconciliation,
  now: Date,
  notices: Notice[],
  userIds: Set<number>,
) {
  const { bet, messageKey, current, desired } = plan;
  const betId = bet.id;
  let count = bet.settlement_count;
  if (current) {
    // A user may have spent (or withdrawn) the winnings already. Their cash never goes below
    // zero, so take what is there and let the house carry the rest, recorded on the
    // transaction, rather than block every later settlement behind this one. (The account is
    // locked: the balance read is the one the posting moves.)
    const { cash } = await getBalances(tx, bet.user_id);
    const recovered = Math.min(current.payout, cash);
    const shortfall = current.payout - recovered;
    // Reversing with what was recovered keeps the transaction balanced: the house gets back
    // that much less.
    const entries = settlementEntries(bet, recovered, current.withholding, -1);
    await postTransaction(tx, {
      kind: 'bet_settlement_rollback',
      idempotencyKey: `bet:${betId}:unsettle:${count}`,
      userId: bet.user_id,
      entries,
      meta: { betId, messageKey, shortfall },
    });
    await addStatusHistory(
      tx,
      betId,
      'open',
      shortfall > 0 ? `rolled back; ${shortfall} cents not recovered` : 'rolled back',
      messageKey,
      now,
    );
    notices.push({
      kind: 'rolled-back',
      userId: bet.user_id,
      siteId: bet.site_id,
      betId,
      payout: recovered,
    });
  }
  if (desired) {
    count += 1;
    await postTransaction(tx, {
      kind: 'bet_settlement',
      idempotencyKey: `bet:${betId}:settle:${count}`,
      userId: bet.user_id,
      entries: settlementEntries(bet, desired.payout, desired.withholding, 1),
      meta: { betId, messageKey, status: desired.status },
    });
    await addStatusHistory(tx, betId, desired.status, 'settled', messageKey, now);
    notices.push({
      kind: 'settled',
      userId: bet.user_id,
      siteId: bet.site_id,
      betId,
      status: desired.status,
      payout: desired.payout,
    });
  }
  await updateBetSettlement(tx, betId, {
    status: desired?.status ?? 'open',
    settledPayout: desired?.payout ?? 0,
    settledWithholding: desired?.withholding ?? 0,
    settlementCount: count,
    settledAt: desired ? now : null,
  });
  userIds.add(bet.user_id);
}

/** The house's accounts a settlement posts to (on the transaction's shard). */
const SETTLEMENT_HOUSE: AccountRef[] = [
  { system: 'bets_in_play' },
  { system: 'tax_payable' },
  { system: 'house' },
];

/**
 * Brings these bets in line with their legs, in the caller's transaction: reverses exactly what
 * a bet's settlement booked if that no longer holds, then books the new one. Running it twice
 * changes nothing, so a re-delivered message is harmless.
 *
 * Locks are taken in one order, in three steps (ADR 202): every bet, by id (as a cash-out locks
 * its bet before its accounts); then every account the postings will move — the house's rows,
 * then the users' by id, as `ledger_post_many` takes a placement batch's — and only then the
 * postings. Taking each bet's user as it came (in bet order, while holding the users before)
 * could deadlock with a placement batch holding a user of a later bet and waiting for one this
 * batch held.
 */
async function reconcileBets(
  tx: Tx,
  bets: readonly { betId: number; messageKey: string }[],
  now: Date,
  notices: Notice[],
  userIds: Set<number>,
) {
  const plans: Reconciliation[] = [];
  for (const { betId, messageKey } of [...bets].sort((a, b) => a.betId - b.betId)) {
    const plan = await planBet(tx, betId, messageKey);
    if (plan) plans.push(plan);
  }
  if (plans.length === 0) return;
  await lockAccounts(tx, [
    ...SETTLEMENT_HOUSE,
    ...plans.map((p) => ({ userId: p.bet.user_id, kind: 'cash' as const })),
  ]);
  for (const plan of plans) await bookReconciliation(tx, plan, now, notices, userIds);
}

/** Applies one feed message to the legs it names; returns the bets to reconcile. */
async function applyMessage(tx: Tx, message: SettlementMessage): Promise<Set<number>> {
  const touched = new Set<number>();
  const add = (ids: number[]) => ids.forEach((id) => touched.add(id));
  const eventId = message.eventId;
  switch (message.type) {
    case 'bet_settlement': {
      const score = await eventScore(tx, eventId);
      for (const m of message.markets) {
        for (const o of m.outcomes) {
          add(
            await setOutcomeResult(
              tx,
              { eventId, marketId: m.marketId, specifier: m.specifier },
              o.outcomeId,
              {
                result: o.result === 1 ? 'won' : 'lost',
                voidFactor: o.voidFactor ?? null,
                deadHeatFactor: o.deadHeatFactor ?? null,
                score,
              },
            ),
          );
        }
      }
      break;
    }
    case 'rollback_bet_settlement':
      for (const m of message.markets) add(await clearMarketResults(tx, { eventId, ...m }));
      break;
    case 'bet_cancel':
    case 'rollback_bet_cancel': {
      const window = {
        ...(message.startTime !== undefined ? { from: new Date(message.startTime) } : {}),
        ...(message.endTime !== undefined ? { to: new Date(message.endTime) } : {}),
      };
      const cancelled = message.type === 'bet_cancel';
      for (const m of message.markets) {
        add(await setMarketCancelled(tx, { eventId, ...m }, cancelled, window));
      }
      break;
    }
  }
  return touched;
}

export interface SettlementRun {
  handled: number;
  failed: number;
  betsChanged: number;
}

/**
 * A message that reaches more bets than this (a popular market's result) has them settled in
 * batches of SETTLE_BATCH_BETS, each its own short transaction, instead of all in its own (ADR
 * 215): one transaction over 10,000 bets would hold the house and in-play accounts, which every
 * bet placement also books, for as long as it runs.
 */
export const SETTLE_INLINE_MAX_BETS = 200;
export const SETTLE_BATCH_BETS = 200;

export interface SettlementOptions {
  /** Outbox messages claimed at a time. */
  batch?: number;
  inlineMaxBets?: number;
  betBatch?: number;
  log?: (error: unknown, key: string) => void;
}

/**
 * Settles the bets waiting in `settlement_pending`, a batch per transaction: the batch's rows
 * are taken with SKIP LOCKED (several instances share the work), each bet reconciled with its
 * legs as they stand now, and the rows deleted in the same transaction. Reconciling is
 * idempotent, so a bet also settled by a later message meanwhile is left as it is.
 */
async function drainPending(
  deps: AppDeps,
  options: SettlementOptions,
  run: SettlementRun,
): Promise<boolean> {
  try {
    await drainBatches(deps, options, run);
    return true;
  } catch (error) {
    // The batch rolled back and its rows stay queued: the next run tries them again.
    run.failed += 1;
    options.log?.(error, 'settlement_pending');
    return false;
  }
}

async function drainBatches(deps: AppDeps, options: SettlementOptions, run: SettlementRun) {
  const size = Math.max(1, Math.floor(options.betBatch ?? SETTLE_BATCH_BETS));
  for (;;) {
    const notices: Notice[] = [];
    const userIds = new Set<number>();
    let key = '';
    const taken = await deps.db.transaction().execute(async (tx) => {
      const rows = await tx
        .selectFrom('settlement_pending')
        .select(['bet_id', 'message_key'])
        .orderBy('bet_id')
        .limit(size)
        .forUpdate()
        .skipLocked()
        .execute();
      key = rows.at(-1)?.message_key ?? key;
      await reconcileBets(
        tx,
        rows.map((r) => ({ betId: Number(r.bet_id), messageKey: r.message_key })),
        deps.now(),
        notices,
        userIds,
      );
      if (rows.length > 0) {
        await tx
          .deleteFrom('settlement_pending')
          .where(
            'bet_id',
            'in',
            rows.map((r) => r.bet_id),
          )
          .execute();
      }
      return rows.map((r) => Number(r.bet_id));
    });
    if (taken.length === 0) return;
    announceBetsChanged(deps.realtime, taken);
    run.betsChanged += new Set(notices.map((n) => n.betId)).size;
    await afterCommit(deps, notices, userIds, (error) => options.log?.(error, key));
    if (taken.length < size) return;
  }
}

/**
 * Drains the feed's settlement outbox: each message is applied, its bets reconciled and the
 * message acknowledged in one transaction, then balances and notices are pushed. A message
 * that reaches more than `inlineMaxBets` bets queues them in `settlement_pending` in that
 * transaction instead, and they are settled in batches before the next message.
 */
export async function processSettlements(
  deps: AppDeps,
  options: SettlementOptions = {},
): Promise<SettlementRun> {
  const run: SettlementRun = { handled: 0, failed: 0, betsChanged: 0 };
  const inlineMax = options.inlineMaxBets ?? SETTLE_INLINE_MAX_BETS;
  // Bets a stopped run (a crash, a restart) left queued go first.
  if (!(await drainPending(deps, options, run))) return run;
  for (;;) {
    const claimed = await claimSettlementMessages(deps.db, options.batch ?? 50, {
      now: deps.now(),
    });
    if (claimed.length === 0) return run;
    for (const item of claimed) {
      const notices: Notice[] = [];
      const userIds = new Set<number>();
      let queued = false;
      let bets: number[] = []; // legs changed, settled or not: the open-bets index reads them
      try {
        await deps.db.transaction().execute(async (tx) => {
          bets = [...(await applyMessage(tx, item.message))].sort((a, b) => a - b);
          if (bets.length > inlineMax) {
            await queuePending(tx, bets, item.messageKey, deps.now());
            queued = true;
          } else {
            await reconcileBets(
              tx,
              bets.map((betId) => ({ betId, messageKey: item.messageKey })),
              deps.now(),
              notices,
              userIds,
            );
          }
          await ackSettlementMessage(tx, item.id, deps.now());
        });
      } catch (error) {
        run.failed += 1;
        options.log?.(error, item.messageKey);
        // Messages must apply in order (a rollback after its settlement), so stop here and let
        // the next run retry this one first; release the rest of the batch for it too.
        for (const rest of claimed.filter((c) => c.id >= item.id)) {
          await releaseSettlementMessage(deps.db, rest.id);
        }
        return run;
      }
      run.handled += 1;
      announceBetsChanged(deps.realtime, bets);
      run.betsChanged += new Set(notices.map((n) => n.betId)).size;
      await afterCommit(deps, notices, userIds, (error) => options.log?.(error, item.messageKey));
      if (queued && !(await drainPending(deps, options, run))) return run;
    }
  }
}

async function queuePending(tx: Tx, betIds: number[], messageKey: string, now: Date) {
  for (let i = 0; i < betIds.length; i += 1000) {
    await tx
      .insertInto('settlement_pending')
      .values(
        betIds.slice(i, i + 1000).map((betId) => ({
          bet_id: betId,
          message_key: messageKey,
          queued_at: now,
        })),
      )
      .onConflict((c) =>
        c.column('bet_id').doUpdateSet({ message_key: messageKey, queued_at: now }),
      )
      .execute();
  }
}
