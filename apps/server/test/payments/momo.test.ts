import { describe, expect, it } from 'vitest';
import * as momo from 'mtn-momo';
import {
  reconcilePayments,
  type PaymentsContext,
} from '../../src/modules/payments/payments.service';
import { SANDBOX_CREDENTIALS } from '../../src/config/mobile-money';
import { eventually } from './payments-test-kit';
import { useOperatorsApp } from './operator-kit';

/** MTN MoMo in Uganda (077…) and Zambia (096…), against the built-in MoMo sandbox. */
const kit = useOperatorsApp();
const { bed } = kit;

function withPayments(ctx: PaymentsContext, patch: object): PaymentsContext {
  const payments = { ...ctx.deps.config.payments, ...patch };
  return { ...ctx, deps: { ...ctx.deps, config: { ...ctx.deps.config, payments } } };
}

describe('MTN MoMo sandbox', () => {
  it('works with a published MoMo client, only its base URL changed', async () => {
    const c = SANDBOX_CREDENTIALS.momo;
    const { Users, Collections, Disbursements } = momo.create({
      callbackHost: '127.0.0.1',
      baseUrl: `${bed.t.url}/sandbox/momo`,
      environment: momo.Environment.SANDBOX,
    });
    // Sandbox provisioning, as on MTN's developer sandbox.
    const users = Users({ primaryKey: c.collectionSubscriptionKey });
    const userId = await users.create('127.0.0.1');
    const { apiKey } = await users.login(userId);
    const collections = Collections({
      primaryKey: c.collectionSubscriptionKey,
      userId,
      userSecret: apiKey,
    });
    const ref = await collections.requestToPay({
      amount: '5000',
      currency: 'UGX',
      externalId: 'client-check-1',
      payer: { partyIdType: momo.PayerType.MSISDN, partyId: '256772000123' },
      payerMessage: 'Dau',
      payeeNote: 'Dau',
    });
    expect(['PENDING', 'SUCCESSFUL']).toContain((await collections.getTransaction(ref)).status);
    const done = await eventually(async () => {
      const t = await collections.getTransaction(ref);
      return t.status === 'SUCCESSFUL' ? t : null;
    });
    expect(done).toMatchObject({ amount: '5000', currency: 'UGX', externalId: 'client-check-1' });
    expect(done.financialTransactionId).toMatch(/^\d{10}$/);

    // A rejected prompt surfaces as the client's own error type.
    const rejected = await collections.requestToPay({
      amount: '5000',
      currency: 'UGX',
      externalId: 'client-check-2',
      payer: { partyIdType: momo.PayerType.MSISDN, partyId: '256772001032' },
    });
    await eventually(async () =>
      collections.getTransaction(rejected).then(
        () => false,
        (error: unknown) => error instanceof momo.ApprovalRejectedError,
      ),
    );
    expect(await collections.isPayerActive('256772004044')).toEqual({ result: false });

    const disbursements = Disbursements({
      primaryKey: c.disbursementSubscriptionKey,
      userId: c.disbursementUserId,
      userSecret: c.disbursementApiKey,
    });
    const payout = await disbursements.transfer({
      amount: '2000',
      currency: 'ZMW',
      externalId: 'client-check-3',
      payee: { partyIdType: momo.PayerType.MSISDN, partyId: '260961000321' },
    });
    await eventually(
      async () => (await disbursements.getTransaction(payout)).status === 'SUCCESSFUL',
    );

    // Wrong credentials are refused as MoMo refuses them.
    const wrong = Collections({
      primaryKey: c.collectionSubscriptionKey,
      userId,
      userSecret: 'nope',
    });
    await expect(wrong.getBalance()).rejects.toBeInstanceOf(Error);
  });
});

