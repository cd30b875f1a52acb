import { fromUnits } from '@dau/domain/money';
import { normalisePhone } from '@dau/domain/phone';
import { SITES, type SiteConfig, type SiteId } from '@dau/domain/sites';
import {
  b2cResultSchema,
  c2bPaymentSchema,
  referenceValue,
  stkCallbackSchema,
  transactionStatusResultSchema,
} from '@dau/contracts/payments/callbacks';
import { inTransaction, publicId, type PaymentsContext } from './payments.context';
import { reverseIfPaidTwice } from './daraja.reversals';
import { depositFailureMessage } from './payments.messages';
import {
  adoptStkIds,
  findPaymentByPublicId,
  findUserByAccount,
  insertPayment,
  lockPayment,
  logCallback,
  settlePayment,
} from './payments.repository';
import {
  completeWithdrawal,
  creditDeposit,
  failWithdrawal,
  settleDeposit,
} from './payments.settlement';

/**
 * The Daraja adapter's callbacks (Kenya's M-Pesa): STK push results, paybill (C2B) validation
 * and confirmation, B2C results and TransactionStatusQuery answers, each read in Daraja's
 * shape and settled by the provider-neutral flow (`payments.settlement.ts`).
 */

function metadataValue(
  items: { Name: string; Value?: string | number | undefined }[] | undefined,
  name: string,
) {
  return items?.find((i) => i.Name === name)?.Value;
}

/**
 * The callback's payer phone as Dau stores phones (+254…), when it is a full number; Safaricom
 * may mask it, and then it says nothing.
 */
function callbackPhone(value: string | number | undefined): string | null {
  const digits = value === undefined ? '' : String(value).replace(/^\+/, '');
  return /^\d{9,15}$/.test(digits) ? `+${digits}` : null;
}

/**
 * The STK callback: credits a successful deposit exactly once, however often it arrives. `ref`
 * is the deposit named in the callback URL: when no deposit has the callback's checkout id (the
 * push went unanswered, ADR 126), that deposit takes the ids and is settled by them.
 */
export async function handleStkCallback(
  ctx: PaymentsContext,
  body: unknown,
  ref: string | null = null,
): Promise<string> {
  const parsed = stkCallbackSchema.safeParse(body);
  if (!parsed.success) {
    await logCallback(ctx.deps.db, { kind: 'stk', reference: null, body, outcome: 'malformed' });
    return 'malformed';
  }
  const cb = parsed.data.Body.stkCallback;
  const items = cb.CallbackMetadata?.Item;
  const paidUnits = metadataValue(items, 'Amount');
  const receipt = metadataValue(items, 'MpesaReceiptNumber');
  const result = {
    resultCode: cb.ResultCode,
    resultDesc: cb.ResultDesc,
    paidUnits: paidUnits === undefined ? null : Number(paidUnits),
    receipt: receipt === undefined ? null : String(receipt),
  };
  let outcome = await settleStk(ctx, cb.CheckoutRequestID, result);
  if (outcome === 'unknown' && ref) {
    await adoptStkIds(ctx.deps.db, ref, {
      merchantRequestId: cb.MerchantRequestID,
      checkoutRequestId: cb.CheckoutRequestID,
      phone: callbackPhone(metadataValue(items, 'PhoneNumber')),
    });
    // Settled again even when another delivery of this callback took the ids first (then it is
    // a duplicate); still 'unknown' when the ref names no deposit that could take them.
    outcome = await settleStk(ctx, cb.CheckoutRequestID, result);
  }
  await logCallback(ctx.deps.db, { kind: 'stk', reference: cb.CheckoutRequestID, body, outcome });
  return outcome;
}

/** An STK push's result (callback or query): settled once by the neutral flow. */
export async function settleStk(
  ctx: PaymentsContext,
  checkoutRequestId: string,
  result: {
    resultCode: number;
    resultDesc: string;
    paidUnits: number | null;
    receipt: string | null;
  },
  options: { expired?: boolean } = {},
): Promise<string> {
  return settleDeposit(
    ctx,
    { checkoutRequestId },
    {
      ok: result.resultCode === 0,
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
      paidUnits: result.paidUnits,
      receipt: result.receipt,
      receiptColumn: 'mpesa',
      idempotencyKey: `mpesa:stk:${checkoutRequestId}`,
      failureMessage: depositFailureMessage(result.resultCode, result.resultDesc),
      ...options,
    },
  );
}

