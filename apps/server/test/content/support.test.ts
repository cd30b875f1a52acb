import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorEnvelope } from '@dau/contracts/errors';
import { createSignedInUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
// 12:00 in Nairobi: support is open.
let clock = new Date('2026-11-21T09:00:00Z');
let address = 0;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});

/** Each call from its own address, so the per-address rate limit stays out of the way. */
function callBack(payload: Record<string, unknown>, remoteAddress = `10.0.0.${++address}`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/core/Support/GenerateSupportCallBackRequest',
    payload,
    remoteAddress,
  });
}

describe('call-back requests', () => {
  it('stores a valid number normalised for the site and confirms it', async () => {
    const res = await callBack({ countryCode: 'KE', siteId: 2, phoneNumber: '0712 345 678' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.hasErrors).toBe(false);
    expect(body.datasource_entries[0].dimension_value).toContain('0712345678');
    const stored = await t.deps.db
      .selectFrom('support_call_back_requests')
      .selectAll()
      .where('id', '=', body.requestId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ site_id: 2, phone: '+254712345678', within_hours: true });
  });

  it('accepts the +254 form, string site ids and the request site when none is sent', async () => {
    const res = await callBack({ siteId: '2', phoneNumber: '+254 110 000 111' });
    expect(res.statusCode).toBe(200);
    const implicit = await callBack({ phoneNumber: '0799000111' });
    expect(implicit.statusCode).toBe(200);
    const rows = await t.deps.db
      .selectFrom('support_call_back_requests')
      .select('phone')
      .where('phone', 'in', ['+254110000111', '+254799000111'])
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('refuses an invalid number with a 400 envelope whose first dimension_value says why', async () => {
    const before = await t.deps.db
      .selectFrom('support_call_back_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const phoneNumber of ['12345', '+255712345678', 'call me', '0812345678']) {
      const res = await callBack({ countryCode: 'ke', siteId: 2, phoneNumber });
      expect(res.statusCode, phoneNumber).toBe(400);
      const body = res.json();
      expect(isErrorEnvelope(body)).toBe(true);
      expect(body.datasource_entries[0]).toMatchObject({
        value: 'INVALID_PHONE_NUMBER',
        name: 'phoneNumber',
        dimension_value: 'Please enter a valid Kenya mobile number, for example 0712 345 678.',
      });
    }
    const empty = await callBack({ siteId: 2, phoneNumber: '+254' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().datasource_entries[0].dimension_value).toBe(
      'Please enter your phone number so we can call you back.',
    );
    const after = await t.deps.db
      .selectFrom('support_call_back_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a country that does not match the site, and unknown sites', async () => {
    const mismatch = await callBack({ countryCode: 'TZ', siteId: 2, phoneNumber: '0712345678' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().datasource_entries[0].value).toBe('COUNTRY_MISMATCH');
    const unknown = await callBack({ siteId: 9, phoneNumber: '0712345678' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().datasource_entries[0].value).toBe('UNKNOWN_SITE');
  });

  it('validates numbers by the site: Tanzania', async () => {
    const res = await callBack({ countryCode: 'TZ', siteId: 4, phoneNumber: '0655 123 456' });
    expect(res.statusCode).toBe(200);
    const bad = await callBack({ countryCode: 'TZ', siteId: 4, phoneNumber: '0712' });
    expect(bad.json().datasource_entries[0].dimension_value).toContain('Tanzania');
  });

  it('does not queue the same number twice in 30 minutes and caps requests per day', async () => {
    const first = await callBack({ siteId: 2, phoneNumber: '0722000333' });
    const again = await callBack({ siteId: 2, phoneNumber: '0722 000 333' });
    expect(again.json().requestId).toBe(first.json().requestId);
    expect(again.json().datasource_entries[0].value).toBe('CALL_BACK_ALREADY_REQUESTED');

    clock = new Date(clock.getTime() + 31 * 60_000);
    const second = await callBack({ siteId: 2, phoneNumber: '0722000333' });
    expect(second.json().requestId).not.toBe(first.json().requestId);
    clock = new Date(clock.getTime() + 31 * 60_000);
    expect((await callBack({ siteId: 2, phoneNumber: '0722000333' })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 31 * 60_000);
    const fourth = await callBack({ siteId: 2, phoneNumber: '0722000333' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().datasource_entries[0].value).toBe('CALL_BACK_DAILY_LIMIT');
  });

  it('tells callers outside support hours when they will be called', async () => {
    clock = new Date('2026-11-21T21:30:00Z'); // 00:30 in Nairobi
    const res = await callBack({ siteId: 2, phoneNumber: '0733000444' });
    expect(res.json().datasource_entries[0].dimension_value).toContain('07:00am to 11:00pm');
    const stored = await t.deps.db
      .selectFrom('support_call_back_requests')
      .select('within_hours')
      .where('id', '=', res.json().requestId)
      .executeTakeFirstOrThrow();
    expect(stored.within_hours).toBe(false);
  });

  it('limits requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await callBack({ siteId: 2, phoneNumber: `07440005${i}0` }, '10.9.9.9');
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

describe('account deletion requests', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/delete-account-request',
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });

  it('stores one open request per user and answers it again when asked twice', async () => {
    const { user, cookies } = await createSignedInUser(t.deps.db);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/delete-account-request',
      cookies,
    });
    expect(none.json()).toEqual({ request: null });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/delete-account-request',
      cookies,
      payload: { reason: '  I want to take a break  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hasErrors: false, request: { status: 'pending' } });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/delete-account-request',
      cookies,
      payload: {},
    });
    expect(again.json().request.requestId).toBe(res.json().request.requestId);

    const rows = await t.deps.db
      .selectFrom('account_deletion_requests')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'I want to take a break', site_id: 2 });

    const status = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/delete-account-request',
      cookies,
    });
    expect(status.json().request.requestId).toBe(res.json().request.requestId);
  });
});
