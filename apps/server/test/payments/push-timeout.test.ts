import { describe, expect, it } from 'vitest';
import {
  reconcilePayments,
  type PaymentsContext,
} from '../../src/modules/payments/payments.service';
import { getBalances } from '../../src/modules/wallet/wallet.service';
import { eventually, usePaymentsApp } from './payments-test-kit';

/**
 * An STK push M-Pesa never answers (ADR 126, issue #17). The sandbox's `0504` phones are
 * prompted and pay, but the answer to the push (with the CheckoutRequestID) is held until Dau
 * gives up after DARAJA_TIMEOUT_MS. The deposit must stay pending, not fail, and the callback,
 * whose URL names the deposit (`?ref=DP…`), must credit it exactly once, before or after the
 * deposit expired. Everything goes through the real HTTP interface and the built-in sandbox.
 */
const bed = usePaymentsApp({
  DARAJA_TIMEOUT_MS: '300',
  // The customer pays well after Dau gave up on the push.
  DARAJA_SANDBOX_DELAY_MS: '2000',
  PAYMENTS_RECONCILE_INTERVAL_MS: '0',
  PAYMENTS_STALE_AFTER_MS: '1',
});

function expiringNow(ctx: PaymentsContext): PaymentsContext {
  const payments = { ...ctx.deps.config.payments, depositExpireMs: 1 };
  return { ...ctx, deps: { ...ctx.deps, config: { ...ctx.deps.config, payments } } };
}

const row = (publicId: string) =>
  bed.t.deps.db
    .selectFrom('payments')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();

const stkPath = () => new URL(bed.t.app.payments.callbackUrl('stk')).pathname;

async function callbacksFor(checkoutRequestId: string) {
  return bed.t.deps.db
    .selectFrom('payment_callbacks')
    .select(['outcome', 'body'])
    .where('kind', '=', 'stk')
    .where('reference', '=', checkoutRequestId)
    .orderBy('id')
    .execute();
}

async function depositCredits(checkoutRequestId: string) {
  const rows = await bed.t.deps.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('idempotency_key', '=', `mpesa:stk:${checkoutRequestId}`)
    .execute();
  return rows.length;
}

/** Deposits KES 150 from a `0504` phone; the push times out, the answer is still 200. */
async function depositUnanswered() {
  const u = await bed.signedIn('0504');
  const started = Date.now();
  const res = await bed.post('/api/payments/deposit/', u.cookies, {
    PhoneNumber: u.phone,
    Amount: 150,
  });
  // The spec's "in progress" answer: the prompt may well be on the customer's phone.
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ cmsStatusMsg: { hasErrors: false } });
  expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  const id = res.json().bbPaymentTransactionId as string;
  expect(id).toMatch(/^DP/);
  const pending = await row(id);
  expect(pending).toMatchObject({ status: 'pending', checkout_request_id: null });
  expect(pending.result_desc).toBe('stk push unanswered: M-Pesa did not answer in time.');
  return { u, id };
}

