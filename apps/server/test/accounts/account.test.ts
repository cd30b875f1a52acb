import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLIANCE_UPDATED } from '@dau/domain/messages';
import { fromUnits } from '@dau/domain/money';
import { createSignedInUser, createUser, TEST_PASSWORD } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { freshIp, lastSms, sessionCookie } from './helpers';

let t: TestApp;
let clock = new Date('2026-11-21T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://dau.test' }, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});

function login3(username: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/core/login3',
    remoteAddress: freshIp(),
    payload: { UnspecifiedUsername: username, UserPassword: password },
  });
}

describe('profile', () => {
  it('answers the session user only, whatever the path says', async () => {
    const alice = await createSignedInUser(t.deps.db, { email: 'alice@example.com' });
    const bob = await createSignedInUser(t.deps.db, { email: 'bob@example.com' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/core/customer/profile/2/ke/en?${Date.now()}`,
      cookies: bob.cookies,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      primaryMobile: bob.user.phone,
      email: 'bob@example.com',
      phones: [{ mobile: bob.user.phone, isPrimary: true }],
      isCompliant: true,
    });
    expect(res.body).not.toContain(alice.user.phone);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/profile/2/ke/en',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('updates the email and refuses an invalid one', async () => {
    const carol = await createSignedInUser(t.deps.db);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/profile/UpdateEmail',
      cookies: carol.cookies,
      payload: { siteId: 2, countryCode: 'ke', languageCode: 'en', email: 'Carol@Example.com' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('carol@example.com');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/profile/UpdateEmail',
      cookies: carol.cookies,
      payload: { email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().datasource_entries[0].dimension_value).toBe(
      'Please enter a valid email address.',
    );
  });
});

describe('compliance on site 1', () => {
  it('validates the site fields, succeeds once, then is read-only', async () => {
    const ug = await createSignedInUser(t.deps.db, { site_id: 1, phone: '+256712000001' });
    const sources = await t.app.inject({
      method: 'GET',
      url: '/api/core/IncomeSource/GetIncomeSourceList',
    });
    expect(sources.json().isSuccess).toBe(true);
    const sourceId = sources.json().fetchedObjects[0].incomeSourceId as number;

    const before = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/profile/1/ug/en',
      cookies: ug.cookies,
    });
    expect(before.json().isCompliant).toBe(false);

    const tooYoung = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/UpdateCustomerAdditionalInfo',
      cookies: ug.cookies,
      payload: {
        firstName: 'Amos',
        lastName: 'Okello',
        birthDate: '2004-01-01',
        gender: 1,
        incomeSourceId: sourceId,
      },
    });
    expect(tooYoung.statusCode).toBe(400);
    const messages = tooYoung
      .json()
      .datasource_entries.map((e: { dimension_value: string }) => e.dimension_value);
    expect(messages).toContain('You must be 25 years or older');
    expect(messages).toContain('Please say whether you are a politically exposed person');

    const payload = {
      siteId: 1,
      countryCode: 'ug',
      languageCode: 'en',
      firstName: 'Amos',
      lastName: 'Okello',
      birthDate: '1990-02-28',
      gender: 1,
      incomeSourceId: sourceId,
      isPoliticallyExposed: false,
    };
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/UpdateCustomerAdditionalInfo',
      cookies: ug.cookies,
      payload,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      hasErrors: false,
      fetchedObject: true,
      message: COMPLIANCE_UPDATED,
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/profile/1/ug/en',
      cookies: ug.cookies,
    });
    expect(profile.json()).toMatchObject({
      isCompliant: true,
      fullName: 'Amos Okello',
      birthDate: '1990-02-28',
    });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/UpdateCustomerAdditionalInfo',
      cookies: ug.cookies,
      payload: { ...payload, firstName: 'Changed' },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('settings and feature flags', () => {
  it('reads defaults, updates toggles, and rejects unknown settings', async () => {
    const dan = await createSignedInUser(t.deps.db);
    const initial = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/v2/getSettings',
      cookies: dan.cookies,
    });
    expect(initial.json().settings).toMatchObject({
      isAcceptChanges: false,
      saveData: false,
      compactMode: false,
    });
    const updated = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/v2/updateSettings',
      cookies: dan.cookies,
      payload: { saveData: true, isAcceptChanges: true },
    });
    expect(updated.json().settings).toMatchObject({
      saveData: true,
      isAcceptChanges: true,
      compactMode: false,
    });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/v2/getSettings',
      cookies: dan.cookies,
    });
    expect(read.json().settings.saveData).toBe(true);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/v2/updateSettings',
      cookies: dan.cookies,
      payload: { becomeAdmin: true },
    });
    expect(unknown.statusCode).toBe(400);

    const flags = await t.app.inject({
      method: 'POST',
      url: '/feature/store',
      cookies: dan.cookies,
      payload: { bets2: true },
    });
    expect(flags.json()).toEqual({ stored: true });
    const row = await t.deps.db
      .selectFrom('user_settings')
      .selectAll()
      .where('user_id', '=', dan.user.id)
      .executeTakeFirstOrThrow();
    expect(row.feature_flags).toEqual({ bets2: true });
    expect(row.settings).toMatchObject({ saveData: true });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/feature/store',
      payload: { bets2: true },
    });
    expect(anonymous.json()).toEqual({ stored: false });
  });
});

describe('password reset and change', () => {
  it('sends a guid link that works once and ends other sessions', async () => {
    const erin = await createSignedInUser(t.deps.db);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/core/forgotten-password',
      payload: { UnspecifiedUsername: `0${erin.user.phone.slice(4)}` },
    });
    expect(asked.statusCode).toBe(200);
    const sms = await lastSms(t, erin.user.phone);
    const guid = /https:\/\/dau\.test\/reset-password\/([\w-]+)/.exec(sms)?.[1];
    expect(guid).toBeDefined();

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/core/forgotten-password',
      payload: { UnspecifiedUsername: '0799999999' },
    });
    expect(unknown.json()).toEqual(asked.json());

    const check = await t.app.inject({ method: 'GET', url: `/api/core/reset-password/${guid}` });
    expect(check.json()).toEqual({ valid: true });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/core/reset-password',
      payload: { guid, password: 'Mombasa#77' },
    });
    expect(reset.statusCode).toBe(200);
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/core/reset-password',
      payload: { guid, password: 'Kisumu#888' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().datasource_entries[0].value).toBe('RESET_LINK_INVALID');

    const old = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/isLoggedIn',
      cookies: erin.cookies,
    });
    expect(old.json().isLoggedIn).toBe(false);
    expect((await login3(erin.user.phone, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login3(erin.user.phone, 'Mombasa#77')).statusCode).toBe(200);
  });

  it('lets a guid expire after 15 minutes', async () => {
    const fay = await createUser(t.deps.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/core/forgotten-password',
      payload: { UnspecifiedUsername: fay.phone },
    });
    const guid = /reset-password\/([\w-]+)/.exec(await lastSms(t, fay.phone))?.[1];
    clock = new Date(clock.getTime() + 15 * 60_000 + 1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/core/reset-password',
      payload: { guid, password: 'Mombasa#77' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('changes the PIN only with the current one and keeps this session', async () => {
    const gus = await createUser(t.deps.db);
    const first = sessionCookie(await login3(gus.phone, TEST_PASSWORD));
    const second = sessionCookie(await login3(gus.phone, TEST_PASSWORD));
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/changePassword',
      cookies: { authBB: first },
      payload: { currentPassword: 'nope', newPassword: '2580' },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/changePassword',
      cookies: { authBB: first },
      payload: { currentPassword: TEST_PASSWORD, newPassword: '2580' },
    });
    expect(ok.statusCode).toBe(200);
    const stillIn = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/isLoggedIn',
      cookies: { authBB: first },
    });
    const otherOut = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/isLoggedIn',
      cookies: { authBB: second },
    });
    expect(stillIn.json().isLoggedIn).toBe(true);
    expect(otherOut.json().isLoggedIn).toBe(false);
    expect((await login3(gus.phone, '2580')).statusCode).toBe(200);
  });
});

describe('responsible gambling', () => {
  it('self-exclusion ends sessions; the next login is restricted, with a clear message', async () => {
    const hal = await createSignedInUser(t.deps.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/responsible-gambling',
      cookies: hal.cookies,
      payload: { period: '6m', confirm: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toMatchObject({ kind: 'self_exclusion', period: '6m' });
    const loggedIn = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/isLoggedIn',
      cookies: hal.cookies,
    });
    expect(loggedIn.json().isLoggedIn).toBe(false);

    // Users can always reach their money: login works, the account says it is restricted.
    const login = await login3(hal.user.phone, TEST_PASSWORD);
    expect(login.statusCode).toBe(200);
    const state = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/responsible-gambling',
      cookies: { authBB: sessionCookie(login) },
    });
    expect(state.json().message).toMatch(
      /^You have excluded yourself from betting until \d+ \w{3} 2027, \d\d:\d\d \(UTC\+3\)\. Deposits and bets are not possible until then; you can still log in to withdraw your balance and see your transactions\.$/,
    );
  });

  it('a 7-day break ends by itself; a new 30-day break applies again', async () => {
    const ivy = await createSignedInUser(t.deps.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/responsible-gambling',
      cookies: ivy.cookies,
      payload: { period: '7d', confirm: true },
    });
    const { assertCanGamble } =
      await import('../../src/modules/accounts/responsible-gambling.service');
    await expect(assertCanGamble(t.deps.db, ivy.user.id, clock)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    clock = new Date(clock.getTime() + 7 * 24 * 3600_000 + 1000);
    const after = await login3(ivy.user.phone, TEST_PASSWORD);
    expect(after.json()).toMatchObject({ hasErrors: false });
    const session = sessionCookie(after);
    await expect(assertCanGamble(t.deps.db, ivy.user.id, clock)).resolves.toBeUndefined();
    await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/responsible-gambling',
      cookies: { authBB: session },
      payload: { period: '30d', confirm: true },
    });
    await expect(assertCanGamble(t.deps.db, ivy.user.id, clock)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    clock = new Date(clock.getTime() + 30 * 24 * 3600_000 + 1000);
    await expect(assertCanGamble(t.deps.db, ivy.user.id, clock)).resolves.toBeUndefined();
  });

  it('refuses deposits during a break but lets withdrawals through', async () => {
    const kim = await createSignedInUser(t.deps.db);
    const { responsibleGamblingGuard, startLimit } =
      await import('../../src/modules/accounts/responsible-gambling.service');
    const guard = responsibleGamblingGuard(t.deps);
    const amount = fromUnits(100);
    expect(await guard.check({ userId: kim.user.id, kind: 'deposit', amount })).toEqual({
      allowed: true,
    });
    await startLimit(t.deps.db, kim.user.id, '24h', clock);
    const refused = await guard.check({ userId: kim.user.id, kind: 'deposit', amount });
    expect(refused).toMatchObject({ allowed: false });
    expect(refused.allowed === false && refused.message).toMatch(/taking a break from betting/);
    expect(await guard.check({ userId: kim.user.id, kind: 'withdrawal', amount })).toEqual({
      allowed: true,
    });
  });

  it('refuses a shorter period while one is running', async () => {
    const jo = await createSignedInUser(t.deps.db);
    const { startLimit } = await import('../../src/modules/accounts/responsible-gambling.service');
    await startLimit(t.deps.db, jo.user.id, '30d', clock);
    await expect(startLimit(t.deps.db, jo.user.id, '24h', clock)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});