/** Paybill sites: where a C2B account number can name a user. */
function paybillSites(): SiteId[] {
  return (Object.values(SITES) as SiteConfig[])
    .filter((s) => s.features.paybillNumber)
    .map((s) => s.siteId);
}

async function userForAccount(ctx: PaymentsContext, account: string) {
  const sites = paybillSites();
  const phones = sites
    .map((s) => normalisePhone(account, s))
    .filter((p): p is string => p !== null);
  const trimmed = account.trim();
  if (!trimmed) return undefined;
  return findUserByAccount(ctx.deps.db, sites, phones, trimmed);
}

export async function handleC2bValidation(ctx: PaymentsContext, body: unknown) {
  const parsed = c2bPaymentSchema.safeParse(body);
  const user = parsed.success ? await userForAccount(ctx, parsed.data.BillRefNumber) : undefined;
  // A user on a break or self-excluded cannot deposit by paybill either: M-Pesa gives it back.
  const allowed =
    user && parsed.success
      ? (
          await ctx.gamblingGuard.check({
            userId: user.id,
            kind: 'deposit',
            amount: fromUnits(parsed.data.TransAmount),
          })
        ).allowed
      : false;
  const accepted = allowed && parsed.success && parsed.data.TransAmount >= 1;
  await logCallback(ctx.deps.db, {
    kind: 'c2b-validation',
    reference: parsed.success ? parsed.data.TransID : null,
    body,
    outcome: accepted ? 'accepted' : 'rejected',
  });
  // C2B00012: invalid account number, Daraja's code for "refuse this payment".
  return accepted
    ? { ResultCode: '0', ResultDesc: 'Accepted' }
    : { ResultCode: 'C2B00012', ResultDesc: 'Rejected' };
}

/** Paybill confirmation: the money is already ours; credit the named user exactly once. */
export async function handleC2bConfirmation(ctx: PaymentsContext, body: unknown): Promise<string> {
  const parsed = c2bPaymentSchema.safeParse(body);
  if (!parsed.success) {
    await logCallback(ctx.deps.db, {
      kind: 'c2b-confirmation',
      reference: null,
      body,
      outcome: 'malformed',
    });
    return 'malformed';
  }
  const c2b = parsed.data;
  const user = await userForAccount(ctx, c2b.BillRefNumber);
  let outcome = 'unmatched';
  if (user) {
    const paid = fromUnits(c2b.TransAmount);
    outcome = await inTransaction(ctx.deps, async (tx, after) => {
      const payment = await insertPayment(tx, {
        publicId: publicId('PB'),
        userId: user.id,
        siteId: user.site_id,
        direction: 'deposit',
        channel: 'c2b',
        amount: paid,
        phone: user.phone,
        merchantReference: c2b.BillRefNumber,
        status: 'completed',
        mpesaReceipt: c2b.TransID,
      });
      if (!payment) return 'duplicate';
      await creditDeposit(ctx, tx, after, payment, paid, c2b.TransID, `mpesa:c2b:${c2b.TransID}`);
      await settlePayment(tx, payment.id, {
        status: 'completed',
        resultCode: 0,
        resultDesc: 'paybill payment',
        mpesaReceipt: c2b.TransID,
        now: ctx.deps.now(),
      });
      return 'credited';
    });
  }
  // An unmatched payment stays in the callback log for support to assign by hand.
  await logCallback(ctx.deps.db, {
    kind: 'c2b-confirmation',
    reference: c2b.TransID,
    body,
    outcome,
  });
  return outcome;
}

