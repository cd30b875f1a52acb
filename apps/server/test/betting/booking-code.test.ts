import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { bettingSuite, fundedUser, sandbox, selectionAt } from './betting-kit';

const suite = bettingSuite({ minEvents: 6 });
const ev = suite.ev;
let t: TestApp;
beforeAll(() => {
  t = suite.app();
});

const CODE_SHAPE = /^[2-9A-HJ-NP-Z]{6}$/;

async function create(selections: unknown[], cookies?: { authBB: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/core/betslip/CreateBookingCode',
    ...(cookies ? { cookies } : {}),
    payload: { siteId: 2, selections },
  });
}

async function load(code: string) {
  return t.app.inject({ method: 'GET', url: `/api/core/betslip/GetBookingCode/${code}` });
}

function errorValues(body: string) {
  const parsed = JSON.parse(body) as {
    hasErrors: boolean;
    datasource_entries: { value: string; dimension_value: string; name?: string }[];
  };
  expect(parsed.hasErrors).toBe(true);
  return parsed.datasource_entries;
}

describe('booking codes', () => {
  it('stores a slip under a short unambiguous code that a guest loads with current odds', async () => {
    const picks = [await selectionAt(t, ev(0), 1), await selectionAt(t, ev(1), 3)];
    const made = await create(picks);
    expect(made.statusCode, made.body).toBe(200);
    const { ssid, sharePath, selectionsCount, expiresAt } = made.json();
    expect(ssid).toMatch(CODE_SHAPE);
    expect(sharePath).toBe(`/social-share/${ssid}`);
    expect(selectionsCount).toBe(2);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());

    // The price moves after sharing: the friend gets the current price and sees the shared one.
    const moved = Math.round((picks[0]!.odds + 0.35) * 100) / 100;
    await sandbox(t, 'price', {
      eventId: ev(0),
      marketId: 1,
      specifier: '',
      outcomeId: 1,
      odds: moved,
    });
    const loaded = await load(ssid);
    expect(loaded.statusCode, loaded.body).toBe(200);
    const body = loaded.json();
    expect(body.ssid).toBe(ssid);
    expect(body.selections).toHaveLength(2);
    expect(body.selections[0]).toMatchObject({
      eventId: ev(0),
      marketId: 1,
      specifier: '',
      outcomeId: 1,
      odds: moved,
      sharedOdds: picks[0]!.odds,
      status: 'open',
      message: '',
    });
    expect(body.selections[0].eventName).toMatch(/ - /);
    expect(body.selections[0].marketName).not.toBe('');
    expect(body.selections[1]).toMatchObject({ eventId: ev(1), outcomeId: 3, status: 'open' });

    // Typed by hand: case, spaces and dashes do not matter.
    const typed = `${ssid.slice(0, 3).toLowerCase()}-${ssid.slice(3)}`;
    expect((await load(encodeURIComponent(typed))).json().ssid).toBe(ssid);
  });

  it('flags settled selections as gone and expires the code with its last event', async () => {
    const made = await create([await selectionAt(t, ev(2), 1), await selectionAt(t, ev(3), 2)]);
    const { ssid } = made.json();

    await sandbox(t, 'settle', { eventId: ev(2), home: 1, away: 0 });
    const partly = await load(ssid);
    expect(partly.statusCode, partly.body).toBe(200);
    const [gone, open] = partly.json().selections;
    expect(gone).toMatchObject({ eventId: ev(2), status: 'gone', message: 'Market has expired' });
    expect(open).toMatchObject({ eventId: ev(3), status: 'open' });

    await sandbox(t, 'settle', { eventId: ev(3), home: 0, away: 0 });
    const expired = await load(ssid);
    expect(expired.statusCode).toBe(404);
    expect(errorValues(expired.body)).toEqual([
      expect.objectContaining({
        value: 'BOOKING_CODE_EXPIRED',
        dimension_value: `Booking code ${ssid} has expired: its events can no longer be bet on.`,
      }),
    ]);
  });

  it('expires a code past its expiry time even while its events are open', async () => {
    const { ssid } = (await create([await selectionAt(t, ev(4), 1)])).json();
    await t.deps.db
      .updateTable('booking_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code', '=', ssid)
      .execute();
    const res = await load(ssid);
    expect(res.statusCode).toBe(404);
    expect(errorValues(res.body)[0]?.value).toBe('BOOKING_CODE_EXPIRED');
  });

  it('shows a suspended selection as suspended, not gone', async () => {
    const { ssid } = (await create([await selectionAt(t, ev(5), 1)])).json();
    await sandbox(t, 'market-status', { eventId: ev(5), marketId: 1, specifier: '', status: -1 });
    const res = await load(ssid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().selections[0]).toMatchObject({ status: 'suspended', message: 'Suspended' });
    await sandbox(t, 'market-status', { eventId: ev(5), marketId: 1, specifier: '', status: 1 });
  });

  it('answers bad and unknown codes with a 4xx envelope', async () => {
    for (const bad of ['AB0K9X', 'ABOK9X', 'AB1K9X', 'SHORT', 'TOOLONGCODE', '%20']) {
      const res = await load(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorValues(res.body)[0]).toMatchObject({
        value: 'INVALID_BOOKING_CODE',
        dimension_value: 'Enter a valid booking code: 6 letters and digits.',
      });
    }
    const unknown = await load('ZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(errorValues(unknown.body)[0]?.value).toBe('BOOKING_CODE_NOT_FOUND');
  });

  it('refuses a slip with a gone selection per event, and malformed slips, storing nothing', async () => {
    const before = await t.deps.db
      .selectFrom('booking_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const open = await selectionAt(t, ev(4), 1);
    const refused = await create([open, { ...open, eventId: ev(2) }]);
    expect(refused.statusCode).toBe(409);
    expect(errorValues(refused.body)).toEqual([
      expect.objectContaining({
        value: 'SELECTION_GONE',
        dimension_value: 'Market has expired',
        name: String(ev(2)),
      }),
    ]);
    const sameEvent = await create([open, { ...open, outcomeId: 2 }]);
    expect(sameEvent.statusCode).toBe(409);
    expect(errorValues(sameEvent.body)[0]?.value).toBe('SAME_EVENT');
    expect((await create([])).statusCode).toBe(400);
    expect((await create([{ eventId: 'x' }])).statusCode).toBe(400);
    expect((await create([{ ...open, odds: 1 }])).statusCode).toBe(400);
    const otherSite = await t.app.inject({
      method: 'POST',
      url: '/api/core/betslip/CreateBookingCode',
      payload: { siteId: 4, selections: [open] },
    });
    expect(otherSite.statusCode).toBe(400);
    const after = await t.deps.db
      .selectFrom('booking_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('records the signed-in sharer and never exposes who it was', async () => {
    const { user, cookies } = await fundedUser(t, 0);
    const made = await create([await selectionAt(t, ev(4), 2)], cookies);
    expect(made.statusCode, made.body).toBe(200);
    const row = await t.deps.db
      .selectFrom('booking_codes')
      .select('user_id')
      .where('code', '=', made.json().ssid)
      .executeTakeFirstOrThrow();
    expect(Number(row.user_id)).toBe(user.id);
    expect(JSON.stringify((await load(made.json().ssid)).json())).not.toContain(user.phone);
  });
});
