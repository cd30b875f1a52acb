import { describe, expect, it } from 'vitest';
import { reconcilePayments } from '../../src/modules/payments/payments.service';
import { getBalances } from '../../src/modules/wallet/wallet.service';
import { eventually, usePaymentsApp } from './payments-test-kit';

const bed = usePaymentsApp({
  DARAJA_SANDBOX_DELAY_MS: '40',
  PAYMENTS_RECONCILE_INTERVAL_MS: '0',
  PAYMENTS_STALE_AFTER_MS: '1',
});

function deposit(
  cookies: { authBB: string },
  body: Record<string, unknown>,
  path = '/api/payments/deposit/',
) {
  return bed.t.app.inject({
    method: 'POST',
    url: path,
    cookies,
    payload: {
      BBAPIKey: 'ignored',
      SiteId: 2,
      CurrencyCode: 'KES',
      TimeStamp: Date.now(),
      ...body,
    },
  });
}

async function payment(publicId: string) {
  return bed.t.deps.db
    .selectFrom('payments')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();
}

async function callbacksFor(checkoutRequestId: string | null) {
  return bed.t.deps.db
    .selectFrom('payment_callbacks')
    .select(['outcome'])
    .where('reference', '=', checkoutRequestId ?? '')
    .orderBy('id')
    .execute();
}

