import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorEnvelope } from '@dau/contracts/errors';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { codeIn, freshIp, lastSms, sessionCookie } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'Nairobi#2026';

async function start(phone: string, extra: Record<string, unknown> = {}, cookies = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/core/register/start',
    cookies,
    payload: { phone, password: PASSWORD, acceptTerms: true, confirmMinimumAge: true, ...extra },
  });
}

function login3(username: string, password: string, remoteAddress = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/core/login3',
    remoteAddress,
    payload: {
      UnspecifiedUsername: username,
      UserPassword: password,
      password,
      RegistrationType: 1,
      siteid: 2,
      country: 'ke',
      lang: 'en',
      returnSecureToken: true,
      isMobileVerification: false,
    },
  });
}

function isLoggedIn(cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/core/customer/isLoggedIn',
    ...(cookie ? { cookies: { authBB: cookie } } : {}),
    payload: { siteid: 2, country: 'ke', lang: 'en' },
  });
}

describe('registration → login → logout', () => {
  it('registers with an SMS code, activates, logs in, and logs out server-side', async () => {
    const started = await start('0712 345 678', {}, { click_id: 'abc123', btag: 'aff7_x' });
    expect(started.statusCode).toBe(200);
    const state = started.json();
    expect(state).toMatchObject({
      registrationStep: 2,
      isVerified: false,
      mobile: '+254712345678',
    });
    expect(state.sid).toMatch(/^[\w-]{40,}$/);
    expect(state.sid).not.toContain(PASSWORD);

    // The code is only in the SMS, and a wrong one is refused with the attempts left.
    const code = codeIn(await lastSms(t, '+254712345678'));
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/core/register/verify',
      payload: { sid: state.sid, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().datasource_entries[0].dimension_value).toBe(
      'The code is not correct. 4 attempts left.',
    );

    // Not active yet: login answers "under registration".
    const early = await login3('0712345678', PASSWORD);
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({
      hasErrors: true,
      isUnderRegistration: true,
      registrationStep: 1,
      isVerified: false,
    });

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/core/register/verify',
      payload: { sid: state.sid, code },
    });
    expect(verified.statusCode).toBe(200);
    // Kenya asks no details, so verification is the last step.
    expect(verified.json()).toMatchObject({ registrationStep: 0, isVerified: true });
    expect(verified.json().login.hasErrors).toBe(false);

    const user = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', '+254712345678')
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('active');
    expect(user.click_id).toBe('abc123');
    expect(user.btag).toBe('aff7_x');
    expect(user.password_hash).toMatch(/^scrypt\$/);

    const res = await login3('  +254 712 345 678 ', PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      hasErrors: false,
      isVerified: true,
      isWhitelisted: false,
      userId: user.id,
      providerUserID: user.external_id,
      balanceDisplay: 'KSh 0.00',
      bonusBalanceDisplay: 'KSh 0.00',
      freebetBalanceDisplay: 'KSh 0.00',
      totalBalanceDisplay: 'KSh 0.00',
    });
    expect(body.rafCode).toMatch(/^[A-Z0-9]{8}$/);
    const cookie = res.cookies.find((c) => c.name === 'authBB');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === 'dau_signed_in')?.value).toBe('1');
    expect(body.tokenString).toBe(cookie?.value);
    expect(body.onlineTokenString).toBe(cookie?.value);
    expect(body.bbJwt.split('.')).toHaveLength(3);
    const token = sessionCookie(res);

    expect((await isLoggedIn(token)).json()).toEqual({ isLoggedIn: true });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/core/auth/logout',
      cookies: { authBB: token },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ hasErrors: false, loggedOut: true });
    expect((await isLoggedIn(token)).json()).toEqual({ isLoggedIn: false });
    expect((await isLoggedIn()).json()).toEqual({ isLoggedIn: false });
  });

  it('gives a new session token on every login', async () => {
    await registerActive('0722000111');
    const a = sessionCookie(await login3('0722000111', PASSWORD));
    const b = sessionCookie(await login3('0722000111', PASSWORD));
    expect(a).not.toBe(b);
    expect((await isLoggedIn(a)).json().isLoggedIn).toBe(true);
  });

  it('refuses bad input and unaccepted terms with field messages', async () => {
    // (A registered number is not refused: ADR 110, test/accounts/enumeration.test.ts.)
    const bad = await start('12345', { password: 'abc', acceptTerms: false });
    expect(bad.statusCode).toBe(400);
    expect(isErrorEnvelope(bad.json())).toBe(true);
    const names = bad.json().datasource_entries.map((e: { name: string }) => e.name);
    expect(names).toEqual(expect.arrayContaining(['phone', 'password', 'acceptTerms']));
  });

  it('limits resends to one a minute', async () => {
    const { sid } = (await start('0744000333')).json();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/core/register/resend',
      payload: { sid },
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().datasource_entries[0].value).toBe('OTP_RESEND_TOO_SOON');
  });

  it('kills a code after five wrong attempts', async () => {
    const { sid } = (await start('0755000444')).json();
    const code = codeIn(await lastSms(t, '+254755000444'));
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/core/register/verify',
        payload: { sid, code: wrong },
      });
      expect(res.statusCode).toBe(400);
    }
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/core/register/verify',
      payload: { sid, code },
    });
    expect(right.statusCode).toBe(429);
  });
});

describe('login3 failures', () => {
  it('answers hasErrors with a message for a wrong password', async () => {
    await registerActive('0766000555');
    const res = await login3('0766000555', 'Wrong#pass1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      hasErrors: true,
      datasource_entries: [
        {
          error_triggered: true,
          value: 'INVALID_CREDENTIALS',
          dimension_value: 'The phone number, username or password is not correct.',
        },
      ],
    });
    expect(res.cookies.find((c) => c.name === 'authBB' && c.value)).toBeUndefined();
  });

  it('refuses the sixth rapid wrong attempt with 429, even with the right password', async () => {
    await registerActive('0777000666');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await login3('0777000666', 'Wrong#pass1', freshIp())).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await login3('0777000666', PASSWORD, freshIp());
    expect(right.statusCode).toBe(429);
    expect(right.json().datasource_entries[0].dimension_value).toContain('Please wait 15 minutes');
  });
  // Per-network limits (50 in 15 minutes, NAT-tolerant) are tested in lockout.test.ts.
});

async function registerActive(phone: string): Promise<void> {
  const { sid, mobile } = (await start(phone)).json();
  const code = codeIn(await lastSms(t, mobile));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/core/register/verify',
    payload: { sid, code },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
}
