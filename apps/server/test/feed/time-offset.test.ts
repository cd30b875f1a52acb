import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSummary } from '@dau/contracts/sports/event-summary';
import { formatDayTime } from '@dau/domain/site-time';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Each site's clock, and the client's own timeOffset honoured (docs/decisions/141).
const NOW = new Date('2026-11-21T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SITE_HOSTS: 'zm.localhost=3,ke.localhost=2' }, { now: () => NOW });
  await t.deps.feed.connect();
});
afterAll(async () => {
  await t.close();
});

const PRE = '/api/uof/match/event/ListAllPreEvents?sportId=1&marketId=1&nrOfPre=5';

async function events(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sports[0].eventMin as EventSummary[];
}

describe('kick-off times in the right clock', () => {
  it("uses the client's timeOffset, else its site's (Zambia UTC+2, Kenya UTC+3)", async () => {
    const east = await events(`${PRE}&timeOffset=180`);
    const central = await events(`${PRE}&timeOffset=120`);
    for (const [i, event] of east.entries()) {
      expect(event.edtlocale).toBe(formatDayTime(event.edt, 180));
      expect(central[i]?.edtlocale).toBe(formatDayTime(event.edt, 120));
      expect(central[i]?.edtlocale).not.toBe(event.edtlocale);
    }
    // Without a timeOffset the site's own clock applies, and the cache keeps the two apart.
    const zambia = await events(PRE, { host: 'zm.localhost' });
    const kenya = await events(PRE, { host: 'ke.localhost' });
    expect(zambia.map((e) => e.edtlocale)).toEqual(central.map((e) => e.edtlocale));
    expect(kenya.map((e) => e.edtlocale)).toEqual(east.map((e) => e.edtlocale));
  });

  it('reads the time-offset header too, on one event', async () => {
    const [first] = await events(PRE);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/uof/match/event/byId?eventid=${first?.id}`,
      headers: { 'x-time-offset': '60' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().eventMin.edtlocale).toBe(formatDayTime(first?.edt ?? '', 60));
  });

  it('refuses a timeOffset that is not whole minutes within UTC-12..UTC+14', async () => {
    for (const bad of ['3h', '900', '1.5']) {
      const res = await t.app.inject({ method: 'GET', url: `${PRE}&timeOffset=${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().datasource_entries[0]).toMatchObject({
        value: 'INVALID_TIME_OFFSET',
        name: 'timeOffset',
      });
    }
  });
});
