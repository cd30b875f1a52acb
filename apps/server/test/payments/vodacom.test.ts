import { describe, expect, it } from 'vitest';
import {
  reconcilePayments,
  type PaymentsContext,
} from '../../src/modules/payments/payments.service';
import { vodacomBearer, vodacomPublicKey } from '../../src/modules/payments/vodacom-mpesa.operator';
import { SANDBOX_CREDENTIALS } from '../../src/config/mobile-money';
import { vodacomSandboxPublicKey } from '../../src/sandbox/operators/vodacom-sandbox';
import { eventually } from './payments-test-kit';
import { useOperatorsApp } from './operator-kit';

/** Vodacom M-Pesa in Tanzania (074…/075…/076…), against the built-in M-Pesa OpenAPI sandbox. */
const kit = useOperatorsApp();
const { bed } = kit;

function expiringNow(ctx: PaymentsContext): PaymentsContext {
  const payments = { ...ctx.deps.config.payments, depositExpireMs: 1 };
  return { ...ctx, deps: { ...ctx.deps, config: { ...ctx.deps.config, payments } } };
}

const reconcile = () => reconcilePayments(bed.t.app.payments);

/** A Tanzanian user funded and past the compliance gate, so withdrawals reach M-Pesa. */
async function payee(prefix: string, suffix: string) {
  const u = await kit.user(4, prefix, suffix, 800_000);
  const res = await bed.post('/api/core/customer/UpdateCustomerAdditionalInfo', u.cookies, {
    siteId: 4,
    countryCode: 'tz',
    languageCode: 'sw',
    firstName: 'Neema',
    lastName: 'Mushi',
    idNumber: '19900101-12345-12345-12',
  });
  expect(res.statusCode).toBe(200);
  return u;
}

describe('M-Pesa OpenAPI sandbox protocol', () => {
  const c = SANDBOX_CREDENTIALS.vodacom;
  const base = () => `${bed.t.url}/sandbox/vodacom/sandbox/ipg/v2/${c.market}`;
  const key = () => vodacomPublicKey(vodacomSandboxPublicKey());
  const get = (path: string, bearer: string) =>
    fetch(`${base()}/${path}`, {
      headers: { authorization: `Bearer ${bearer}`, origin: '*' },
    });

  it('gives a session key for the encrypted API key only, and wants it encrypted on each call', async () => {
    const refused = await get('getSession/', vodacomBearer(key(), 'not-the-key'));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ output_ResponseCode: 'INS-2' });
    // The key in clear is not a bearer either.
    expect((await get('getSession/', c.apiKey)).status).toBe(401);

    const session = await get('getSession/', vodacomBearer(key(), c.apiKey));
    expect(session.status).toBe(200);
    const { output_SessionID, output_ResponseCode } = (await session.json()) as Record<
      string,
      string
    >;
    expect(output_ResponseCode).toBe('INS-0');
    expect(output_SessionID).toMatch(/^[0-9a-f]{32}$/);

    const query = new URLSearchParams({
      input_QueryReference: 'nothing0here',
      input_ServiceProviderCode: c.serviceProviderCode,
      input_ThirdPartyConversationID: 'asv02e5958774f7ba228d83d0d689761',
      input_Country: 'TZN',
    });
    // The session id in clear is refused; encrypted it is accepted.
    expect((await get(`queryTransactionStatus/?${query}`, output_SessionID!)).status).toBe(401);
    const status = await get(
      `queryTransactionStatus/?${query}`,
      vodacomBearer(key(), output_SessionID!),
    );
    expect(await status.json()).toMatchObject({
      output_ResponseCode: 'INS-0',
      output_ResponseTransactionStatus: 'N/A',
    });

    // A C2B without all its parameters, or for another service provider, is refused.
    const post = (body: object) =>
      fetch(`${base()}/c2bPayment/singleStage/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${vodacomBearer(key(), output_SessionID!)}`,
          origin: '*',
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const c2b = {
      input_Amount: '1000',
      input_Country: 'TZN',
      input_Currency: 'TZS',
      input_CustomerMSISDN: '255754000123',
      input_ServiceProviderCode: c.serviceProviderCode,
      input_ThirdPartyConversationID: 'abc123',
      input_TransactionReference: 'T12344C',
      input_PurchasedItemsDesc: 'Dau deposit',
    };
    expect(await (await post({ ...c2b, input_Amount: undefined })).json()).toMatchObject({
      output_ResponseCode: 'INS-20',
    });
    expect(await (await post({ ...c2b, input_ServiceProviderCode: '1' })).json()).toMatchObject({
      output_ResponseCode: 'INS-13',
    });
    const paid = await post(c2b);
    expect(paid.status).toBe(201);
    expect(await paid.json()).toMatchObject({
      output_ResponseCode: 'INS-0',
      output_ThirdPartyConversationID: 'abc123',
      output_TransactionID: expect.stringMatching(/^\w{10}$/),
    });
    expect(await (await post(c2b)).json()).toMatchObject({ output_ResponseCode: 'INS-10' });
  });
});

