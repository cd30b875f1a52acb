import { z } from 'zod';
import { referenceDataSchema, referenceValue } from '@dau/contracts/payments/callbacks';
import type { PaymentsContext } from './payments.context';
import { logCallback, type findPaymentByPublicId } from './payments.repository';

/**
 * Undoing a payout M-Pesa made twice over. When the queue times out on a B2C request Dau gives
 * the reserved money back to the user; if M-Pesa then pays the payout after all, the user would
 * hold both. Dau asks M-Pesa to reverse that payout (Daraja's TransactionReversal) and logs the
 * reversal's result for support. Nothing in Dau's ledger moves: the withdrawal stays failed.
 */

type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPaymentByPublicId>>>;

/**
 * After a payout result found its payment already settled: reverses it when the payment had
 * been given back (failed) and M-Pesa names the completed transaction. Returns the outcome for
 * the callback log.
 */
export async function reverseIfPaidTwice(
  ctx: PaymentsContext,
  payment: PaymentRow | undefined,
  receipt: string | null,
): Promise<string> {
  if (!payment || payment.direction !== 'withdrawal' || payment.status !== 'failed') {
    return 'duplicate';
  }
  if (!receipt) return 'paid-after-release-without-receipt';
  const already = await ctx.deps.db
    .selectFrom('payment_callbacks')
    .select('id')
    .where('reference', '=', payment.public_id)
    .where('outcome', '=', 'reversal-requested')
    .executeTakeFirst();
  if (already) return 'duplicate';
  try {
    await ctx.provider.reverse({
      transactionId: receipt,
      amount: Math.floor((payment.amount - payment.tax) / 100),
      payout: true,
      occasion: payment.public_id,
      remarks: `Dau withdrawal ${payment.public_id} was refunded before M-Pesa paid it`,
      resultUrl: ctx.callbackUrl('reversal-result'),
      timeoutUrl: ctx.callbackUrl('reversal-timeout'),
    });
    return 'reversal-requested';
  } catch {
    // M-Pesa refused or could not be reached: the log entry tells support to recover it.
    return 'reversal-not-requested';
  }
}

const reversalResultSchema = z.object({
  Result: z.object({
    ResultCode: z.union([z.number(), z.string()]),
    ResultDesc: z.string(),
    ConversationID: z.string(),
    TransactionID: z.string().optional(),
    ReferenceData: referenceDataSchema.optional(),
  }),
});

/** The result (or queue timeout) of a reversal Dau asked for; logged under the payment's id. */
export async function handleReversalResult(
  ctx: PaymentsContext,
  body: unknown,
  timedOut: boolean,
): Promise<string> {
  const kind = timedOut ? 'reversal-timeout' : 'reversal-result';
  const parsed = reversalResultSchema.safeParse(body);
  if (!parsed.success) {
    await logCallback(ctx.deps.db, { kind, reference: null, body, outcome: 'malformed' });
    return 'malformed';
  }
  const r = parsed.data.Result;
  const occasion = referenceValue(r.ReferenceData, 'Occasion');
  const reversed = !timedOut && String(r.ResultCode) === '0';
  // A failed reversal leaves the user paid twice: the log entry is support's to recover.
  const outcome = reversed ? 'reversed' : 'reversal-failed';
  await logCallback(ctx.deps.db, {
    kind,
    reference: occasion ? String(occasion) : r.ConversationID,
    body,
    outcome,
  });
  return outcome;
}
