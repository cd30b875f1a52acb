import { fromUnits, type Cents } from '@dau/domain/money';
import { isSiteId, SITES } from '@dau/domain/sites';
import { depositTax } from '@dau/domain/tax-policy';
import type { Tx } from '../../db/database';
import { translate } from '../../i18n/swahili';
import { postTransaction, type LedgerEntryInput } from '../wallet/ledger.service';
import { publishBalances, toUnits } from '../wallet/wallet.service';
import { inTransaction, policyFor, type After, type PaymentsContext } from './payments.context';
import { paymentMessages } from './payments.messages';
import { completedDepositCount, lockPayment, settlePayment } from './payments.repository';
import type { Payment } from './payments.tables';

/**
 * The provider-neutral money flow (ADR 131): crediting a deposit, paying out or releasing a
 * withdrawal. Every provider's callbacks, status answers and reconciliation end here, under
 * the payment row's lock and the ledger's idempotency keys, so whatever arrives twice, late or
 * in a race settles once.
 */

/**
 * A pushed payment message in the language of the request that started the payment (issue #16:
 * English for a Tanzanian who chose it), else its site's default (Swahili on site 4, ADR 142).
 */
export function pushedMessage(
  payment: Pick<Payment, 'site_id' | 'language'>,
  message: string,
): string {
  const siteId = payment.site_id;
  const language = payment.language ?? (isSiteId(siteId) ? SITES[siteId].defaultLanguage : null);
  return language ? translate(message, language) : message;
}

export type PaymentLookup = Parameters<typeof lockPayment>[1];

export interface DepositResult {
  ok: boolean;
  /** M-Pesa's STK ResultCode; null for other operators. */
  resultCode: number | null;
  resultDesc: string;
  /** What the operator says was paid, in units; null: the amount requested. */
  paidUnits: number | null;
  receipt: string | null;
  /** Where the receipt goes: M-Pesa's column or the other operators'. */
  receiptColumn: 'mpesa' | 'provider';
  /** The ledger's idempotency key for the credit. */
  idempotencyKey: string;
  /** Shown to the user when the deposit failed. */
  failureMessage: string;
  /** This failure is an expiry (no confirmation in time). */
  expired?: boolean;
}

/**
 * Settles a pending push deposit: credits a success exactly once, fails anything else. A
 * success arriving for a deposit that had expired (failed for want of a confirmation) is still
 * credited, once: the customer's money was taken. Returns the outcome for the callback log.
 */
export async function settleDeposit(
  ctx: PaymentsContext,
  lookup: PaymentLookup,
  result: DepositResult,
): Promise<string> {
  const { deps } = ctx;
  return inTransaction(deps, async (tx, after) => {
    const payment = await lockPayment(tx, lookup);
    if (!payment) return 'unknown';
    const lateSuccess = result.ok && payment.status === 'failed' && payment.expired_at !== null;
    if (payment.status !== 'pending' && !lateSuccess) return 'duplicate';
    if (!result.ok) {
      await settlePayment(tx, payment.id, {
        status: 'failed',
        resultCode: result.resultCode,
        resultDesc: result.resultDesc,
        ...(result.expired ? { expired: true } : {}),
        now: deps.now(),
      });
      after(() =>
        deps.realtime.toUser(payment.user_id, 'TransactionResult', {
          userMessage: pushedMessage(payment, result.failureMessage),
          bbPaymentTransactionId: payment.public_id,
        }),
      );
      return 'failed';
    }
    // The callback is the source of truth for what was paid.
    const paid =
      result.paidUnits !== null && Number.isFinite(result.paidUnits)
        ? fromUnits(result.paidUnits)
        : (payment.amount as Cents);
    await creditDeposit(ctx, tx, after, payment, paid, result.receipt, result.idempotencyKey);
    await settlePayment(tx, payment.id, {
      status: 'completed',
      resultCode: result.resultCode ?? 0,
      resultDesc: lateSuccess
        ? `confirmed after it had expired: ${result.resultDesc}`
        : result.resultDesc,
      ...(result.receiptColumn === 'mpesa'
        ? { mpesaReceipt: result.receipt }
        : { providerReceipt: result.receipt }),
      ...(lateSuccess ? { expired: false } : {}),
      now: deps.now(),
    });
    return lateSuccess ? 'credited-late' : 'credited';
  });
}

