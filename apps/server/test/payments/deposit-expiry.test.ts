import { describe, expect, it } from 'vitest';
import {
  reconcilePayments,
  type PaymentsContext,
} from '../../src/modules/payments/payments.service';
import { getBalances } from '../../src/modules/wallet/wallet.service';
import { eventually, usePaymentsApp } from './payments-test-kit';

/**
 * A deposit nobody ever confirms (ADR 133): the sandbox keeps the PIN prompt open for a minute,
 * so the STK query says "still processing"; once the deposit is older than
 * PAYMENTS_DEPOSIT_EXPIRE_MS, reconciliation fails it with the reason. A success that still
 * arrives later is credited, once.
 */
const bed = usePaymentsApp({
  DARAJA_SANDBOX_DELAY_MS: '60000',
  PAYMENTS_RECONCILE_INTERVAL_MS: '0',
  PAYMENTS_STALE_AFTER_MS: '1',
});

function expiringNow(ctx: PaymentsContext): PaymentsContext {
  const payments = { ...ctx.deps.config.payments, depositExpireMs: 1 };
  return { ...ctx, deps: { ...ctx.deps, config: { ...ctx.deps.config, payments } } };
}

describe('deposit expiry', () => {
  it('keeps a young unconfirmed deposit pending, then fails it as expired with the reason', async () => {
    const u = await bed.signedIn('0000');
    const res = await bed.post('/api/payments/deposit/', u.cookies, {
      PhoneNumber: u.phone,
      Amount: 150,
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().bbPaymentTransactionId as string;
    const row = () =>
      bed.t.deps.db
        .selectFrom('payments')
        .selectAll()
        .where('public_id', '=', id)
        .executeTakeFirstOrThrow();

    // Young: the query says the customer is still looking at the prompt; it stays pending.
    const early = await reconcilePayments(bed.t.app.payments);
    expect(early).toMatchObject({ stillPending: 1, expired: 0 });
    expect((await row()).status).toBe('pending');

    // Past the expiry: queried once more, then failed with the reason, and the user is told.
    const summary = await reconcilePayments(expiringNow(bed.t.app.payments));
    expect(summary).toMatchObject({ expired: 1, stillPending: 0 });
    const expired = await row();
    expect(expired).toMatchObject({ status: 'failed' });
    expect(expired.expired_at).not.toBeNull();
    expect(expired.result_desc).toMatch(/^expired: M-Pesa did not confirm .*still pending/);
    await eventually(() => u.socket.of('TransactionResult').length > 0);
    expect(u.socket.of('TransactionResult')[0]).toMatchObject({
      bbPaymentTransactionId: id,
      userMessage: expect.stringContaining('never confirmed'),
    });
    // Nothing is pending any more: a later run has nothing to do.
    expect((await reconcilePayments(expiringNow(bed.t.app.payments))).checked).toBe(0);

    // M-Pesa confirms after all: the money was taken, so it is credited, exactly once.
    const callbackUrl = new URL(bed.t.app.payments.callbackUrl('stk')).pathname;
    const late = {
      Body: {
        stkCallback: {
          MerchantRequestID: expired.merchant_request_id,
          CheckoutRequestID: expired.checkout_request_id,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 150 },
              { Name: 'MpesaReceiptNumber', Value: 'LATE0EXP01' },
              { Name: 'PhoneNumber', Value: Number(u.phone.slice(1)) },
            ],
          },
        },
      },
    };
    for (let i = 0; i < 2; i++) {
      const ack = await bed.t.app.inject({ method: 'POST', url: callbackUrl, payload: late });
      expect(ack.statusCode).toBe(200);
    }
    const credited = await row();
    expect(credited).toMatchObject({ status: 'completed', mpesa_receipt: 'LATE0EXP01' });
    expect(credited.expired_at).toBeNull();
    expect((await getBalances(bed.t.deps.db, u.user.id)).cash).toBe(15_000);
    const outcomes = await bed.t.deps.db
      .selectFrom('payment_callbacks')
      .select('outcome')
      .where('reference', '=', expired.checkout_request_id)
      .orderBy('id')
      .execute();
    expect(outcomes.map((o) => o.outcome)).toEqual(['credited-late', 'duplicate']);
  });
});