export async function handleB2cResult(
  ctx: PaymentsContext,
  body: unknown,
  timedOut: boolean,
): Promise<string> {
  const parsed = b2cResultSchema.safeParse(body);
  const kind = timedOut ? 'b2c-timeout' : 'b2c-result';
  if (!parsed.success) {
    await logCallback(ctx.deps.db, { kind, reference: null, body, outcome: 'malformed' });
    return 'malformed';
  }
  const r = parsed.data.Result;
  let outcome: string;
  let reference = r.ConversationID;
  if (!timedOut && r.ResultCode === 0) {
    outcome = await completeWithdrawal(
      ctx,
      { conversationId: r.ConversationID },
      r.TransactionID || null,
      r.ResultDesc,
    );
    if (outcome === 'duplicate') {
      const payment = await lockPayment(ctx.deps.db, { conversationId: r.ConversationID });
      outcome = await reverseIfPaidTwice(ctx, payment, r.TransactionID || null);
      if (outcome !== 'duplicate' && payment) reference = payment.public_id;
    }
  } else {
    const payment =
      (await lockPayment(ctx.deps.db, { conversationId: r.ConversationID })) ??
      (await lockPayment(ctx.deps.db, { conversationId: r.OriginatorConversationID }));
    outcome = payment
      ? await failWithdrawal(ctx, payment.id, timedOut ? null : r.ResultCode, r.ResultDesc)
      : 'unknown';
  }
  await logCallback(ctx.deps.db, { kind, reference, body, outcome });
  return outcome;
}

/** What M-Pesa's `TransactionStatus` says about a payout: only these two settle it. */
const PAYOUT_NOT_PAID = new Set(['failed', 'cancelled', 'declined', 'expired']);

function resultParameter(
  items: { Key: string; Value?: string | number | undefined }[] | undefined,
  ...keys: string[]
): string | null {
  const wanted = keys.map((k) => k.toLowerCase().replace(/\s+/g, ''));
  const found = items?.find((i) => wanted.includes(i.Key.toLowerCase().replace(/\s+/g, '')));
  return found?.Value === undefined || found.Value === '' ? null : String(found.Value);
}

/**
 * The answer to a TransactionStatusQuery about a payout whose result never came. 'Completed'
 * pays it out; a failed, cancelled, declined or expired payout releases the reservation; any
 * other answer (not found, still processing, the query timed out) proves nothing, so the
 * payout stays reserved and is asked about again. Both settlements happen at most once: the
 * payment row lock and the ledger's idempotency keys see to it.
 */
export async function handleB2cStatusResult(
  ctx: PaymentsContext,
  body: unknown,
  timedOut: boolean,
): Promise<string> {
  const kind = timedOut ? 'b2c-status-timeout' : 'b2c-status-result';
  const parsed = transactionStatusResultSchema.safeParse(body);
  if (!parsed.success) {
    await logCallback(ctx.deps.db, { kind, reference: null, body, outcome: 'malformed' });
    return 'malformed';
  }
  const r = parsed.data.Result;
  const params = r.ResultParameters?.ResultParameter;
  const occasion = referenceValue(r.ReferenceData, 'Occasion');
  const original =
    resultParameter(params, 'Originator Conversation ID', 'OriginatorConversationID') ??
    resultParameter(params, 'Conversation ID', 'ConversationID');
  const payment =
    (occasion ? await findPaymentByPublicId(ctx.deps.db, String(occasion)) : undefined) ??
    (original ? await lockPayment(ctx.deps.db, { conversationId: original }) : undefined);

  let outcome = 'unknown';
  if (payment && payment.direction === 'withdrawal') {
    const status = resultParameter(params, 'TransactionStatus')?.toLowerCase() ?? null;
    if (timedOut || r.ResultCode !== 0 || status === null) outcome = 'unresolved';
    else if (status === 'completed') {
      const receipt = resultParameter(params, 'ReceiptNo') ?? (r.TransactionID || null);
      outcome = await completeWithdrawal(
        ctx,
        { id: payment.id },
        receipt,
        `M-Pesa reports the payout completed (status query): ${r.ResultDesc}`,
      );
      if (outcome === 'duplicate') {
        const now = await findPaymentByPublicId(ctx.deps.db, payment.public_id);
        outcome = await reverseIfPaidTwice(ctx, now, receipt);
      }
    } else if (PAYOUT_NOT_PAID.has(status)) {
      outcome = await failWithdrawal(
        ctx,
        payment.id,
        null,
        `M-Pesa reports the payout ${status} (status query)`,
      );
    } else outcome = 'unresolved';
  }
  await logCallback(ctx.deps.db, {
    kind,
    reference: payment?.public_id ?? r.ConversationID,
    body,
    outcome,
  });
  return outcome;
}
