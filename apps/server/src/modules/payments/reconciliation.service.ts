import { siteConfig, isSiteId } from '@dau/domain/sites';
import { settleStk } from './daraja.callbacks';
import { settleOperatorDeposit } from './deposits.service';
import type { MobileMoneyOperator, OperatorOutcome } from './mobile-money.operator';
import { MobileMoneyError } from './mobile-money.provider';
import type { PaymentsContext } from './payments.context';
import { paymentMessages } from './payments.messages';
import { markStatusQueried, stalePendingPayments } from './payments.repository';
import { failWithdrawal, settleDeposit } from './payments.settlement';
import type { Payment } from './payments.tables';
import { settleOperatorPayout } from './withdrawals.service';

export interface ReconcileSummary {
  checked: number;
  credited: number;
  failed: number;
  released: number;
  /** Payouts M-Pesa was asked about (TransactionStatusQuery); the answers settle them. */
  queried: number;
  stillPending: number;
  /** Deposits failed because no confirmation came within PAYMENTS_DEPOSIT_EXPIRE_MS. */
  expired: number;
}

/**
 * Settles payments whose callback never came (ADR 133). Deposits: the provider is asked (STK
 * query, MoMo/Airtel/Vodacom status); a final answer settles it; one still unconfirmed once it
 * is PAYMENTS_DEPOSIT_EXPIRE_MS old is failed as expired, with the reason, so nothing stays
 * pending for ever (a success that still comes later is credited, once). Withdrawals: one the
 * operator never accepted is released; M-Pesa's accepted but silent ones by a
 * TransactionStatusQuery, whose asynchronous answer pays or releases them; the other operators'
 * by their status answer. Only when no usable answer came by PAYMENTS_B2C_GIVE_UP_MS is a
 * payout released unasked, flagged for a statement check.
 */
export async function reconcilePayments(ctx: PaymentsContext): Promise<ReconcileSummary> {
  const { deps } = ctx;
  const now = deps.now();
  const stale = await stalePendingPayments(
    deps.db,
    new Date(now.getTime() - deps.config.payments.staleAfterMs),
  );
  const summary: ReconcileSummary = {
    checked: stale.length,
    credited: 0,
    failed: 0,
    released: 0,
    queried: 0,
    stillPending: 0,
    expired: 0,
  };
  const count = (outcome: string) => {
    if (outcome === 'credited' || outcome === 'credited-late' || outcome === 'paid')
      summary.credited++;
    else if (outcome === 'failed') summary.failed++;
    else if (outcome === 'expired') summary.expired++;
    else if (outcome === 'released') summary.released++;
    else if (outcome === 'pending' || outcome === 'unresolved') summary.stillPending++;
  };
  for (const payment of stale) {
    if (payment.provider !== 'mpesa') {
      count(await reconcileOperatorPayment(ctx, payment));
    } else if (payment.direction === 'deposit') {
      count(await reconcileStk(ctx, payment));
    } else {
      const outcome = await reconcileB2c(ctx, payment);
      if (outcome === 'queried') {
        summary.queried++;
        summary.stillPending++;
      } else count(outcome);
    }
  }
  return summary;
}

function ageOf(ctx: PaymentsContext, payment: Payment): number {
  return ctx.deps.now().getTime() - new Date(payment.created_at).getTime();
}

function depositExpired(ctx: PaymentsContext, payment: Payment): boolean {
  return ageOf(ctx, payment) >= ctx.deps.config.payments.depositExpireMs;
}

async function reconcileStk(ctx: PaymentsContext, payment: Payment): Promise<string> {
  if (!payment.checkout_request_id) {
    // The push went unanswered (or the server stopped around it): M-Pesa may have prompted the
    // customer, and the STK query needs the checkout id. It waits for its callback, which names
    // it, until it expires; a success after that is still credited, once (ADR 126).
    if (!depositExpired(ctx, payment)) return 'pending';
    const outcome = await settleDeposit(
      ctx,
      { id: payment.id },
      {
        ok: false,
        resultCode: null,
        resultDesc: `expired: M-Pesa never answered the STK push and no callback came (${payment.result_desc ?? 'no push answer'})`,
        paidUnits: null,
        receipt: null,
        receiptColumn: 'mpesa',
        idempotencyKey: `mpesa:stk:${payment.public_id}`,
        failureMessage: paymentMessages.depositExpired('M-Pesa'),
        expired: true,
      },
    );
    return outcome === 'failed' ? 'expired' : outcome;
  }
  let result;
  try {
    result = await ctx.provider.stkQuery(payment.checkout_request_id);
  } catch (error) {
    if (!(error instanceof MobileMoneyError)) throw error;
    result = { state: 'pending' as const, error: error.message };
  }
  if (result.state === 'pending') {
    if (!depositExpired(ctx, payment)) return 'pending';
    const why = 'error' in result ? `status query failed: ${result.error}` : 'still pending';
    const outcome = await settleDeposit(
      ctx,
      { checkoutRequestId: payment.checkout_request_id },
      {
        ok: false,
        resultCode: null,
        resultDesc: `expired: M-Pesa did not confirm within the deposit expiry (STK query: ${why})`,
        paidUnits: null,
        receipt: null,
        receiptColumn: 'mpesa',
        idempotencyKey: `mpesa:stk:${payment.checkout_request_id}`,
        failureMessage: paymentMessages.depositExpired('M-Pesa'),
        expired: true,
      },
    );
    return outcome === 'failed' ? 'expired' : outcome;
  }
  return settleStk(ctx, payment.checkout_request_id, {
    resultCode: result.resultCode,
    resultDesc: result.resultDesc,
    paidUnits: null,
    receipt: null,
  });
}

