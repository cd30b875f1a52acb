import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database';
import type {
  PaymentChannel,
  PaymentDirection,
  PaymentProvider,
  PaymentStatus,
} from './payments.tables';

export async function insertPayment(
  db: DbOrTx,
  values: {
    publicId: string;
    userId: number;
    siteId: number;
    direction: PaymentDirection;
    channel: PaymentChannel;
    amount: number;
    tax?: number;
    phone: string;
    merchantReference: string | null;
    originatorConversationId?: string | null;
    status?: PaymentStatus;
    mpesaReceipt?: string | null;
    provider?: PaymentProvider;
    providerReference?: string | null;
    /** The language of the request that started it; its pushes follow it. */
    language?: string | null;
  },
) {
  return db
    .insertInto('payments')
    .values({
      public_id: values.publicId,
      user_id: values.userId,
      site_id: values.siteId,
      direction: values.direction,
      channel: values.channel,
      amount: values.amount,
      tax: values.tax ?? 0,
      phone: values.phone,
      merchant_reference: values.merchantReference,
      originator_conversation_id: values.originatorConversationId ?? null,
      status: values.status ?? 'pending',
      mpesa_receipt: values.mpesaReceipt ?? null,
      checkout_request_id: null,
      merchant_request_id: null,
      conversation_id: null,
      result_code: null,
      result_desc: null,
      settled_at: null,
      provider: values.provider ?? 'mpesa',
      provider_reference: values.providerReference ?? null,
      language: values.language ?? null,
    })
    .onConflict((oc) => oc.column('mpesa_receipt').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function setStkIds(
  db: DbOrTx,
  id: number,
  ids: { merchantRequestId: string; checkoutRequestId: string },
): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      merchant_request_id: ids.merchantRequestId,
      checkout_request_id: ids.checkoutRequestId,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Why a payment is still pending (shown to operators); a settled payment keeps its own. */
export async function notePendingPayment(db: DbOrTx, id: number, resultDesc: string) {
  await db
    .updateTable('payments')
    .set({ result_desc: resultDesc, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Gives a pending (or expired) M-Pesa deposit that never learnt its STK ids the ids of the
 * callback whose URL names it (ADR 126). With the payer's full phone in the callback, only a
 * deposit from that phone takes them. Returns whether a deposit took them.
 */
export async function adoptStkIds(
  db: DbOrTx,
  paymentPublicId: string,
  ids: { merchantRequestId: string; checkoutRequestId: string; phone: string | null },
): Promise<boolean> {
  let query = db
    .updateTable('payments')
    .set({
      merchant_request_id: ids.merchantRequestId,
      checkout_request_id: ids.checkoutRequestId,
      updated_at: sql`now()`,
    })
    .where('public_id', '=', paymentPublicId)
    .where('direction', '=', 'deposit')
    .where('provider', '=', 'mpesa')
    .where('checkout_request_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'failed'), eb('expired_at', 'is not', null)]),
      ]),
    );
  if (ids.phone) query = query.where('phone', '=', ids.phone);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setConversationId(db: DbOrTx, id: number, conversationId: string) {
  await db
    .updateTable('payments')
    .set({ conversation_id: conversationId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function markStatusQueried(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status_queried_at: at, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function findPaymentByPublicId(db: DbOrTx, publicId: string) {
  return db.selectFrom('payments').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

/** The payment row, locked until the end of the transaction (callbacks race each other). */
export async function lockPayment(
  db: DbOrTx,
  by:
    | { checkoutRequestId: string }
    | { conversationId: string }
    | { id: number }
    | { provider: PaymentProvider; providerReference: string },
) {
  let query = db.selectFrom('payments').selectAll();
  if ('providerReference' in by) {
    query = query
      .where('provider', '=', by.provider)
      .where('provider_reference', '=', by.providerReference);
  } else if ('checkoutRequestId' in by)
    query = query.where('checkout_request_id', '=', by.checkoutRequestId);
  else if ('conversationId' in by) {
    query = query.where((eb) =>
      eb.or([
        eb('conversation_id', '=', by.conversationId),
        eb('originator_conversation_id', '=', by.conversationId),
      ]),
    );
  } else query = query.where('id', '=', by.id);
  return query.forUpdate().executeTakeFirst();
}

export async function settlePayment(
  db: DbOrTx,
  id: number,
  values: {
    status: 'completed' | 'failed';
    resultCode: number | null;
    resultDesc: string;
    mpesaReceipt?: string | null;
    /** Another operator's transaction id (MoMo, Airtel, Vodacom). */
    providerReceipt?: string | null;
    /** Failed because no confirmation came in time (ADR 133). */
    expired?: boolean;
    amount?: number;
    tax?: number;
    now: Date;
  },
): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      status: values.status,
      result_code: values.resultCode,
      result_desc: values.resultDesc.slice(0, 500),
      ...(values.mpesaReceipt ? { mpesa_receipt: values.mpesaReceipt } : {}),
      ...(values.providerReceipt ? { provider_receipt: values.providerReceipt } : {}),
      ...(values.expired !== undefined ? { expired_at: values.expired ? values.now : null } : {}),
      ...(values.amount !== undefined ? { amount: values.amount } : {}),
      ...(values.tax !== undefined ? { tax: values.tax } : {}),
      settled_at: values.now,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .execute();
}

export async function completedDepositCount(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('direction', '=', 'deposit')
    .where('status', '=', 'completed')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Withdrawals that count against the limits: every request since `since` that did not fail. */
export async function withdrawalsSince(
  db: DbOrTx,
  userId: number,
  since: Date,
): Promise<{ count: number; latest: Date | null }> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('latest')])
    .where('user_id', '=', userId)
    .where('direction', '=', 'withdrawal')
    .where('status', '<>', 'failed')
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return {
    count: Number(row?.n ?? 0),
    latest: row?.latest ? new Date(row.latest as unknown as string) : null,
  };
}

/** Deposits (completed or still pending) since a moment, in cents: what limits count. */
export async function depositedSince(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
    .where('user_id', '=', userId)
    .where('direction', '=', 'deposit')
    .where('status', '<>', 'failed')
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function lockUser(db: DbOrTx, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'phone', 'site_id'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function stalePendingPayments(db: DbOrTx, before: Date, limit = 100) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export async function logCallback(
  db: DbOrTx,
  values: { kind: string; reference: string | null; body: unknown; outcome: string },
): Promise<void> {
  await db
    .insertInto('payment_callbacks')
    .values({
      kind: values.kind,
      reference: values.reference,
      body: JSON.stringify(values.body ?? null),
      outcome: values.outcome,
    })
    .execute();
}

/** A paybill account number names a user by phone (already normalised) or username. */
export async function findUserByAccount(
  db: DbOrTx,
  siteIds: number[],
  phones: string[],
  username: string,
) {
  return db
    .selectFrom('users')
    .select(['id', 'site_id', 'phone'])
    .where('site_id', 'in', siteIds)
    .where('status', '=', 'active')
    .where((eb) =>
      eb.or([
        ...(phones.length > 0 ? [eb('phone', 'in', phones)] : []),
        eb(sql`lower(username)`, '=', username.toLowerCase()),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Bets or game rounds a user has placed, counted from the betting or casino module's table
 * when that module is installed (its table exists); zero otherwise.
 */
/** How many of the user's rows the table holds, counted no further than `upTo`. */
export async function countRowsForUser(
  db: DbOrTx,
  table: 'bets' | 'casino_rounds',
  userId: number,
  upTo: number,
): Promise<number> {
  const exists = await sql<{ present: boolean }>`
    select to_regclass(${table}) is not null as present`.execute(db);
  if (!exists.rows[0]?.present) return 0;
  const row = await sql<{ n: number }>`
    select count(*)::int as n from (
      select 1 from ${sql.table(table)} where user_id = ${userId} limit ${upTo}
    ) as counted`.execute(db);
  return row.rows[0]?.n ?? 0;
}