describe('STK deposit', () => {
  it('credits exactly once although the callback arrives three times', async () => {
    const u = await bed.signedIn('3333');
    const res = await deposit(u.cookies, { PhoneNumber: u.phone, Amount: 150 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cmsStatusMsg).toEqual({ hasErrors: false, datasource_entries: [] });
    const id: string = body.bbPaymentTransactionId;
    expect(id).toMatch(/^DP/);

    const row = await eventually(async () => {
      const p = await payment(id);
      const cbs = await callbacksFor(p.checkout_request_id);
      return cbs.length === 3 ? p : null;
    });
    expect((await callbacksFor(row.checkout_request_id)).map((c) => c.outcome).sort()).toEqual([
      'credited',
      'duplicate',
      'duplicate',
    ]);
    expect(row.status).toBe('completed');
    expect(row.mpesa_receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect((await getBalances(bed.t.deps.db, u.user.id)).cash).toBe(15_000);
    // The list: one line, with the M-Pesa receipt, although three callbacks came.
    const list = await bed.t.app.inject({
      method: 'GET',
      url: '/api/core/customer/transactions',
      cookies: u.cookies,
    });
    expect(list.json()).toMatchObject({
      total: 1,
      items: [
        {
          type: 'deposit',
          status: 'completed',
          amount: 150,
          runningBalance: 150,
          reference: row.public_id,
          providerReference: row.mpesa_receipt,
        },
      ],
    });

    await eventually(() => u.socket.of('Deposit Success').length > 0);
    expect(u.socket.of('Deposit Success')).toEqual([
      { amount: 150, bbPaymentTransactionId: row.public_id },
    ]);
    expect(u.socket.of('First Deposit Success')).toEqual([{ amount: 150 }]);
    expect(u.socket.of('wallet').at(-1)).toEqual({ real: 150, bonus: 0, total: 150, reserved: 0 });
    expect(u.socket.of('userdata').at(-1)).toEqual({ CashBalance: 150, FreeBetBalance: 0 });

    // A second deposit is not a first deposit any more.
    const again = await deposit(
      u.cookies,
      { PhoneNumber: u.phone, Amount: '20' },
      '/api/payments/v2/deposit/',
    );
    expect(again.statusCode).toBe(200);
    await eventually(() => u.socket.of('Deposit Success').length === 2);
    expect(u.socket.of('First Deposit Success')).toHaveLength(1);
    expect((await getBalances(bed.t.deps.db, u.user.id)).cash).toBe(17_000);
  });

  it('credits nothing when the user cancels, and pushes TransactionResult', async () => {
    const u = await bed.signedIn('1032');
    const res = await deposit(u.cookies, { PhoneNumber: u.phone, Amount: 50 });
    expect(res.statusCode).toBe(200);
    const id = res.json().bbPaymentTransactionId;
    await eventually(() => u.socket.of('TransactionResult').length > 0);
    expect(u.socket.of('TransactionResult')).toEqual([
      {
        userMessage: 'You cancelled the M-Pesa payment. Your deposit was not made.',
        bbPaymentTransactionId: id,
      },
    ]);
    const row = await payment(id);
    expect(row.status).toBe('failed');
    expect(row.result_code).toBe(1032);
    expect((await getBalances(bed.t.deps.db, u.user.id)).cash).toBe(0);
    expect(u.socket.of('Deposit Success')).toEqual([]);
  });

  it('reports wrong PIN and insufficient funds with their own messages', async () => {
    for (const [suffix, message] of [
      ['2001', 'The M-Pesa PIN was wrong. Please try the deposit again.'],
      ['1001', 'Your M-Pesa balance is not enough for this deposit.'],
    ] as const) {
      const u = await bed.signedIn(suffix);
      expect((await deposit(u.cookies, { PhoneNumber: u.phone, Amount: 10 })).statusCode).toBe(200);
      await eventually(() => u.socket.of('TransactionResult').length > 0);
      expect(u.socket.of('TransactionResult')[0]).toMatchObject({ userMessage: message });
      expect((await getBalances(bed.t.deps.db, u.user.id)).cash).toBe(0);
    }
  });

  it('settles an unreachable phone (no callback) through reconciliation', async () => {
    const u = await bed.signedIn('1037');
    const id = (await deposit(u.cookies, { PhoneNumber: u.phone, Amount: 10 })).json()
      .bbPaymentTransactionId;
    // The sandbox never calls back; once M-Pesa knows the outcome, the query finds it.
    const summary = await eventually(async () => {
      const s = await bed.t.app.payments.provider.stkQuery(
        (await payment(id)).checkout_request_id ?? '',
      );
      return s.state === 'done' ? s : null;
    });
    expect(summary).toMatchObject({ resultCode: 1037 });
    const result = await reconcilePayments(bed.t.app.payments);
    expect(result).toMatchObject({ failed: 1 });
    expect((await payment(id)).status).toBe('failed');
    await eventually(() => u.socket.of('TransactionResult').length > 0);
  });

  it('refuses bad input with clear messages and starts nothing', async () => {
    const u = await bed.signedIn('0000');
    const cases: [Record<string, unknown>, string][] = [
      [{ PhoneNumber: '', Amount: 10 }, 'Phone number is required!'],
      [
        { PhoneNumber: u.phone, Amount: 10.5 },
        'M-Pesa accepts whole amounts only. Please enter 10 or 11.',
      ],
      [{ PhoneNumber: u.phone, Amount: 1 }, 'The minimum deposit is KSh 2.00.'],
      [
        { PhoneNumber: u.phone, Amount: 'ten' },
        'Please enter a valid amount, with at most two decimals.',
      ],
      [{ PhoneNumber: '12345', Amount: 10 }, 'Please enter a valid mobile number.'],
      [{ PhoneNumber: u.phone, Amount: 250_001 }, 'The maximum deposit is KSh 250,000.00.'],
    ];
    for (const [body, message] of cases) {
      const res = await deposit(u.cookies, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().datasource_entries[0].dimension_value).toBe(message);
    }
    const count = await bed.t.deps.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', u.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    expect(
      (await deposit({ authBB: 'nope' }, { PhoneNumber: u.phone, Amount: 10 })).statusCode,
    ).toBe(401);
  });
});

describe('paybill (C2B)', () => {
  it('credits a paybill payment named by username or phone, once per receipt', async () => {
    const u = await bed.signedIn('0000');
    await bed.t.app.payments.provider.registerC2bUrls({
      validationUrl: bed.t.app.payments.callbackUrl('c2b-validation'),
      confirmationUrl: bed.t.app.payments.callbackUrl('c2b-confirmation'),
    });
    const body = {
      TransactionType: 'Pay Bill',
      TransID: `TST${Date.now()}`.slice(0, 10),
      TransTime: '20261121120000',
      TransAmount: '75.00',
      BusinessShortCode: '174379',
      BillRefNumber: u.user.username ?? '',
      MSISDN: '2547xxxx',
    };
    const url = bed.t.app.payments.callbackUrl('c2b-confirmation');
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
    }
    expect((await getBalances(bed.t.deps.db, u.user.id)).cash).toBe(7_500);
    await eventually(() => u.socket.of('Deposit Success').length > 0);

    // Through the sandbox, as a customer paying from the phone with the phone number as account.
    const token = await fetch(
      `${bed.t.url}/sandbox/daraja/oauth/v1/generate?grant_type=client_credentials`,
      {
        headers: {
          authorization: `Basic ${Buffer.from('dau-sandbox-key:dau-sandbox-secret').toString('base64')}`,
        },
      },
    ).then((r) => r.json() as Promise<{ access_token: string }>);
    const simulate = await fetch(`${bed.t.url}/sandbox/daraja/mpesa/c2b/v1/simulate`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        ShortCode: '174379',
        CommandID: 'CustomerPayBillOnline',
        Amount: 25,
        Msisdn: '254708374149',
        BillRefNumber: `0${u.phone.slice(4)}`,
      }),
    });
    expect(simulate.status).toBe(200);
    await eventually(async () => (await getBalances(bed.t.deps.db, u.user.id)).cash === 10_000);

    const validation = await fetch(bed.t.app.payments.callbackUrl('c2b-validation'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, TransID: 'UNKNOWN001', BillRefNumber: 'nobody-here' }),
    });
    expect(await validation.json()).toEqual({ ResultCode: 'C2B00012', ResultDesc: 'Rejected' });
  });

  it('refuses a callback without the secret token', async () => {
    const res = await bed.t.app.inject({
      method: 'POST',
      url: '/api/payments/callbacks/wrong/stk',
      payload: {},
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('deposit limits', () => {
  it('applies a decrease at once and an increase only after 24 hours', async () => {
    const u = await bed.signedIn('0000');
    const set = (body: object) =>
      bed.t.app.inject({
        method: 'POST',
        url: '/api/payments/deposit-limits',
        cookies: u.cookies,
        payload: body,
      });
    expect((await set({ daily: 100 })).json().limits[0]).toEqual({
      period: 'daily',
      amount: 100,
      pendingAmount: null,
      pendingFrom: null,
    });
    const refused = await deposit(u.cookies, { PhoneNumber: u.phone, Amount: 150 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().datasource_entries[0].dimension_value).toMatch(
      /daily deposit limit.*KSh 100\.00/,
    );

    const raised = (await set({ daily: 1000 })).json().limits[0];
    expect(raised).toMatchObject({ amount: 100, pendingAmount: 1000 });
    expect(new Date(raised.pendingFrom).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect((await deposit(u.cookies, { PhoneNumber: u.phone, Amount: 150 })).statusCode).toBe(403);

    const lowered = (await set({ daily: 50 })).json().limits[0];
    expect(lowered).toMatchObject({ amount: 50, pendingAmount: null });
    expect((await deposit(u.cookies, { PhoneNumber: u.phone, Amount: 50 })).statusCode).toBe(200);
    await eventually(async () => (await getBalances(bed.t.deps.db, u.user.id)).cash === 5_000);
  });
});
