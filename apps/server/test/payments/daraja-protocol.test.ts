import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Daraja's account balance, reversal, B2C result and C2B shapes, driven by raw Daraja-shaped
 * requests (Safaricom's documented bodies, none of Dau's provider code) against the sandbox
 * (issue #20 items 8-9).
 */
let t: TestApp;
let receiver: Server;
let receiverUrl = '';
const received: { path: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await createTestApp({ DARAJA_SANDBOX_DELAY_MS: '20', PAYMENTS_RECONCILE_INTERVAL_MS: '0' });
  await t.listen();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(body) });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ResultCode: 0, ResultDesc: 'Accepted' }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});

const base = () => `${t.url}/sandbox/daraja`;

async function headers() {
  const auth = await fetch(`${base()}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: {
      Authorization: `Basic ${Buffer.from('dau-sandbox-key:dau-sandbox-secret').toString('base64')}`,
    },
  });
  const { access_token } = (await auth.json()) as { access_token: string };
  return { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' };
}

async function call(path: string, body: object) {
  const res = await fetch(`${base()}${path}`, {
    method: 'POST',
    headers: await headers(),
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function resultAt(path: string) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = received.find((r) => r.path === path);
    if (found)
      return found.body as {
        Result: Record<string, unknown> & {
          ResultParameters?: { ResultParameter: { Key: string; Value?: unknown }[] };
        };
      };
    if (Date.now() > deadline) throw new Error(`no callback at ${path}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const params = (result: {
  Result: { ResultParameters?: { ResultParameter: { Key: string; Value?: unknown }[] } };
}) =>
  Object.fromEntries(
    (result.Result.ResultParameters?.ResultParameter ?? []).map((p) => [p.Key, p.Value]),
  );

const accountBalance = (path: string) =>
  call('/mpesa/accountbalance/v1/query', {
    Initiator: 'testapi',
    SecurityCredential: 'credential',
    CommandID: 'AccountBalance',
    PartyA: 600000,
    IdentifierType: '4',
    Remarks: 'balance',
    QueueTimeOutURL: `${receiverUrl}/timeout`,
    ResultURL: `${receiverUrl}${path}`,
  });

function utilityOf(result: Awaited<ReturnType<typeof resultAt>>): string {
  const text = String(params(result).AccountBalance);
  return text
    .split('&')
    .find((a) => a.startsWith('Utility Account'))!
    .split('|')[2]!;
}

describe('Daraja protocol of the sandbox', () => {
  it('answers an account balance query at the ResultURL', async () => {
    const accepted = await accountBalance('/balance-1');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ ResponseCode: '0', ConversationID: expect.any(String) });
    const result = await resultAt('/balance-1');
    expect(result.Result).toMatchObject({ ResultType: 0, ResultCode: 0 });
    expect(String(params(result).AccountBalance)).toMatch(
      /^Working Account\|KES\|-?\d+\.\d\d\|-?\d+\.\d\d\|0\.00\|0\.00&Float Account\|KES/,
    );
    expect(String(params(result).BOCompletedTime)).toMatch(/^\d{14}$/);
  });

  it('pays a B2C with Daraja result parameters, then reverses it and restores the balance', async () => {
    const before = utilityOf(
      (await accountBalance('/balance-before'), await resultAt('/balance-before')),
    );
    const payout = await call('/mpesa/b2c/v1/paymentrequest', {
      OriginatorConversationID: 'proto-b2c-1',
      InitiatorName: 'testapi',
      SecurityCredential: 'credential',
      CommandID: 'BusinessPayment',
      Amount: 250,
      PartyA: 600000,
      PartyB: 254708374149,
      Remarks: 'Test',
      QueueTimeOutURL: `${receiverUrl}/b2c-timeout`,
      ResultURL: `${receiverUrl}/b2c-result`,
      Occassion: 'x',
    });
    expect(payout.body.ResponseCode).toBe('0');
    const result = await resultAt('/b2c-result');
    const p = params(result);
    expect(p.TransactionCompletedDateTime).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    for (const key of [
      'B2CUtilityAccountAvailableFunds',
      'B2CWorkingAccountAvailableFunds',
      'B2CChargesPaidAccountAvailableFunds',
    ]) {
      expect(typeof p[key], key).toBe('number');
    }
    expect(p.TransactionAmount).toBe(250);

    const reversal = {
      Initiator: 'testapi',
      SecurityCredential: 'credential',
      CommandID: 'TransactionReversal',
      TransactionID: p.TransactionReceipt,
      Amount: 250,
      ReceiverParty: 600000,
      RecieverIdentifierType: '11',
      ResultURL: `${receiverUrl}/reversal-1`,
      QueueTimeOutURL: `${receiverUrl}/timeout`,
      Remarks: 'Refund',
      Occasion: 'case-1',
    };
    expect((await call('/mpesa/reversal/v1/request', reversal)).body.ResponseCode).toBe('0');
    const reversed = await resultAt('/reversal-1');
    expect(reversed.Result).toMatchObject({ ResultCode: 0, TransactionID: expect.any(String) });
    expect(params(reversed).OriginalTransactionID).toBe(p.TransactionReceipt);
    const after = utilityOf(
      (await accountBalance('/balance-after'), await resultAt('/balance-after')),
    );
    expect(Number(after)).toBe(Number(before));

    await call('/mpesa/reversal/v1/request', {
      ...reversal,
      ResultURL: `${receiverUrl}/reversal-2`,
    });
    expect((await resultAt('/reversal-2')).Result).toMatchObject({ ResultCode: 'R000001' });
    await call('/mpesa/reversal/v1/request', {
      ...reversal,
      TransactionID: 'NOSUCHTX01',
      ResultURL: `${receiverUrl}/reversal-3`,
    });
    expect((await resultAt('/reversal-3')).Result).toMatchObject({ ResultCode: 'R000002' });
  });

  it('refuses a malformed reversal and unknown paths in Daraja’s error shape', async () => {
    const bad = await call('/mpesa/reversal/v1/request', { CommandID: 'TransactionReversal' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errorCode: '400.002.02', requestId: expect.any(String) });
    const unknown = await fetch(`${base()}/mpesa/nothing/v1/here`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      errorCode: '404.001.01',
      errorMessage: expect.any(String),
    });
  });

  it('sends C2B validation and confirmation with the customer’s three names', async () => {
    await call('/mpesa/c2b/v1/registerurl', {
      ShortCode: 600999,
      ResponseType: 'Completed',
      ConfirmationURL: `${receiverUrl}/c2b-confirmation`,
      ValidationURL: `${receiverUrl}/c2b-validation`,
    });
    await call('/mpesa/c2b/v1/simulate', {
      ShortCode: 600999,
      CommandID: 'CustomerPayBillOnline',
      Amount: 10,
      Msisdn: 254708374149,
      BillRefNumber: 'acc',
    });
    for (const path of ['/c2b-validation', '/c2b-confirmation']) {
      const body = (await resultAt(path)) as unknown as Record<string, unknown>;
      expect(body).toMatchObject({
        FirstName: expect.any(String),
        MiddleName: expect.any(String),
        LastName: expect.any(String),
        TransAmount: '10.00',
      });
    }
  });
});
