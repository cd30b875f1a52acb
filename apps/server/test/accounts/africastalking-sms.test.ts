import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { codeIn, lastSms } from './helpers';

/**
 * SMS_PROVIDER=africastalking: the real Africa's Talking adapter, run against this server's
 * Africa's Talking-compatible sandbox (by base URL, over real HTTP).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SMS_PROVIDER: 'africastalking', AFRICASTALKING_SENDER_ID: 'DAU' });
});
afterAll(async () => {
  await t.close();
});

function startRegistration(app: TestApp, phone: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/core/register/start',
    payload: { phone, password: 'Nairobi#2026', acceptTerms: true, confirmMinimumAge: true },
  });
}

async function outboxFor(phone: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sandbox/sms/outbox?phone=${encodeURIComponent(phone)}`,
  });
  return (res.json() as { messages: { purpose: string; body: string }[] }).messages;
}

function messaging(form: Record<string, string>, apiKey = 'dau-sandbox-sms-key') {
  return fetch(`${t.url}/sandbox/africastalking/version1/messaging`, {
    method: 'POST',
    headers: {
      apiKey,
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
}

describe("Africa's Talking SMS", () => {
  it('answers 503 (never a 500) while the gateway cannot be reached', async () => {
    // Not listening yet: the built-in sandbox has no address.
    const res = await startRegistration(t, '0712 300 001');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      hasErrors: true,
      datasource_entries: [{ value: 'UNAVAILABLE' }],
    });
  });

  it('sends the registration code through the gateway; the outbox shows it', async () => {
    await t.listen();
    const res = await startRegistration(t, '0712 300 002');
    expect(res.statusCode).toBe(200);
    const [message] = await outboxFor('+254712300002');
    expect(message?.purpose).toBe('africastalking:DAU');
    const code = codeIn(message?.body ?? '');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/core/register/verify',
      payload: { sid: res.json().sid, code },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ isVerified: true });
  });

  it('answers 503 when the gateway refuses the recipient, and keeps nothing', async () => {
    // The sandbox reports InsufficientBalance (405) for numbers ending 0405.
    const res = await startRegistration(t, '0712 340 405');
    expect(res.statusCode).toBe(503);
    expect(await outboxFor('+254712340405')).toEqual([]);
  });

  it("speaks Africa's Talking's protocol: apiKey header, form fields, per-recipient status", async () => {
    const refused = await messaging(
      { username: 'sandbox', to: '+254712300003', message: 'x' },
      'no',
    );
    expect(refused.status).toBe(401);
    expect(await refused.text()).toBe('The supplied authentication is invalid');

    const missing = await messaging({ username: 'sandbox', to: '+254712300003' });
    expect(missing.status).toBe(400);

    const res = await messaging({
      username: 'sandbox',
      to: '+254712300003,0712',
      message: 'Hello from Dau',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      SMSMessageData: { Message: string; Recipients: Record<string, unknown>[] };
    };
    expect(body.SMSMessageData.Message).toBe('Sent to 1/2 Total Cost: KES 0.8000');
    expect(body.SMSMessageData.Recipients).toMatchObject([
      { statusCode: 101, number: '+254712300003', status: 'Success' },
      { statusCode: 403, number: '0712', status: 'InvalidPhoneNumber' },
    ]);
    expect(await lastSms(t, '+254712300003')).toBe('Hello from Dau');
  });

  it('reaches a gateway by AFRICASTALKING_BASE_URL, and refuses cleanly on wrong credentials', async () => {
    const base = `${t.url}/sandbox/africastalking`;
    const account = { SMS_PROVIDER: 'africastalking', AFRICASTALKING_BASE_URL: base };
    const good = await createTestApp({
      ...account,
      AFRICASTALKING_USERNAME: 'sandbox',
      AFRICASTALKING_API_KEY: 'dau-sandbox-sms-key',
    });
    const bad = await createTestApp({
      ...account,
      AFRICASTALKING_USERNAME: 'sandbox',
      AFRICASTALKING_API_KEY: 'not-the-key',
    });
    try {
      expect((await startRegistration(good, '0712 300 004')).statusCode).toBe(200);
      // The other server's gateway kept the message.
      expect(codeIn(await lastSms(t, '+254712300004'))).toMatch(/^\d{6}$/);
      expect((await startRegistration(bad, '0712 300 005')).statusCode).toBe(503);
      expect(await outboxFor('+254712300005')).toEqual([]);
    } finally {
      await good.close();
      await bad.close();
    }
  });
});
