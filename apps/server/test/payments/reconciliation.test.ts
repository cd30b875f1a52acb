import { describe, expect, it } from 'vitest';
import {
  reconcilePayments,
  requestWithdrawal,
  type PaymentsContext,
} from '../../src/modules/payments/payments.service';
import { getBalances } from '../../src/modules/wallet/wallet.service';
import { eventually, usePaymentsApp } from './payments-test-kit';

/**
 * Payments whose callback never came: the sandbox's `4040` numbers complete the payment but
 * lose the callback, so only M-Pesa's status queries (STK query, TransactionStatusQuery) can
 * tell Dau what happened.
 */
const bed = usePaymentsApp({
  DARAJA_SANDBOX_DELAY_MS: '20',
  PAYMENTS_RECONCILE_INTERVAL_MS: '0',
  PAYMENTS_STALE_AFTER_MS: '1',
});

async function onlyPayment(userId: number) {
  const rows = await bed.t.deps.db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function ledgerKinds(userId: number) {
  const rows = await bed.t.deps.db
    .selectFrom('ledger_transactions')
    .select('kind')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}

async function callbacks(kind: string, reference: string) {
  const rows = await bed.t.deps.db
    .selectFrom('payment_callbacks')
    .select('outcome')
    .where('kind', '=', kind)
    .where('reference', '=', reference)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.outcome);
}

const statusCallbackUrl = (kind: 'b2c-status-result' | 'b2c-status-timeout') =>
  new URL(bed.t.app.payments.callbackUrl(kind)).pathname;

/** What Daraja posts after a TransactionStatusQuery about payout `publicId`. */
function statusResult(publicId: string, status: string, resultCode = 0) {
  return {
    Result: {
      ResultType: 0,
      ResultCode: resultCode,
      ResultDesc: 'The service request is processed successfully.',
      OriginatorConversationID: 'query-originator',
      ConversationID: 'AG_query',
      TransactionID: 'QRS1234567',
      ResultParameters: {
        ResultParameter: [
          { Key: 'ReceiptNo', Value: 'QRS1234567' },
          { Key: 'TransactionStatus', Value: status },
        ],
      },
      ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: publicId } },
    },
  };
}

