import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { codeIn, freshIp, lastSms, sessionCookie } from './helpers';

// Tanzania (site 4): registration ends with names and the national ID, which fills the date
// of birth.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SITE_ID: '4' }, { now: () => new Date('2026-11-21T10:00:00Z') });
});
afterAll(async () => {
  await t.close();
});

async function startAndVerify(phone: string) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/core/register/start',
    payload: { phone, password: 'Arusha#2026', acceptTerms: true, confirmMinimumAge: true },
  });
  expect(started.statusCode).toBe(200);
  const { sid, mobile, detailsFields } = started.json();
  expect(detailsFields).toMatchObject({ names: true, idNumber: true, gender: false });
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/core/register/verify',
    payload: { sid, code: codeIn(await lastSms(t, mobile)) },
  });
  expect(verified.statusCode).toBe(200);
  expect(verified.json()).toMatchObject({ registrationStep: 3, isVerified: true });
  expect(verified.json().login).toBeUndefined();
  return { sid: sid as string, mobile: mobile as string };
}

describe('registration with details (site 4)', () => {
  it('stays under registration until the details step, then activates and signs in', async () => {
    const { sid, mobile } = await startAndVerify('0654 321 987');
    expect(mobile).toBe('+255654321987');

    const early = await t.app.inject({
      method: 'POST',
      url: '/api/core/login3',
      remoteAddress: freshIp(),
      payload: { UnspecifiedUsername: '0654321987', UserPassword: 'Arusha#2026' },
    });
    expect(early.json()).toMatchObject({
      hasErrors: true,
      isUnderRegistration: true,
      registrationStep: 1,
      isVerified: true,
    });
    expect(early.json().datasource_entries[0].dimension_value).toContain('not complete');
    // The sid from login continues at step 3.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/core/register/status?sid=${encodeURIComponent(early.json().sid)}`,
    });
    expect(status.json().registrationStep).toBe(3);

    const badId = await t.app.inject({
      method: 'POST',
      url: '/api/core/register/details',
      payload: { sid, firstName: 'Neema', lastName: 'Mushi', idNumber: '19951301-12345-12345-12' },
    });
    expect(badId.statusCode).toBe(400);
    // Site 4 answers in Swahili unless English is chosen (ADR 142).
    expect(badId.json().datasource_entries).toEqual([
      expect.objectContaining({
        name: 'idNumber',
        dimension_value: 'Tarehe ya kuzaliwa kwenye kitambulisho si sahihi',
      }),
    ]);

    const done = await t.app.inject({
      method: 'POST',
      url: '/api/core/register/details',
      payload: {
        sid,
        firstName: 'Neema',
        lastName: 'Mushi',
        idNumber: '19950412-12345-12345-12',
        // Ignored: on site 4 the ID decides the date of birth.
        birthDate: '1980-01-01',
      },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ registrationStep: 0, login: { hasErrors: false } });
    const token = sessionCookie(done);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/profile/4/tz/sw',
      cookies: { authBB: token },
    });
    expect(profile.json()).toMatchObject({
      fullName: 'Neema Mushi',
      birthDate: '1995-04-12',
      idNumber: '19950412-12345-12345-12',
      isCompliant: true,
    });
  });

  it('refuses details before the phone is verified', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/core/register/start',
      payload: {
        phone: '0765000111',
        password: 'Arusha#2026',
        acceptTerms: true,
        confirmMinimumAge: true,
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/core/register/details',
      payload: {
        sid: started.json().sid,
        firstName: 'A',
        lastName: 'B',
        idNumber: '19950412-12345-12345-12',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().datasource_entries[0].value).toBe('NOT_VERIFIED');
  });

  it('refuses an unknown sid', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/core/register/status?sid=made-up',
    });
    expect(res.statusCode).toBe(404);
  });
});
