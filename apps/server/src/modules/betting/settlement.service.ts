import type { AppDeps } from '../../app-types';
import type { Tx } from '../../db/database';
import type { SettlementMessage } from '../feed/feed-messages';
import {
  ackSettlementMessage,
  claimSettlementMessages,
  releaseSettlementMessage,
} from '../feed/settlement-outbox';
import { reconcileBets } from './bet-reconciliation';
import {
  clearMarketResults,
  eventScore,
  setMarketCancelled,
  setOutcomeResult,
} from './betting.repository';
import { announceBetsChanged } from './open-bets-index';
import { afterCommit, type Notice } from './settlement-notices';

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