describe('an STK push M-Pesa never answers', () => {
  it('stays pending, and the late callback credits it exactly once', async () => {
    const { u, id } = await depositUnanswered();

    // Reconciliation cannot query it (no checkout id) and must not fail it while it is young.
    const early = await reconcilePayments(bed.t.app.payments);
    expect(early).toMatchObject({ failed: 0, expired: 0 });
    expect((await row(id)).status).toBe('pending');

    // A callback naming this deposit but paid from another phone does not take it.
    const forged = await bed.t.app.inject({
      method: 'POST',
      url: `${stkPath()}?ref=${id}`,
      payload: {
        Body: {
          stkCallback: {
            MerchantRequestID: 'forged-1',
            CheckoutRequestID: 'ws_CO_FORGED0001',
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: 150 },
                { Name: 'MpesaReceiptNumber', Value: 'FORGED0001' },
                { Name: 'PhoneNumber', Value: 254700000001 },
              ],
            },
          },
        },
      },
    });
    expect(forged.statusCode).toBe(200);
    expect((await callbacksFor('ws_CO_FORGED0001')).map((c) => c.outcome)).toEqual(['unknown']);
    expect(await row(id)).toMatchObject({ status: 'pending', checkout_request_id: null });

    // The customer paid: the sandbox's callback (URL with ?ref=) credits the deposit.
    const paid = await eventually(async () => {
      const r = await row(id);
      return r.status === 'completed' ? r : null;
    });
    expect(paid.checkout_request_id).toMatch(/^ws_CO_/);
    expect(paid.mpesa_receipt).toEqual(expect.any(String));
    const checkoutId = paid.checkout_request_id!;
    expect((await getBalances(bed.t.deps.db, u.user.id)).cash).toBe(15_000);
    await eventually(() => u.socket.of('Deposit Success').length > 0);
    expect(u.socket.of('Deposit Success')).toHaveLength(1);
    expect(u.socket.of('Deposit Success')[0]).toMatchObject({ amount: 150 });

    // The same callback again, with and without the ref: duplicates, nothing changes.
    const [first] = await callbacksFor(checkoutId);
    expect(first?.outcome).toBe('credited');
    for (const url of [`${stkPath()}?ref=${id}`, stkPath()]) {
      const again = await bed.t.app.inject({ method: 'POST', url, payload: first!.body as object });
      expect(again.statusCode).toBe(200);
    }
    expect((await callbacksFor(checkoutId)).map((c) => c.outcome)).toEqual([
      'credited',
      'duplicate',
      'duplicate',
    ]);
    expect(await depositCredits(checkoutId)).toBe(1);
    expect((await getBalances(bed.t.deps.db, u.user.id)).cash).toBe(15_000);
    expect(await row(id)).toMatchObject({ status: 'completed', mpesa_receipt: paid.mpesa_receipt });
    // Settled: reconciliation has nothing left to do with it.
    await reconcilePayments(expiringNow(bed.t.app.payments));
    expect((await row(id)).status).toBe('completed');
  });

  it('expires at the deposit expiry, and a success that still comes is credited once', async () => {
    const { u, id } = await depositUnanswered();

    // Past the expiry, reconciliation fails it as expired (the push was never answered) and
    // tells the user, before the customer's payment arrives.
    const summary = await reconcilePayments(expiringNow(bed.t.app.payments));
    expect(summary).toMatchObject({ expired: 1 });
    const expired = await row(id);
    expect(expired).toMatchObject({ status: 'failed', checkout_request_id: null });
    expect(expired.expired_at).not.toBeNull();
    expect(expired.result_desc).toMatch(
      /^expired: M-Pesa never answered the STK push and no callback came \(stk push unanswered/,
    );
    await eventually(() => u.socket.of('TransactionResult').length > 0);
    expect(u.socket.of('TransactionResult')[0]).toMatchObject({
      bbPaymentTransactionId: id,
      userMessage: expect.stringContaining('never confirmed'),
    });
    expect((await getBalances(bed.t.deps.db, u.user.id)).cash).toBe(0);

    // The money was taken after all: the callback names the deposit and it is credited, once.
    const credited = await eventually(async () => {
      const r = await row(id);
      return r.status === 'completed' ? r : null;
    });
    expect(credited.expired_at).toBeNull();
    expect(credited.result_desc).toMatch(/^confirmed after it had expired/);
    const checkoutId = credited.checkout_request_id!;
    const [first] = await callbacksFor(checkoutId);
    expect(first?.outcome).toBe('credited-late');
    const again = await bed.t.app.inject({
      method: 'POST',
      url: `${stkPath()}?ref=${id}`,
      payload: first!.body as object,
    });
    expect(again.statusCode).toBe(200);
    expect((await callbacksFor(checkoutId)).map((c) => c.outcome)).toEqual([
      'credited-late',
      'duplicate',
    ]);
    expect(await depositCredits(checkoutId)).toBe(1);
    expect((await getBalances(bed.t.deps.db, u.user.id)).cash).toBe(15_000);
  });

  it('answers a callback whose ref is too long 400 in the error envelope', async () => {
    const bad = await bed.t.app.inject({
      method: 'POST',
      url: `${stkPath()}?ref=${'X'.repeat(41)}`,
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ hasErrors: true });
  });
});