describe('reconciliation of lost callbacks', () => {
  it('credits a deposit whose callback was lost, once, through the STK query', async () => {
    const u = await bed.signedIn('4040', 0);
    const res = await bed.post('/api/payments/deposit/', u.cookies, {
      PhoneNumber: u.phone,
      Amount: 75,
      SiteId: 2,
    });
    expect(res.statusCode).toBe(200);
    // The sandbox completes the payment but never calls back.
    const pending = await onlyPayment(u.user.id);
    await eventually(async () => {
      const q = await bed.t.app.payments.provider.stkQuery(pending.checkout_request_id ?? '');
      return q.state === 'done';
    });
    expect((await onlyPayment(u.user.id)).status).toBe('pending');

    const first = await reconcilePayments(bed.t.app.payments);
    expect(first.credited).toBe(1);
    const second = await reconcilePayments(bed.t.app.payments);
    expect(second.credited).toBe(0);
    expect((await onlyPayment(u.user.id)).status).toBe('completed');
    expect((await getBalances(bed.t.deps.db, u.user.id)).cash).toBe(7_500);
    expect(await ledgerKinds(u.user.id)).toEqual(['deposit']);
    await eventually(() => u.socket.of('Deposit Success').length > 0);
    expect(u.socket.of('Deposit Success')).toEqual([
      { amount: 75, bbPaymentTransactionId: pending.public_id },
    ]);
  });

  it('pays out, exactly once, a withdrawal whose B2C result was lost (TransactionStatusQuery)', async () => {
    const u = await bed.signedIn('4040', 30_000);
    const res = await bed.post('/api/payments/withdrawal/', u.cookies, {
      PhoneNumber: u.phone,
      Amount: 100,
      SiteId: 2,
    });
    expect(res.statusCode).toBe(204);
    const accepted = await eventually(async () => {
      const p = await onlyPayment(u.user.id);
      return p.conversation_id ? p : null;
    });
    // M-Pesa paid (the sandbox knows) but the result never reached Dau.
    await new Promise((r) => setTimeout(r, 80));
    expect((await onlyPayment(u.user.id)).status).toBe('pending');
    expect((await getBalances(bed.t.deps.db, u.user.id)).reserved).toBe(10_000);

    const summary = await reconcilePayments(bed.t.app.payments);
    expect(summary.queried).toBe(1);
    const paid = await eventually(async () => {
      const p = await onlyPayment(u.user.id);
      return p.status === 'completed' ? p : null;
    });
    expect(paid.mpesa_receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(paid.settled_at).not.toBeNull();

    // Asking again, and a late original result, change nothing.
    const again = await reconcilePayments(bed.t.app.payments);
    expect(again.queried).toBe(0);
    await bed.post(new URL(bed.t.app.payments.callbackUrl('b2c-result')).pathname, u.cookies, {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'late',
        OriginatorConversationID: accepted.originator_conversation_id,
        ConversationID: accepted.conversation_id,
        TransactionID: 'LATE000001',
      },
    });
    await bed.post(
      statusCallbackUrl('b2c-status-result'),
      u.cookies,
      statusResult(accepted.public_id, 'Completed'),
    );
    const b = await getBalances(bed.t.deps.db, u.user.id);
    expect(b).toMatchObject({ cash: 20_000, reserved: 0 });
    expect(await ledgerKinds(u.user.id)).toEqual([
      'grant_test',
      'withdrawal_reserve',
      'withdrawal_payout',
    ]);
    expect(await callbacks('b2c-status-result', accepted.public_id)).toEqual(['paid', 'duplicate']);
  });

  it('releases, exactly once, a payout M-Pesa reports as failed; unclear answers keep it reserved', async () => {
    const u = await bed.signedIn('0000', 20_000);
    const real = bed.t.app.payments.provider;
    // M-Pesa accepted this payout and then went silent about it.
    const silent: PaymentsContext = {
      ...bed.t.app.payments,
      provider: {
        stkPush: real.stkPush.bind(real),
        stkQuery: real.stkQuery.bind(real),
        registerC2bUrls: async () => {},
        b2cPayment: async (r) => ({
          conversationId: `AG_silent_${r.originatorConversationId}`,
          originatorConversationId: r.originatorConversationId,
        }),
        transactionStatus: real.transactionStatus.bind(real),
        reverse: real.reverse.bind(real),
      },
      background: (task) => void task(),
    };
    await requestWithdrawal(
      silent,
      { userId: u.user.id, externalId: u.user.external_id, siteId: 2, sessionId: 0 },
      { phone: u.phone, amount: 50 },
    );
    const p = await eventually(async () => {
      const row = await onlyPayment(u.user.id);
      return row.conversation_id ? row : null;
    });

    // Reconciliation asks; the sandbox has no such payout ("not found"), which proves nothing.
    const summary = await reconcilePayments(silent);
    expect(summary).toMatchObject({ queried: 1, released: 0 });
    await eventually(async () => (await callbacks('b2c-status-result', p.public_id)).length === 1);
    expect(await callbacks('b2c-status-result', p.public_id)).toEqual(['unresolved']);
    // Asked once per stale period, not at every run.
    expect((await onlyPayment(u.user.id)).status_queried_at).not.toBeNull();

    // A timed-out query, or a payout still in progress, settle nothing either.
    await bed.t.app.inject({
      method: 'POST',
      url: statusCallbackUrl('b2c-status-timeout'),
      payload: statusResult(p.public_id, 'Failed', 1),
    });
    await bed.t.app.inject({
      method: 'POST',
      url: statusCallbackUrl('b2c-status-result'),
      payload: statusResult(p.public_id, 'Pending'),
    });
    expect((await onlyPayment(u.user.id)).status).toBe('pending');
    expect((await getBalances(bed.t.deps.db, u.user.id)).reserved).toBe(5_000);

    // M-Pesa says it failed: released once, however often the answer comes.
    for (let i = 0; i < 3; i++) {
      const res = await bed.t.app.inject({
        method: 'POST',
        url: statusCallbackUrl('b2c-status-result'),
        payload: statusResult(p.public_id, 'Failed'),
      });
      expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    }
    expect(await callbacks('b2c-status-timeout', p.public_id)).toEqual(['unresolved']);
    expect(await callbacks('b2c-status-result', p.public_id)).toEqual([
      'unresolved',
      'unresolved',
      'released',
      'duplicate',
      'duplicate',
    ]);
    expect(await onlyPayment(u.user.id)).toMatchObject({ status: 'failed' });
    expect(await getBalances(bed.t.deps.db, u.user.id)).toMatchObject({
      cash: 20_000,
      reserved: 0,
    });
    expect(await ledgerKinds(u.user.id)).toEqual([
      'grant_test',
      'withdrawal_reserve',
      'withdrawal_release',
    ]);
    await eventually(() => u.socket.of('TransactionResult').length > 0);
  });

  it('ignores malformed and unknown status answers', async () => {
    const url = statusCallbackUrl('b2c-status-result');
    const bad = await bed.t.app.inject({ method: 'POST', url, payload: { nope: true } });
    expect(bad.statusCode).toBe(200);
    const unknown = await bed.t.app.inject({
      method: 'POST',
      url,
      payload: statusResult('WDDOESNOTEXIST', 'Completed'),
    });
    expect(unknown.statusCode).toBe(200);
    const outcomes = await bed.t.deps.db
      .selectFrom('payment_callbacks')
      .select('outcome')
      .where('kind', '=', 'b2c-status-result')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(outcomes.map((o) => o.outcome)).toEqual(['unknown', 'malformed']);
    const wrongToken = await bed.t.app.inject({
      method: 'POST',
      url: url.replace(bed.t.deps.config.payments.callbackToken, 'x'.repeat(32)),
      payload: statusResult('WDDOESNOTEXIST', 'Completed'),
    });
    expect(wrongToken.statusCode).toBe(404);
  });

  it('reverses a payout M-Pesa made after the queue timed out and Dau gave the money back', async () => {
    // 1038: the queue times out on the B2C request, then M-Pesa pays it after all.
    const u = await bed.signedIn('1038', 30_000);
    const res = await bed.post('/api/payments/withdrawal/', u.cookies, {
      PhoneNumber: u.phone,
      Amount: 100,
      SiteId: 2,
    });
    expect(res.statusCode).toBe(204);
    const failed = await eventually(async () => {
      const p = await onlyPayment(u.user.id);
      return p.status === 'failed' ? p : null;
    });
    expect(await getBalances(bed.t.deps.db, u.user.id)).toMatchObject({
      cash: 30_000,
      reserved: 0,
    });
    // The late payout is reversed; Dau's ledger does not move.
    await eventually(async () =>
      (await callbacks('b2c-result', failed.public_id)).includes('reversal-requested') ? 1 : null,
    );
    expect(
      await eventually(async () => {
        const outcomes = await callbacks('reversal-result', failed.public_id);
        return outcomes.length > 0 ? outcomes : null;
      }),
    ).toEqual(['reversed']);
    expect((await onlyPayment(u.user.id)).status).toBe('failed');
    expect(await getBalances(bed.t.deps.db, u.user.id)).toMatchObject({
      cash: 30_000,
      reserved: 0,
    });
    expect(await ledgerKinds(u.user.id)).toEqual([
      'grant_test',
      'withdrawal_reserve',
      'withdrawal_release',
    ]);
  });
});