describe('MTN MoMo deposits and payouts', () => {
  it('credits a Ugandan MTN deposit once, from the prompt to the callback', async () => {
    const u = await kit.user(1, '77', '0000');
    const res = await kit.deposit(u.cookies, { PhoneNumber: `0${u.phone.slice(4)}`, Amount: 5000 });
    expect(res.statusCode).toBe(200);
    const id = res.json().bbPaymentTransactionId as string;
    const row = await kit.payment(id);
    expect(row).toMatchObject({ provider: 'mtn-momo', status: 'pending', channel: 'stk' });
    expect(row.provider_reference).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(async () => (await kit.payment(id)).status === 'completed');
    const done = await kit.expectCredited(u.user.id, id);
    expect(done.provider_receipt).toMatch(/^\d{10}$/);
    await eventually(() => u.socket.of('Deposit Success').length === 1);
    expect(await kit.callbacks('mtn-momo-payment', id)).toEqual(['credited']);
  });

  it.each([
    ['1032', 'APPROVAL_REJECTED', 'You cancelled the MTN MoMo payment'],
    ['1001', 'NOT_ENOUGH_FUNDS', 'Your MTN MoMo balance is not enough'],
    ['4044', 'PAYER_NOT_FOUND', 'no active MTN MoMo account'],
  ])('fails a deposit from a …%s number (%s) and tells the user', async (suffix, code, message) => {
    const u = await kit.user(1, '78', suffix);
    const res = await kit.deposit(u.cookies, { PhoneNumber: u.phone, Amount: 2000 });
    const id = res.json().bbPaymentTransactionId as string;
    await eventually(async () => (await kit.payment(id)).status === 'failed');
    expect((await kit.payment(id)).result_desc).toContain(code);
    await eventually(() => u.socket.of('TransactionResult').length === 1);
    expect(u.socket.of('TransactionResult')[0]).toMatchObject({
      userMessage: expect.stringContaining(message),
      bbPaymentTransactionId: id,
    });
    expect(await kit.cash(u.user.id)).toBe(0);
  });

  it('credits a thrice-delivered callback once', async () => {
    const u = await kit.user(1, '76', '3333');
    const res = await kit.deposit(u.cookies, { PhoneNumber: u.phone, Amount: 1000 });
    const id = res.json().bbPaymentTransactionId as string;
    await eventually(async () => (await kit.callbacks('mtn-momo-payment', id)).length === 3);
    expect(await kit.callbacks('mtn-momo-payment', id)).toEqual([
      'credited',
      'duplicate',
      'duplicate',
    ]);
    await kit.expectCredited(u.user.id, id);
  });

  it('finds a lost callback by reconciliation, and expires a prompt nobody answers', async () => {
    const lost = await kit.user(3, '96', '4040');
    const a = (await kit.deposit(lost.cookies, { PhoneNumber: lost.phone, Amount: 150 })).json()
      .bbPaymentTransactionId as string;
    const silent = await kit.user(3, '76', '1037');
    const b = (await kit.deposit(silent.cookies, { PhoneNumber: silent.phone, Amount: 150 })).json()
      .bbPaymentTransactionId as string;
    await new Promise((r) => setTimeout(r, 150));
    expect((await kit.payment(a)).status).toBe('pending');

    await eventually(async () => {
      await reconcilePayments(bed.t.app.payments);
      return (await kit.payment(a)).status === 'completed';
    });
    await kit.expectCredited(lost.user.id, a);
    expect((await kit.payment(b)).status).toBe('pending');

    await reconcilePayments(withPayments(bed.t.app.payments, { depositExpireMs: 1 }));
    const expired = await kit.payment(b);
    expect(expired).toMatchObject({ status: 'failed' });
    expect(expired.expired_at).not.toBeNull();
    expect(expired.result_desc).toMatch(/^MTN MoMo EXPIRED: expired: .*status: pending/);
    await eventually(() => silent.socket.of('TransactionResult').length === 1);
  });

  it('takes a Zambian deposit in ngwee: two decimals are the currency, whole units only M-Pesa', async () => {
    const u = await kit.user(3, '76', '0000');
    const res = await kit.deposit(u.cookies, { PhoneNumber: u.phone, Amount: '25.50' });
    expect(res.statusCode).toBe(200);
    const id = res.json().bbPaymentTransactionId as string;
    expect(await kit.payment(id)).toMatchObject({ provider: 'mtn-momo', amount: 2_550 });
    await eventually(async () => (await kit.payment(id)).status === 'completed');
    await kit.expectCredited(u.user.id, id);
    expect(await kit.cash(u.user.id)).toBe(2_550);
  });

  it('pays out in Zambia, and gives the money back when MoMo cannot pay', async () => {
    const ok = await kit.user(3, '96', '0000', 50_000);
    expect((await kit.withdraw(ok.cookies, { Amount: 120 })).statusCode).toBe(204);
    const [paid] = await kit.payments(ok.user.id);
    expect(paid).toMatchObject({ provider: 'mtn-momo', direction: 'withdrawal' });
    await eventually(async () => (await kit.payment(paid!.public_id)).status === 'completed');
    expect((await kit.payment(paid!.public_id)).provider_receipt).toMatch(/^\d{10}$/);
    expect(await kit.cash(ok.user.id)).toBe(50_000 - 12_000);
    await eventually(() => ok.socket.of('LeakyBucket').length >= 1);

    const broke = await kit.user(3, '76', '1001', 50_000);
    expect((await kit.withdraw(broke.cookies, { Amount: 120 })).statusCode).toBe(204);
    const [failed] = await kit.payments(broke.user.id);
    await eventually(async () => (await kit.payment(failed!.public_id)).status === 'failed');
    expect(await kit.cash(broke.user.id)).toBe(50_000);
    const pushes = await eventually(() => {
      const all = broke.socket.of('LeakyBucket') as {
        Value: { CMSStatusMsg: { hasErrors: boolean } };
      }[];
      return all.some((p) => p.Value.CMSStatusMsg.hasErrors) ? all : null;
    });
    expect(JSON.stringify(pushes)).toContain('MTN MoMo');
  });

  it('refuses other networks and countries, unknown or forged callbacks, with nothing recorded or credited', async () => {
    const u = await kit.user(1, '77', '1037');
    // Uganda Telecom, Kenyan and picked-provider mismatches: 400 before any row.
    for (const [body, code] of [
      [{ PhoneNumber: '0711234567', Amount: 1000 }, 'NETWORK_NOT_SUPPORTED'],
      [{ PhoneNumber: '+254712345678', Amount: 1000 }, 'PHONE_INVALID'],
      [
        { PhoneNumber: u.phone, Amount: 1000, PaymentProvider: 'airtel-money' },
        'PROVIDER_NOT_FOR_NUMBER',
      ],
      [{ PhoneNumber: u.phone, Amount: 1000, PaymentProvider: 'tigo' }, 'PROVIDER_UNKNOWN'],
      [{ PhoneNumber: u.phone, Amount: '1000.5' }, 'AMOUNT_TOO_PRECISE'],
    ] as const) {
      const res = await kit.deposit(u.cookies, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().datasource_entries[0].value).toBe(code);
    }
    expect(await kit.payments(u.user.id)).toHaveLength(0);

    const id = (await kit.deposit(u.cookies, { PhoneNumber: u.phone, Amount: 1000 })).json()
      .bbPaymentTransactionId as string;
    const path = kit.callbackPath('mtn-momo', 1, 'payment');
    const forged = {
      externalId: id,
      amount: '1000',
      currency: 'UGX',
      status: 'SUCCESSFUL',
      financialTransactionId: '1',
    };
    const send = (url: string, payload: object) =>
      bed.t.app.inject({ method: 'PUT', url, payload });
    // A success MoMo itself does not confirm (the prompt is still open) credits nothing.
    expect((await send(path, forged)).statusCode).toBe(409);
    expect((await send(path, { ...forged, externalId: 'DPNOSUCHPAYMENT' })).statusCode).toBe(404);
    expect(
      (await send(path.replace(/callbacks\/[^/]+/, 'callbacks/wrong-token'), forged)).statusCode,
    ).toBe(404);
    expect((await send(path, { hello: 'world' })).statusCode).toBe(400);
    expect((await kit.payment(id)).status).toBe('pending');
    expect(await kit.cash(u.user.id)).toBe(0);
  });
});
