import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database';
import type { SettlementMessage } from './feed-messages';

/** How long a claimed message stays reserved before another worker may take it. */
export const DEFAULT_CLAIM_MS = 60_000;

export interface ClaimedSettlement {
  /** Outbox id: pass it to `ackSettlementMessage` once handled. */
  id: number;
  /** Unique key of the feed message; use it as the idempotency key of what you book. */
  messageKey: string;
  attempts: number;
  message: SettlementMessage;
}

/**
 * For the betting module (#8): claims up to `limit` unhandled settlement messages, oldest
 * first. A claim expires after `claimMs`, so a worker that dies between claim and ack does not
 * lose the message: it is handed out again (handle it idempotently by `messageKey`).
 * `skip locked` lets several workers claim side by side.
 */
export async function claimSettlementMessages(
  db: DbOrTx,
  limit: number,
  options: { now?: Date; claimMs?: number } = {},
): Promise<ClaimedSettlement[]> {
  const now = options.now ?? new Date();
  const until = new Date(now.getTime() + (options.claimMs ?? DEFAULT_CLAIM_MS));
  const rows = await sql<{ id: number; message_key: string; attempts: number; payload: unknown }>`
    update feed_settlement_outbox
       set claimed_until = ${until}, attempts = attempts + 1
     where id in (
       select id from feed_settlement_outbox
        where acked_at is null and (claimed_until is null or claimed_until < ${now})
        order by id
        limit ${Math.max(1, Math.floor(limit))}
        for update skip locked)
    returning id, message_key, attempts, payload`.execute(db);
  return rows.rows
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((row) => ({
      id: Number(row.id),
      messageKey: row.message_key,
      attempts: row.attempts,
      message: (typeof row.payload === 'string'
        ? JSON.parse(row.payload)
        : row.payload) as SettlementMessage,
    }));
}

/**
 * Marks a message handled. Call it in the same transaction that books the settlement, so
 * both happen or neither does. Returns false if it was already acknowledged.
 */
export async function ackSettlementMessage(db: DbOrTx, id: number, now = new Date()) {
  const result = await db
    .updateTable('feed_settlement_outbox')
    .set({ acked_at: now, claimed_until: null })
    .where('id', '=', id)
    .where('acked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Releases a claim without acknowledging (the handler failed and wants a retry soon). */
export async function releaseSettlementMessage(db: DbOrTx, id: number): Promise<void> {
  await db
    .updateTable('feed_settlement_outbox')
    .set({ claimed_until: null })
    .where('id', '=', id)
    .where('acked_at', 'is', null)
    .execute();
}

export async function countPendingSettlements(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('feed_settlement_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('acked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Every settlement message the feed sent for these events, acknowledged or not, in the order
 * it sent them (for readers that keep their own results, like sports jackpots; they never
 * claim or acknowledge, which stays the betting module's).
 */
export async function settlementHistory(
  db: DbOrTx,
  eventIds: readonly number[],
): Promise<{ eventId: number; message: SettlementMessage }[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .selectFrom('feed_settlement_outbox')
    .select(['id', 'event_id', 'payload'])
    .where('event_id', 'in', [...eventIds])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    eventId: Number(row.event_id),
    message: (typeof row.payload === 'string'
      ? JSON.parse(row.payload)
      : row.payload) as SettlementMessage,
  }));
}
