import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * An independent Daraja client: plain fetch and Safaricom's documented request shapes, none of
 * Dau's provider code. If this works against the sandbox, so does any real Daraja integration.
 */
let t: TestApp;
let receiver: Server;
let receiverUrl = '';
const received: unknown[] = [];

beforeAll(async () => {
  t = await createTestApp({ DARAJA_SANDBOX_DELAY_MS: '30', PAYMENTS_RECONCILE_INTERVAL_MS: '0' });
  await t.listen();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ResultCode: 0, ResultDesc: 'Accepted' }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callback`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});

const base = () => `${t.url}/sandbox/daraja`;
const shortcode = '174379';
const passkey = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

async function token(key = 'dau-sandbox-key', secret = 'dau-sandbox-secret') {
  return fetch(`${base()}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { Authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}` },
  });
}

it('performs an STK push against the sandbox and receives the callback', async () => {
  const auth = await token();
  expect(auth.status).toBe(200);
  const { access_token, expires_in } = (await auth.json()) as Record<string, string>;
  expect(expires_in).toBe('3599');

  const timestamp = '20261121235959';
  const push = await fetch(`${base()}/mpesa/stkpush/v1/processrequest`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      BusinessShortCode: shortcode,
      Password: Buffer.from(shortcode + passkey + timestamp).toString('base64'),
      Timestamp: timestamp,
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1,
      PartyA: 254708374149,
      PartyB: shortcode,
      PhoneNumber: 254708374149,
      CallBackURL: receiverUrl,
      AccountReference: 'Test',
      TransactionDesc: 'Test',
    }),
  });
  expect(push.status).toBe(200);
  const accepted = (await push.json()) as Record<string, string>;
  expect(accepted).toMatchObject({ ResponseCode: '0', CustomerMessage: expect.any(String) });

  const deadline = Date.now() + 5_000;
  while (received.length === 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  expect(received).toHaveLength(1);
  const callback = received[0] as {
    Body: {
      stkCallback: Record<string, unknown> & {
        CallbackMetadata: { Item: { Name: string; Value: unknown }[] };
      };
    };
  };
  expect(callback.Body.stkCallback).toMatchObject({
    MerchantRequestID: accepted.MerchantRequestID,
    CheckoutRequestID: accepted.CheckoutRequestID,
    ResultCode: 0,
  });
  const items = Object.fromEntries(
    callback.Body.stkCallback.CallbackMetadata.Item.map((i) => [i.Name, i.Value]),
  );
  expect(items).toMatchObject({
    Amount: 1,
    PhoneNumber: 254708374149,
    MpesaReceiptNumber: expect.any(String),
  });

  const query = await fetch(`${base()}/mpesa/stkpushquery/v1/query`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      BusinessShortCode: shortcode,
      Password: Buffer.from(shortcode + passkey + timestamp).toString('base64'),
      Timestamp: timestamp,
      CheckoutRequestID: accepted.CheckoutRequestID,
    }),
  });
  expect(await query.json()).toMatchObject({ ResponseCode: '0', ResultCode: '0' });
});

it('answers like Daraja to bad credentials, a bad token and a bad password', async () => {
  expect((await token('wrong', 'creds')).status).toBe(400);
  const noAuth = await fetch(`${base()}/mpesa/stkpush/v1/processrequest`, {
    method: 'POST',
    headers: { Authorization: 'Bearer nope', 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(noAuth.status).toBe(401);
  expect(await noAuth.json()).toMatchObject({
    errorCode: '404.001.03',
    errorMessage: 'Invalid Access Token',
  });

  const { access_token } = (await (await token()).json()) as Record<string, string>;
  const badPassword = await fetch(`${base()}/mpesa/stkpush/v1/processrequest`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      BusinessShortCode: shortcode,
      Password: 'wrong',
      Timestamp: '20261121235959',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1,
      PartyA: '254708374149',
      PartyB: shortcode,
      PhoneNumber: '254708374149',
      CallBackURL: receiverUrl,
      AccountReference: 'Test',
      TransactionDesc: 'Test',
    }),
  });
  expect(badPassword.status).toBe(400);
  expect(await badPassword.json()).toMatchObject({ errorCode: '400.002.02' });
});

it('answers a TransactionStatusQuery about a B2C payout whose result was lost', async () => {
  const { access_token } = (await (await token()).json()) as Record<string, string>;
  const headers = { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' };
  received.length = 0;
  // 4040: M-Pesa pays, but the result never reaches the ResultURL.
  const payout = await fetch(`${base()}/mpesa/b2c/v1/paymentrequest`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      OriginatorConversationID: 'client-orig-1',
      InitiatorName: 'testapi',
      SecurityCredential: 'credential',
      CommandID: 'BusinessPayment',
      Amount: 25,
      PartyA: 600000,
      PartyB: 254708374040,
      Remarks: 'Test',
      QueueTimeOutURL: receiverUrl,
      ResultURL: receiverUrl,
      Occassion: 'Test',
    }),
  });
  expect(await payout.json()).toMatchObject({ ResponseCode: '0' });
  await new Promise((r) => setTimeout(r, 150));
  expect(received).toHaveLength(0);

  const query = await fetch(`${base()}/mpesa/transactionstatus/v1/query`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      Initiator: 'testapi',
      SecurityCredential: 'credential',
      CommandID: 'TransactionStatusQuery',
      TransactionID: '',
      OriginalConversationID: 'client-orig-1',
      PartyA: '600000',
      IdentifierType: '4',
      ResultURL: receiverUrl,
      QueueTimeOutURL: receiverUrl,
      Remarks: 'status',
      Occasion: 'my-ref',
    }),
  });
  expect(await query.json()).toMatchObject({
    ResponseCode: '0',
    ConversationID: expect.any(String),
  });
  const deadline = Date.now() + 5_000;
  while (received.length === 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  const result = (
    received[0] as {
      Result: {
        ResultCode: number;
        ResultParameters: { ResultParameter: { Key: string; Value: unknown }[] };
        ReferenceData: { ReferenceItem: { Key: string; Value: string } };
      };
    }
  ).Result;
  expect(result.ResultCode).toBe(0);
  const params = Object.fromEntries(
    result.ResultParameters.ResultParameter.map((p) => [p.Key, p.Value]),
  );
  expect(params).toMatchObject({
    TransactionStatus: 'Completed',
    Amount: 25,
    ReceiptNo: expect.stringMatching(/^[A-Z0-9]{10}$/),
    'Originator Conversation ID': 'client-orig-1',
  });
  expect(result.ReferenceData.ReferenceItem).toEqual({ Key: 'Occasion', Value: 'my-ref' });
});
