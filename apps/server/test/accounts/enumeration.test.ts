import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { codeIn, freshIp, lastSms } from './helpers';

/**
 * ADR 110: neither registration nor password reset tells anyone whether a phone number has an
 * account. Registration with a registered number answers exactly like a new one and texts the
 * owner a notice instead of a code.
 */
let t: TestApp;
let clock = new Date('2026-11-24T08:00:00Z');
/** Moves past the one-code-a-minute interval that also holds across a number's registrations. */
const later = () => (clock = new Date(clock.getTime() + 5 * 60_000));
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'Nairobi#2026';

function start(phone: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/core/register/start',
    remoteAddress: freshIp(),
    payload: { phone, password: 'Other#Pin2026', acceptTerms: true, confirmMinimumAge: true },
  });
}

function verify(sid: string, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/core/register/verify',
    remoteAddress: freshIp(),
    payload: { sid, code },
  });
}

async function registerActive(phone: string, e164: string): Promise<void> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/core/register/start',
    payload: { phone, password: PASSWORD, acceptTerms: true, confirmMinimumAge: true },
  });
  const verified = await verify(started.json().sid, codeIn(await lastSms(t, e164)));
  expect(verified.json().login.hasErrors).toBe(false);
  later();
}

function login(phone: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/core/login3',
    remoteAddress: freshIp(),
    payload: { UnspecifiedUsername: phone, UserPassword: password, password },
  });
}

/** The answer without what differs by nature (the sid and the number typed). */
function shape(body: Record<string, unknown>) {
  const { sid, mobile, ...rest } = body;
  return { ...rest, sid: typeof sid, mobile: typeof mobile };
}

describe('registration does not reveal registered numbers (ADR 110)', () => {
  it('answers a registered number exactly like a new one, and texts the owner a notice', async () => {
    await registerActive('0722 100 200', '+254722100200');
    const taken = await start('0722100200');
    const fresh = await start('0722100201');
    expect(taken.statusCode).toBe(200);
    expect(fresh.statusCode).toBe(200);
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    expect(taken.json()).toMatchObject({ registrationStep: 2, isVerified: false });

    const notice = await lastSms(t, '+254722100200');
    expect(notice).toMatch(/already has one/);
    expect(notice).not.toMatch(/\b\d{6}\b/);

    // The status call and a wrong code look the same too.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/core/register/status?sid=${encodeURIComponent(taken.json().sid)}`,
    });
    expect(shape(status.json())).toEqual(shape(fresh.json()));
    const wrongTaken = await verify(taken.json().sid, '123456');
    const wrongFresh = await verify(fresh.json().sid, '123456');
    expect(wrongTaken.statusCode).toBe(400);
    expect(wrongTaken.json()).toEqual(wrongFresh.json());
  });

  it('never verifies or changes the existing account', async () => {
    await registerActive('0722 300 400', '+254722300400');
    const taken = await start('0722300400');
    for (let i = 0; i < 5; i++) await verify(taken.json().sid, String(100000 + i));
    const locked = await verify(taken.json().sid, '999999');
    expect(locked.statusCode).toBe(429);
    // The owner's password still works; the one typed at the new registration does not.
    expect((await login('0722300400', PASSWORD)).json().hasErrors).toBe(false);
    expect((await login('0722300400', 'Other#Pin2026')).statusCode).toBe(401);
  });

  it('applies the same resend limits, so timing of a second start does not tell either', async () => {
    await registerActive('0722 500 600', '+254722500600');
    const first = await start('0722500600');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/core/register/resend',
      payload: { sid: first.json().sid },
    });
    const freshFirst = await start('0722500601');
    const freshAgain = await t.app.inject({
      method: 'POST',
      url: '/api/core/register/resend',
      payload: { sid: freshFirst.json().sid },
    });
    expect(again.statusCode).toBe(429);
    expect(again.statusCode).toBe(freshAgain.statusCode);
    expect(again.json().datasource_entries[0].value).toBe(
      freshAgain.json().datasource_entries[0].value,
    );
  });

  it('password reset answers the same for registered and unknown numbers', async () => {
    await registerActive('0722 700 800', '+254722700800');
    const ask = (phone: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/core/forgotten-password',
        remoteAddress: freshIp(),
        payload: { UnspecifiedUsername: phone },
      });
    const known = await ask('0722700800');
    const unknown = await ask('0722700899');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });

  it('an expired or bogus sid says the registration has expired (404)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/core/register/status?sid=not-a-real-sid',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().datasource_entries[0]).toMatchObject({
      value: 'REGISTRATION_NOT_FOUND',
      dimension_value: 'This registration has expired. Please start again.',
    });
  });
});
