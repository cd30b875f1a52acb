import { describe, expect, it } from 'vitest';
import { airtelCallbackHash } from '../../src/modules/payments/airtel-money.operator';
import {
  reconcilePayments,
  type PaymentsContext,
} from '../../src/modules/payments/payments.service';
import { SANDBOX_CREDENTIALS } from '../../src/config/mobile-money';
import { eventually } from './payments-test-kit';
import { useOperatorsApp } from './operator-kit';

/** Airtel Money in Uganda (075…), Zambia (097…) and Tanzania (068…), against its sandbox. */
const kit = useOperatorsApp();
const { bed } = kit;

function expiringNow(ctx: PaymentsContext): PaymentsContext {
  const payments = { ...ctx.deps.config.payments, depositExpireMs: 1 };
  return { ...ctx, deps: { ...ctx.deps, config: { ...ctx.deps.config, payments } } };
}

describe('Airtel Money sandbox protocol', () => {
  it('issues tokens for known clients only and wants X-Country/X-Currency', async () => {
    const base = `${bed.t.url}/sandbox/airtel`;
    const token = async (secret: string) =>
      fetch(`${base}/auth/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: SANDBOX_CREDENTIALS.airtel.clientId,
          client_secret: secret,
          grant_type: 'client_credentials',
        }),
      });
    expect((await token('wrong')).status).toBe(401);
    const { access_token } = (await (
      await token(SANDBOX_CREDENTIALS.airtel.clientSecret)
    ).json()) as {
      access_token: string;
    };
    const enquiry = await fetch(`${base}/standard/v1/payments/NOPE`, {
      headers: { authorization: `Bearer ${access_token}`, 'x-country': 'UG', 'x-currency': 'TZS' },
    });
    expect(enquiry.status).toBe(400);
    const notFound = await fetch(`${base}/standard/v1/payments/NOPE`, {
      headers: { authorization: `Bearer ${access_token}`, 'x-country': 'UG', 'x-currency': 'UGX' },
    });
    expect(await notFound.json()).toMatchObject({
      status: { response_code: 'DP00800001025', success: false },
    });
  });
});

describe('Airtel Money deposits and payouts', () => {
  it.each([
    [1, '75'],
    [3, '97'],
    [4, '68'],
  ] as const)(
    'credits a deposit on site %i (%s…) once, from the push to the signed callback',
    async (siteId, prefix) => {
      const u = await kit.user(siteId, prefix, '0000');
      const res = await kit.deposit(u.cookies, { PhoneNumber: u.phone, Amount: 2000 });
      expect(res.statusCode).toBe(200);
      const id = res.json().bbPaymentTransactionId as string;
      expect(await kit.payment(id)).toMatchObject({
        provider: 'airtel-money',
        provider_reference: id,
      });
      await eventually(async () => (await kit.payment(id)).status === 'completed');
      const row = await kit.expectCredited(u.user.id, id);
      expect(row.provider_receipt).toMatch(/^MP\d{6}\./);
      expect(await kit.callbacks('airtel-money-payment', id)).toEqual(['credited']);
    },
  );

  it.each([
    ['1032', 'You cancelled the Airtel Money payment'],
    ['1001', 'Your Airtel Money balance is not enough'],
    ['4044', 'no active Airtel Money account'],
  ])('fails a deposit from a …%s number and says why', async (suffix, message) => {
    const u = await kit.user(1, '70', suffix);
    const id = (await kit.deposit(u.cookies, { PhoneNumber: u.phone, Amount: 2000 })).json()
      .bbPaymentTransactionId as string;
    await eventually(async () => (await kit.payment(id)).status === 'failed');
    await eventually(() => u.socket.of('TransactionResult').length === 1);
    expect(u.socket.of('TransactionResult')[0]).toMatchObject({
      userMessage: expect.stringContaining(message),
    });
    expect(await kit.cash(u.user.id)).toBe(0);
  });

  it('credits a thrice-delivered callback once; reconciliation finds a lost one and expires a silent one', async () => {
    const dup = await kit.user(3, '77', '3333');
    const a = (await kit.deposit(dup.cookies, { PhoneNumber: dup.phone, Amount: 100 })).json()
      .bbPaymentTransactionId as string;
    await eventually(async () => (await kit.callbacks('airtel-money-payment', a)).length === 3);
    expect(await kit.callbacks('airtel-money-payment', a)).toEqual([
      'credited',
      'duplicate',
      'duplicate',
    ]);
    await kit.expectCredited(dup.user.id, a);

    const lost = await kit.user(4, '69', '4040');
    const b = (await kit.deposit(lost.cookies, { PhoneNumber: lost.phone, Amount: 1000 })).json()
      .bbPaymentTransactionId as string;
    const silent = await kit.user(4, '78', '1037');
    const c = (
      await kit.deposit(silent.cookies, { PhoneNumber: silent.phone, Amount: 1000 })
    ).json().bbPaymentTransactionId as string;
    await eventually(async () => {
      await reconcilePayments(bed.t.app.payments);
      return (await kit.payment(b)).status === 'completed';
    });
    await kit.expectCredited(lost.user.id, b);
    expect((await kit.payment(c)).status).toBe('pending');
    await reconcilePayments(expiringNow(bed.t.app.payments));
    expect(await kit.payment(c)).toMatchObject({ status: 'failed' });
    expect((await kit.payment(c)).expired_at).not.toBeNull();
  });

  it('pays out (Uganda), gives the money back when Airtel cannot pay, settles a slow answer by enquiry', async () => {
    const ok = await kit.user(1, '74', '0000', 800_000);
    expect((await kit.withdraw(ok.cookies, { Amount: 5000 })).statusCode).toBe(204);
    const [paid] = await kit.payments(ok.user.id);
    await eventually(async () => (await kit.payment(paid!.public_id)).status === 'completed');
    expect(await kit.cash(ok.user.id)).toBe(800_000 - 500_000);

    const broke = await kit.user(1, '75', '1001', 800_000);
    expect((await kit.withdraw(broke.cookies, { Amount: 5000 })).statusCode).toBe(204);
    const [failed] = await kit.payments(broke.user.id);
    await eventually(async () => (await kit.payment(failed!.public_id)).status === 'failed');
    expect(await kit.cash(broke.user.id)).toBe(800_000);

    // A payout whose answer was slow: the enquiry settles it.
    const slow = await kit.user(1, '70', '4040', 800_000);
    expect((await kit.withdraw(slow.cookies, { Amount: 5000 })).statusCode).toBe(204);
    const [pending] = await kit.payments(slow.user.id);
    // Reconciliation asks until Airtel's enquiry has the answer.
    await eventually(async () => {
      await reconcilePayments(bed.t.app.payments);
      return (await kit.payment(pending!.public_id)).status === 'completed';
    });
  });

  it('refuses callbacks with a wrong hash or an unknown id, and credits nothing', async () => {
    const u = await kit.user(4, '68', '1037');
    const id = (await kit.deposit(u.cookies, { PhoneNumber: u.phone, Amount: 1000 })).json()
      .bbPaymentTransactionId as string;
    const path = kit.callbackPath('airtel-money', 4, 'payment');
    const transaction = { id, message: 'Paid', status_code: 'TS', airtel_money_id: 'MP1' };
    const send = (payload: object) => bed.t.app.inject({ method: 'POST', url: path, payload });
    expect((await send({ transaction, hash: 'forged' })).statusCode).toBe(401);
    expect((await send({ transaction })).statusCode).toBe(401);
    const secret = SANDBOX_CREDENTIALS.airtel.callbackSecret;
    const unknown = { ...transaction, id: 'DPUNKNOWN' };
    expect(
      (await send({ transaction: unknown, hash: airtelCallbackHash(secret, unknown) })).statusCode,
    ).toBe(404);
    expect((await kit.payment(id)).status).toBe('pending');
    expect(await kit.cash(u.user.id)).toBe(0);
    // The genuine one is credited once, however often it comes.
    for (let i = 0; i < 2; i++) {
      expect(
        (await send({ transaction, hash: airtelCallbackHash(secret, transaction) })).statusCode,
      ).toBe(200);
    }
    await kit.expectCredited(u.user.id, id);
    expect(await kit.callbacks('airtel-money-payment', id)).toEqual(['credited', 'duplicate']);
  });
});
