import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSummary } from '@dau/contracts/sports/event-summary';
import { createTestApp, type TestApp } from '../helpers/test-app';

const NOW = new Date('2026-11-21T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  // 14 fixtures per tournament: more than one page of 150 football events.
  t = await createTestApp({}, { now: () => NOW });
  await t.deps.feed.connect();
});
afterAll(async () => {
  await t.close();
});

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

const PRE = '/api/uof/match/event/ListAllPreEvents';

describe('ListAllPreEvents', () => {
  it('pages through every pre-match football event with lastKey, in kick-off order', async () => {
    const football = (t.deps.feed.simulator?.fixtures() ?? []).filter(
      (f) => f.sport.id === 1 && f.startTime > NOW.getTime(),
    );
    expect(football.length).toBeGreaterThan(150);
    const seen: EventSummary[] = [];
    let lastKey: string | null = null;
    let pages = 0;
    do {
      const url: string = `${PRE}?sportId=1&marketId=1&siteid=2${lastKey ? `&lastKey=${lastKey}` : ''}`;
      const { status, body } = await get(url);
      expect(status).toBe(200);
      expect(body.hasErrors).toBe(false);
      expect(body.liveCount).toBe(6);
      const events = body.sports[0].eventMin as EventSummary[];
      expect(events.length).toBeLessThanOrEqual(150);
      seen.push(...events);
      lastKey = body.lastKey;
      pages++;
    } while (lastKey && pages < 10);
    expect(pages).toBe(2);
    expect(seen.map((e) => e.id).sort()).toEqual(football.map((f) => f.eventId).sort());
    const times = seen.map((e) => Date.parse(e.edt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const first = seen[0];
    expect(first).toMatchObject({ sid: 1, lsn: 'Soccer', isLive: false, ms: 0, finished: false });
    expect(first?.odds).toHaveLength(1);
    expect(first?.odds[0]).toMatchObject({ id: 1, uid: '1', ibs: false });
    expect(first?.odds[0]?.m.map((o) => o.id)).toEqual([1, 2, 3]);
    expect(first?.nro).toBe(7);
  });

  it('filters by category, subcategory, dates, odds and market specifier', async () => {
    const kenya = await get(`${PRE}?sportId=1&categories=1101`);
    const kenyan = kenya.body.sports[0].eventMin as EventSummary[];
    expect(kenyan.length).toBeGreaterThan(0);
    expect(kenyan.every((e) => e.cid === 1101 && e.lcn === 'Kenya')).toBe(true);

    const epl = await get(`${PRE}?sportId=1&subCatId=2103`);
    const eplEvents = epl.body.sports[0].eventMin as EventSummary[];
    const live = t.deps.feed.simulator?.liveEventIds() ?? [];
    const scheduled = (t.deps.feed.simulator?.fixtures() ?? []).filter(
      (f) => f.tournament.id === 2103 && !live.includes(f.eventId),
    );
    expect(eplEvents.length).toBe(scheduled.length);
    expect(eplEvents.length).toBeGreaterThan(0);
    expect(eplEvents.every((e) => e.tid === 2103 && e.ltn === 'Premier League')).toBe(true);

    const from = '2026-11-23T00:00:00Z';
    const to = '2026-11-24T00:00:00Z';
    const day = await get(`${PRE}?sportId=1&fromDtTm=${from}&toDtTm=${to}`);
    const dayEvents = day.body.sports[0].eventMin as EventSummary[];
    expect(dayEvents.length).toBeGreaterThan(0);
    expect(
      dayEvents.every((e) => e.edt >= '2026-11-23T00:00:00' && e.edt < '2026-11-24T00:00:00'),
    ).toBe(true);

    const cheap = await get(`${PRE}?sportId=1&isFilterOdds=true&minOdds=1.01&maxOdds=1.5`);
    const cheapEvents = cheap.body.sports[0].eventMin as EventSummary[];
    const all = await get(`${PRE}?sportId=1&nrOfPre=500`);
    expect(cheapEvents.length).toBeGreaterThan(0);
    expect(cheapEvents.length).toBeLessThan(all.body.sports[0].eventMin.length);
    expect(cheapEvents.every((e) => e.odds[0]?.m.some((o) => o.o >= 1.01 && o.o <= 1.5))).toBe(
      true,
    );
    // Only one bound: no odds filter.
    const oneBound = await get(`${PRE}?sportId=1&isFilterOdds=true&minOdds=1.01&nrOfPre=500`);
    expect(oneBound.body.sports[0].eventMin.length).toBe(all.body.sports[0].eventMin.length);

    const totals = await get(`${PRE}?sportId=1&marketId=18&specifier=total=2.5&nrOfPre=5`);
    const totalEvents = totals.body.sports[0].eventMin as EventSummary[];
    expect(totalEvents[0]?.odds).toEqual([
      expect.objectContaining({ id: 18, sp: 'total=2.5', uid: '18|total=2.5' }),
    ]);
  });

  it('sorts by league when asked (and always for sport 987987), and can include live events', async () => {
    const { body } = await get(`${PRE}?sportId=1&sortBy=league&nrOfPre=500`);
    const events = body.sports[0].eventMin as EventSummary[];
    const firstLeague = events[0]?.tid;
    const blockEnd = events.findIndex((e) => e.tid !== firstLeague);
    expect(events.slice(blockEnd).some((e) => e.tid === firstLeague)).toBe(false);
    const live = await get(`${PRE}?sportId=1&includeLiveEvents=true&nrOfPre=500`);
    const liveEvents = (live.body.sports[0].eventMin as EventSummary[]).filter((e) => e.isLive);
    expect(liveEvents).toHaveLength(6);
    expect(liveEvents[0]?.sc).toMatch(/^\d+:\d+$/);
  });

  it('refuses bad input with the envelope and a 400', async () => {
    const bad = await get(`${PRE}?sportId=football`);
    expect(bad.status).toBe(400);
    expect(bad.body.hasErrors).toBe(true);
    expect(bad.body.datasource_entries[0].dimension_value).toBe(
      'Missing required parameter [sportId]',
    );
    for (const query of [
      'sportId=1&marketId=abc',
      'sportId=1&lastKey=garbage',
      'sportId=1&fromDtTm=yesterday',
      'sportId=1&categories=1,x',
      'sportId=1&nrOfPre=0',
      'sportId=1&specifier=%3Cscript%3E',
    ]) {
      const res = await get(`${PRE}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.hasErrors, query).toBe(true);
    }
  });
});

describe('ListAllEvents (live)', () => {
  it('lists the live matches with the live fields, sorted by league', async () => {
    const { status, body } = await get(
      '/api/uof/match/event/ListAllEvents?sportId=1&marketId=1&sortBy=league',
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ hasErrors: false, datasource_entries: [], liveCount: 6 });
    const events = body.sports[0].eventMin as EventSummary[];
    expect(events).toHaveLength(6);
    for (const e of events) {
      expect(e.isLive).toBe(true);
      expect(e.ms).toBe(1);
      expect(e.mt).toMatch(/^\d+'$/);
      expect(['1st half', '2nd half', 'Halftime']).toContain(e.st);
    }
    const firstTid = events[0]?.tid ?? 0;
    const ids = events.map((e) => e.tid);
    expect(ids.lastIndexOf(firstTid) - ids.indexOf(firstTid) + 1).toBe(
      ids.filter((x) => x === firstTid).length,
    );
    const filtered = await get(
      `/api/uof/match/event/ListAllEvents?sportId=1&subCatIdsCsv=${firstTid}`,
    );
    expect(filtered.body.sports[0].eventMin.every((e: EventSummary) => e.tid === firstTid)).toBe(
      true,
    );
    const bad = await get('/api/uof/match/event/ListAllEvents?sportId=x');
    expect(bad.status).toBe(400);
    expect(bad.body.datasource_entries[0].dimension_value).toBe(
      'Missing required parameter [sportId]',
    );
  });
});

describe('byId, ListSports, ListLiveSports, popularbysport', () => {
  it('answers byId in both forms, 404 for unknown events, 400 for non-numeric ids', async () => {
    const id = t.deps.feed.simulator?.liveEventIds()[0] ?? 0;
    const one = await get(`/api/uof/match/event/byId?eventid=${id}&siteid=2`);
    expect(one.status).toBe(200);
    expect(one.body.eventMin.id).toBe(id);
    expect(one.body.eventMin.odds.length).toBeGreaterThan(1);
    const list = await get(`/api/uof/match/event/byId?eventId=${id}&marketId=29&timeOffset=180`);
    expect(list.body.eventMin).toHaveLength(1);
    expect(list.body.eventMin[0].odds.map((g: { id: number }) => g.id)).toEqual([29]);
    const missing = await get('/api/uof/match/event/byId?eventid=123&siteid=2');
    expect(missing.status).toBe(404);
    expect(missing.body.hasErrors).toBe(true);
    const bad = await get('/api/uof/match/event/byId?eventid=abc&siteid=2');
    expect(bad.status).toBe(400);
    expect((await get('/api/uof/match/event/byId?siteid=2')).status).toBe(400);
  });

  it('lists sports with categories and quick filters, pre-match and live', async () => {
    const pre = await get(
      '/api/uof/match/event/ListSports?isForLive=false&includeCats=true&siteid=2',
    );
    expect(pre.status).toBe(200);
    const soccer = pre.body.find((s: { id: number }) => s.id === 1);
    expect(soccer).toMatchObject({ name: 'Soccer', defaultMarketId: 1, sportOrder: 1 });
    expect(soccer.quickFilter.map((q: { marketId: number }) => q.marketId)).toEqual([
      1, 10, 11, 18, 29,
    ]);
    const kenya = soccer.categories.find((c: { id: number }) => c.id === 1101);
    expect(kenya.subCategories.map((s: { id: number }) => s.id)).toEqual([2101, 2102]);
    expect(pre.body.map((s: { sportOrder: number }) => s.sportOrder)).toEqual(
      [...pre.body.map((s: { sportOrder: number }) => s.sportOrder)].sort((a, b) => a - b),
    );
    const basketball = pre.body.find((s: { id: number }) => s.id === 2);
    expect(basketball.defaultMarketId).toBe(186);
    const noCats = await get('/api/uof/match/event/ListSports?isForLive=false&includeCats=false');
    expect(noCats.body[0].categories).toEqual([]);

    const live = await get('/api/uof/match/event/ListSports?isForLive=true&includeCats=true');
    expect(live.body.map((s: { id: number }) => s.id)).toEqual([1]);
    expect(live.body[0].nrOfEvents).toBe(6);
    const core = await get('/api/core/event/ListLiveSports/?siteid=2&langcode=en&country=ke');
    expect(core.status).toBe(200);
    expect(core.body.liveCount).toBe(6);
  });

  it('answers the popular football menus', async () => {
    const { status, body } = await get('/api/uof/az/popularbysport/1');
    expect(status).toBe(200);
    const kpl = body.subCategories.find((s: { i: number }) => s.i === 2101);
    expect(kpl).toMatchObject({ n: 'Premier League', pn: 'Kenya', pi: 1101 });
    expect(kpl.c).toBeGreaterThanOrEqual(14);
    expect(body.subCategories.some((s: { i: number }) => s.i === 2102)).toBe(false);
    expect(body.categories[0]).toEqual({
      i: expect.any(Number),
      n: expect.any(String),
      c: expect.any(Number),
    });
    expect((await get('/api/uof/az/popularbysport/abc')).status).toBe(400);
  });

  it('answers the availability flags', async () => {
    const { body } = await get('/api/uof/status');
    expect(body).toEqual({
      uofLiveProducerUp: true,
      uofPreProducerUp: true,
      uofDisconnected: false,
    });
  });

  it('lists the calls in the OpenAPI document', async () => {
    const { body } = await get('/api/docs/json');
    for (const path of [
      '/api/uof/match/event/ListSports',
      '/api/uof/match/event/ListAllPreEvents',
      '/api/uof/match/event/ListAllEvents',
      '/api/uof/match/event/byId',
      '/api/sandbox/feed/goal',
      '/api/sandbox/feed/producer-down',
    ]) {
      expect(Object.keys(body.paths)).toContain(path);
    }
  });
});