describe('Vodacom M-Pesa deposits and payouts', () => {
  it.each(['74', '75', '76'])(
    'credits a deposit from a %s… number once, when the single-stage call answers',
    async (prefix) => {
      const u = await kit.user(4, prefix, '0000');
      const res = await kit.deposit(u.cookies, { PhoneNumber: u.phone, Amount: 2000 });
      expect(res.statusCode).toBe(200);
      const id = res.json().bbPaymentTransactionId as string;
      const row = await kit.payment(id);
      expect(row).toMatchObject({ provider: 'vodacom-mpesa' });
      expect(row.provider_reference).toMatch(/^[0-9a-f]{32}$/);
      await eventually(async () => (await kit.payment(id)).status === 'completed');
      const done = await kit.expectCredited(u.user.id, id);
      expect(done.provider_receipt).toMatch(/^\w{10}$/);
      await eventually(() => u.socket.of('Deposit Success').length === 1);
    },
  );

  it.each([
    ['1032', 'Umesitisha malipo ya M-Pesa'],
    ['1001', 'Salio lako la M-Pesa halitoshi'],
    ['4044', 'haina akaunti hai ya M-Pesa'],
  ])('fails a deposit from a …%s number and says why', async (suffix, message) => {
    const u = await kit.user(4, '75', suffix);
    const id = (await kit.deposit(u.cookies, { PhoneNumber: u.phone, Amount: 2000 })).json()
      .bbPaymentTransactionId as string;
    await eventually(async () => (await kit.payment(id)).status === 'failed');
    await eventually(() => u.socket.of('TransactionResult').length === 1);
    expect(u.socket.of('TransactionResult')[0]).toMatchObject({
      userMessage: expect.stringContaining(message),
    });
    expect(await kit.cash(u.user.id)).toBe(0);
  });

  it('pushes in the language the payment was asked in: English for a Tanzanian who chose it', async () => {
    const sw = await kit.user(4, '75', '1032');
    const swId = (await kit.deposit(sw.cookies, { PhoneNumber: sw.phone, Amount: 2000 })).json()
      .bbPaymentTransactionId as string;
    const en = await kit.user(4, '74', '1032');
    const english = { ...en.cookies, locale: 'en-tz' };
    const enId = (await kit.deposit(english, { PhoneNumber: en.phone, Amount: 2000 })).json()
      .bbPaymentTransactionId as string;
    expect(await kit.payment(swId)).toMatchObject({ language: 'sw' });
    expect(await kit.payment(enId)).toMatchObject({ language: 'en' });
    await eventually(() => sw.socket.of('TransactionResult').length === 1);
    await eventually(() => en.socket.of('TransactionResult').length === 1);
    expect(sw.socket.of('TransactionResult')[0]).toMatchObject({
      userMessage: expect.stringContaining('Umesitisha malipo ya M-Pesa'),
    });
    expect(en.socket.of('TransactionResult')[0]).toMatchObject({
      userMessage: 'You cancelled the M-Pesa payment. Your deposit was not made.',
    });

    // A withdrawal the operator cannot pay: its LeakyBucket follows the request's language too.
    const broke = await payee('76', '1001');
    const brokeEnglish = { ...broke.cookies, locale: 'en-tz' };
    expect((await kit.withdraw(brokeEnglish, { Amount: 5000 })).statusCode).toBe(204);
    const [failed] = await kit.payments(broke.user.id);
    expect(failed).toMatchObject({ language: 'en' });
    await eventually(async () => (await kit.payment(failed!.public_id)).status === 'failed');
    await eventually(() =>
      broke.socket
        .of('LeakyBucket')
        .some((m) => JSON.stringify(m).includes('The amount is back in your balance')),
    );
    expect(JSON.stringify(broke.socket.of('LeakyBucket'))).not.toContain('Kiasi kimerudi');
  });

  it('finds a lost answer by status query, credits a late answer once, expires a silent deposit', async () => {
    const lost = await kit.user(4, '74', '4040');
    const a = (await kit.deposit(lost.cookies, { PhoneNumber: lost.phone, Amount: 1000 })).json()
      .bbPaymentTransactionId as string;
    const late = await kit.user(4, '76', '3333');
    const b = (await kit.deposit(late.cookies, { PhoneNumber: late.phone, Amount: 1500 })).json()
      .bbPaymentTransactionId as string;
    const silent = await kit.user(4, '75', '1037');
    const c = (
      await kit.deposit(silent.cookies, { PhoneNumber: silent.phone, Amount: 1000 })
    ).json().bbPaymentTransactionId as string;
    // Only the status query can tell about a and (before its answer comes) b.
    await eventually(async () => {
      await reconcile();
      const [ra, rb] = [await kit.payment(a), await kit.payment(b)];
      return ra.status === 'completed' && rb.status === 'completed';
    });
    await kit.expectCredited(lost.user.id, a);
    // b's own answer arrives after the query settled it: credited once all the same.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await kit.expectCredited(late.user.id, b);
    await eventually(() => late.socket.of('Deposit Success').length >= 1);
    expect(late.socket.of('Deposit Success')).toHaveLength(1);

    // The prompt timed out (INS-9): unknown, so pending until the expiry.
    await eventually(async () => {
      await reconcile();
      return (await kit.payment(c)).status_queried_at !== null;
    });
    expect((await kit.payment(c)).status).toBe('pending');
    await reconcilePayments(expiringNow(bed.t.app.payments));
    expect(await kit.payment(c)).toMatchObject({ status: 'failed' });
    expect((await kit.payment(c)).expired_at).not.toBeNull();
    await eventually(() => silent.socket.of('TransactionResult').length === 1);
    expect(silent.socket.of('TransactionResult')[0]).toMatchObject({
      userMessage: expect.stringContaining('M-Pesa haikuthibitisha uwekaji huu'),
    });
  });

  it('pays out, gives the money back when the business account is short, settles a lost answer by status', async () => {
    const ok = await payee('74', '0000');
    expect((await kit.withdraw(ok.cookies, { Amount: 5000 })).statusCode).toBe(204);
    const [paid] = await kit.payments(ok.user.id);
    expect(paid).toMatchObject({ provider: 'vodacom-mpesa' });
    await eventually(async () => (await kit.payment(paid!.public_id)).status === 'completed');
    expect((await kit.payment(paid!.public_id)).provider_receipt).toMatch(/^\w{10}$/);
    expect(await kit.cash(ok.user.id)).toBe(800_000 - 500_000);

    const broke = await payee('75', '1001');
    expect((await kit.withdraw(broke.cookies, { Amount: 5000 })).statusCode).toBe(204);
    const [failed] = await kit.payments(broke.user.id);
    await eventually(async () => (await kit.payment(failed!.public_id)).status === 'failed');
    expect(await kit.cash(broke.user.id)).toBe(800_000);
    await eventually(() =>
      broke.socket
        .of('LeakyBucket')
        .some((m) => JSON.stringify(m).includes('Kiasi kimerudi kwenye salio lako')),
    );

    const lost = await payee('76', '4040');
    expect((await kit.withdraw(lost.cookies, { Amount: 5000 })).statusCode).toBe(204);
    const [pending] = await kit.payments(lost.user.id);
    await eventually(async () => {
      await reconcile();
      return (await kit.payment(pending!.public_id)).status === 'completed';
    });
    expect(await kit.cash(lost.user.id)).toBe(800_000 - 500_000);
  });

  it('refuses a callback for Vodacom (it sends none) and changes nothing', async () => {
    const u = await kit.user(4, '74', '1037');
    const id = (await kit.deposit(u.cookies, { PhoneNumber: u.phone, Amount: 1000 })).json()
      .bbPaymentTransactionId as string;
    const res = await bed.t.app.inject({
      method: 'POST',
      url: kit.callbackPath('vodacom-mpesa', 4, 'payment'),
      payload: { output_ResponseCode: 'INS-0', output_ThirdPartyConversationID: id },
    });
    expect(res.statusCode).toBe(400);
    expect((await kit.payment(id)).status).toBe('pending');
    expect(await kit.cash(u.user.id)).toBe(0);
  });
});