export async function creditDeposit(
  ctx: PaymentsContext,
  tx: Tx,
  after: After,
  payment: Pick<Payment, 'id' | 'public_id' | 'user_id' | 'site_id'>,
  paid: Cents,
  receipt: string | null,
  idempotencyKey: string,
): Promise<void> {
  const { deps } = ctx;
  const firstDeposit = (await completedDepositCount(tx, payment.user_id)) === 0;
  const { tax, credited } = depositTax(paid, policyFor(deps, payment.site_id));
  const entries: LedgerEntryInput[] = [
    { account: { userId: payment.user_id, kind: 'cash' }, amount: credited },
    { account: { system: 'payments_clearing' }, amount: -paid },
  ];
  if (tax > 0) entries.push({ account: { system: 'tax_payable' }, amount: tax });
  const posted = await postTransaction(tx, {
    kind: 'deposit',
    idempotencyKey,
    userId: payment.user_id,
    entries,
    meta: { paymentId: payment.public_id, receipt, tax },
  });
  if (posted.duplicate) return;
  await tx
    .updateTable('payments')
    .set({ amount: paid, tax })
    .where('id', '=', payment.id)
    .execute();
  after(async () => {
    await publishBalances(deps, [payment.user_id]);
    deps.realtime.toUser(payment.user_id, 'Deposit Success', {
      amount: toUnits(credited),
      bbPaymentTransactionId: payment.public_id,
    });
    if (firstDeposit) {
      deps.realtime.toUser(payment.user_id, 'First Deposit Success', { amount: toUnits(credited) });
    }
  });
}

/** The ledger key of a payout: M-Pesa's as it always was, the other operators' by provider. */
function payoutKey(payment: Pick<Payment, 'provider' | 'public_id'>): string {
  return payment.provider === 'mpesa'
    ? `mpesa:b2c:${payment.public_id}:paid`
    : `${payment.provider}:payout:${payment.public_id}:paid`;
}

/** Fails a pending withdrawal and gives the reserved money back, exactly once. */
export async function failWithdrawal(
  ctx: PaymentsContext,
  paymentId: number,
  resultCode: number | null,
  resultDesc: string,
  options: { leakyBucketMessage?: string } = {},
): Promise<string> {
  const { deps } = ctx;
  return inTransaction(deps, async (tx, after) => {
    const payment = await lockPayment(tx, { id: paymentId });
    if (!payment || payment.status !== 'pending') return 'duplicate';
    await postTransaction(tx, {
      kind: 'withdrawal_release',
      idempotencyKey: `withdrawal:${payment.public_id}:release`,
      userId: payment.user_id,
      entries: [
        {
          account: { userId: payment.user_id, kind: 'withdrawal_reserved' },
          amount: -payment.amount,
        },
        { account: { userId: payment.user_id, kind: 'cash' }, amount: payment.amount },
      ],
      meta: { paymentId: payment.public_id, resultCode, resultDesc },
    });
    await settlePayment(tx, payment.id, {
      status: 'failed',
      resultCode,
      resultDesc,
      now: deps.now(),
    });
    after(async () => {
      await publishBalances(deps, [payment.user_id]);
      if (options.leakyBucketMessage) {
        deps.realtime.toUser(payment.user_id, 'LeakyBucket', {
          Type: 'Withdrawal/Withdrawal',
          Value: {
            CMSStatusMsg: {
              hasErrors: true,
              datasource_entries: [
                {
                  error_triggered: true,
                  value: 'MOBILE_MONEY_ERROR',
                  dimension_value: pushedMessage(payment, options.leakyBucketMessage),
                },
              ],
            },
            BBPaymentTransactionId: payment.public_id,
          },
        });
      } else {
        deps.realtime.toUser(payment.user_id, 'TransactionResult', {
          userMessage: pushedMessage(payment, paymentMessages.withdrawalNotPaid),
          bbPaymentTransactionId: payment.public_id,
        });
      }
    });
    return 'released';
  });
}

/** Books a payout the operator made: the reservation leaves the user's balance, once. */
export async function completeWithdrawal(
  ctx: PaymentsContext,
  by: PaymentLookup,
  transactionId: string | null,
  resultDesc: string,
): Promise<string> {
  const { deps } = ctx;
  return inTransaction(deps, async (tx, after) => {
    const payment = await lockPayment(tx, by);
    if (!payment || payment.direction !== 'withdrawal') return 'unknown';
    if (payment.status !== 'pending') return 'duplicate';
    const paidOut = payment.amount - payment.tax;
    const paidWhole = Math.floor(paidOut / 100) * 100;
    const entries: LedgerEntryInput[] = [
      {
        account: { userId: payment.user_id, kind: 'withdrawal_reserved' },
        amount: -payment.amount,
      },
      { account: { system: 'payments_clearing' }, amount: paidWhole },
    ];
    if (payment.tax > 0) entries.push({ account: { system: 'tax_payable' }, amount: payment.tax });
    if (paidOut - paidWhole > 0) {
      entries.push({
        account: { userId: payment.user_id, kind: 'cash' },
        amount: paidOut - paidWhole,
      });
    }
    await postTransaction(tx, {
      kind: 'withdrawal_payout',
      idempotencyKey: payoutKey(payment),
      userId: payment.user_id,
      entries,
      meta: { paymentId: payment.public_id, receipt: transactionId },
    });
    await settlePayment(tx, payment.id, {
      status: 'completed',
      resultCode: 0,
      resultDesc,
      ...(payment.provider === 'mpesa'
        ? { mpesaReceipt: transactionId }
        : { providerReceipt: transactionId }),
      now: deps.now(),
    });
    after(() => publishBalances(deps, [payment.user_id]));
    return 'paid';
  });
}