async function reconcileB2c(ctx: PaymentsContext, payment: Payment): Promise<string> {
  const { deps } = ctx;
  const now = deps.now();
  // Never accepted by M-Pesa: nothing can have been paid, release now. Accepted but silent:
  // ask M-Pesa (at most once per stale period) until the give-up time.
  if (payment.conversation_id && ageOf(ctx, payment) < deps.config.payments.b2cGiveUpMs) {
    const asked = payment.status_queried_at ? new Date(payment.status_queried_at) : null;
    if (asked && now.getTime() - asked.getTime() < deps.config.payments.staleAfterMs) {
      return 'pending';
    }
    try {
      await ctx.provider.transactionStatus({
        originatorConversationId: payment.originator_conversation_id ?? payment.public_id,
        transactionId: payment.mpesa_receipt,
        occasion: payment.public_id,
        remarks: `Dau withdrawal ${payment.public_id} status`,
        resultUrl: ctx.callbackUrl('b2c-status-result'),
        timeoutUrl: ctx.callbackUrl('b2c-status-timeout'),
      });
      await markStatusQueried(deps.db, payment.id, now);
      return 'queried';
    } catch (error) {
      if (!(error instanceof MobileMoneyError)) throw error;
      return 'pending';
    }
  }
  return failWithdrawal(
    ctx,
    payment.id,
    null,
    payment.conversation_id
      ? 'no result from M-Pesa before the give-up time (reconciliation); check the B2C statement'
      : 'M-Pesa never accepted the payout request (reconciliation)',
  );
}

/** MTN MoMo, Airtel Money, Vodacom M-Pesa: their status answer is immediate. */
async function reconcileOperatorPayment(ctx: PaymentsContext, payment: Payment): Promise<string> {
  const { deps } = ctx;
  const siteId = isSiteId(payment.site_id) ? payment.site_id : siteConfig(2).siteId;
  const operator: MobileMoneyOperator | null =
    payment.provider === 'mpesa' ? null : ctx.operators.get(payment.provider, siteId);
  const ref = {
    reference: payment.public_id,
    providerReference: payment.provider_reference ?? payment.public_id,
  };
  let outcome: OperatorOutcome | { state: 'error'; detail: string };
  if (!operator) outcome = { state: 'error', detail: 'the operator is not configured here' };
  else {
    try {
      outcome =
        payment.direction === 'deposit'
          ? await operator.paymentStatus(ref)
          : await operator.payoutStatus(ref);
    } catch (error) {
      if (!(error instanceof MobileMoneyError)) throw error;
      outcome = { state: 'error', detail: error.message };
    }
  }
  await deps.db
    .updateTable('payments')
    .set({ status_queried_at: deps.now() })
    .where('id', '=', payment.id)
    .execute();
  if (payment.direction === 'deposit') {
    if (operator && (outcome.state === 'succeeded' || outcome.state === 'failed')) {
      return settleOperatorDeposit(ctx, operator, ref.providerReference, outcome);
    }
    // The operator never got it, or has not decided: expire it once it is old enough.
    if (!depositExpired(ctx, payment)) return 'pending';
    const name = operator?.name ?? payment.provider;
    const detail = `expired: no confirmation within the deposit expiry (status: ${outcome.state}${'detail' in outcome ? `, ${outcome.detail}` : ''})`;
    const settled = operator
      ? await settleOperatorDeposit(
          ctx,
          operator,
          ref.providerReference,
          { state: 'failed', reason: 'expired', code: 'EXPIRED', detail },
          { expired: true },
        )
      : await settleDeposit(
          ctx,
          { id: payment.id },
          {
            ok: false,
            resultCode: null,
            resultDesc: detail,
            paidUnits: null,
            receipt: null,
            receiptColumn: 'provider',
            idempotencyKey: `${payment.provider}:deposit:${ref.providerReference}`,
            failureMessage: paymentMessages.depositExpired(name),
            expired: true,
          },
        );
    return settled === 'failed' ? 'expired' : settled;
  }
  if (operator && (outcome.state === 'succeeded' || outcome.state === 'failed')) {
    return settleOperatorPayout(ctx, operator, payment, outcome);
  }
  // Not found by the operator: the request never reached it, so nothing was paid.
  if (outcome.state === 'not-found') {
    return failWithdrawal(
      ctx,
      payment.id,
      null,
      `${operator?.name ?? payment.provider} does not know the payout (reconciliation)`,
    );
  }
  if (ageOf(ctx, payment) < deps.config.payments.b2cGiveUpMs) return 'pending';
  return failWithdrawal(
    ctx,
    payment.id,
    null,
    `no result from ${operator?.name ?? payment.provider} before the give-up time (reconciliation); check the statement`,
  );
}
