import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSummarySchema } from '@dau/contracts/sports/event-summary';
import { negotiateCoding } from '../../src/modules/sports/answer-cache';
import { toEventSummary } from '../../src/modules/sports/event-wire';
import { createTestApp, type TestApp } from '../helpers/test-app';

const NOW = new Date('2026-11-21T12:00:00Z');
const PRE = '/api/uof/match/event/ListAllPreEvents?sportId=1&marketId=1&nrOfPre=150&siteid=2';
const LIVE = '/api/uof/match/event/ListAllEvents?sportId=1&marketId=1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  await t.deps.feed.connect();
});
afterAll(async () => {
  await t.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

function decoded(res: Awaited<ReturnType<typeof get>>): string {
  const coding = res.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (coding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(coding).toBeUndefined();
  return res.rawPayload.toString('utf8');
}

interface Page {
  sports: { eventMin: { id: number; odds: { id: number; m: { id: number; o: number }[] }[] }[] }[];
}
const firstEvent = (json: string) => (JSON.parse(json) as Page).sports[0]?.eventMin[0];

describe('cached list answers travel compressed', () => {
  it('serves the same JSON as br, gzip and identity, with Vary, an ETag and no-cache', async () => {
    for (const url of [PRE, LIVE]) {
      const plain = await get(url);
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await get(url, { 'accept-encoding': 'gzip, deflate' });
      expect([plain.statusCode, br.statusCode, gzip.statusCode]).toEqual([200, 200, 200]);
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(decoded(br)).toBe(plain.body);
      expect(decoded(gzip)).toBe(plain.body);
      expect(JSON.parse(plain.body)).toMatchObject({ hasErrors: false });
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      for (const res of [plain, br, gzip]) {
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers.etag).toBe(plain.headers.etag);
      }
      expect(plain.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    }
  });

  it('answers 304 without a body to a matching If-None-Match, 200 to a stale one', async () => {
    const first = await get(PRE, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    const again = await get(PRE, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const listed = await get(PRE, { 'if-none-match': `W/"other", ${etag.replace('W/', '')}` });
    expect(listed.statusCode).toBe(304);
    const stale = await get(PRE, { 'accept-encoding': 'gzip', 'if-none-match': 'W/"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(decoded(stale)).toBe(decoded(first));
  });

  it('drops the compressed bodies when the odds change, exactly like the JSON', async () => {
    const before = await get(PRE, { 'accept-encoding': 'br' });
    const beforeGzip = await get(PRE, { 'accept-encoding': 'gzip' });
    const event = firstEvent(decoded(before));
    expect(event).toBeDefined();
    const price = event?.odds[0]?.m[0];
    expect(price).toBeDefined();
    const next = Math.round((price?.o ?? 1) * 100) + 37;

    await t.deps.feed.simulator?.setPrice(event?.id ?? 0, 1, '', price?.id ?? 1, next);
    await t.deps.feed.simulator?.idle();

    const plain = await get(PRE);
    const br = await get(PRE, { 'accept-encoding': 'br' });
    const gzip = await get(PRE, { 'accept-encoding': 'gzip' });
    expect(firstEvent(plain.body)?.odds[0]?.m[0]?.o).toBe(next / 100);
    expect(decoded(br)).toBe(plain.body);
    expect(decoded(gzip)).toBe(plain.body);
    expect(br.headers.etag).not.toBe(before.headers.etag);
    expect(decoded(gzip)).not.toBe(decoded(beforeGzip));
    // The old tag no longer matches, so a client holding the old page gets the new one.
    const revalidated = await get(PRE, {
      'accept-encoding': 'br',
      'if-none-match': String(before.headers.etag),
    });
    expect(revalidated.statusCode).toBe(200);
    expect(decoded(revalidated)).toBe(plain.body);
  });

  it('still refuses bad input with the envelope and a 400', async () => {
    const res = await get('/api/uof/match/event/ListAllPreEvents?sportId=x', {
      'accept-encoding': 'br',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(decoded(res))).toMatchObject({ hasErrors: true });
  });
});

describe('list answers kept per event (ADR 219)', () => {
  const url = `${PRE}&timeOffset=180`;
  /** Every entry of the served page, against the event summarized afresh from the model. */
  async function expectCurrent() {
    const page = JSON.parse((await get(url)).body) as { sports: { eventMin: { id: number }[] }[] };
    const served = page.sports[0]?.eventMin ?? [];
    expect(served.length).toBeGreaterThan(10);
    const model = t.deps.feed.model;
    for (const entry of served) {
      const event = model.events.get(entry.id);
      expect(event).toBeDefined();
      if (!event) continue;
      const fresh = toEventSummary(event, model, { marketId: 1, timeOffsetMinutes: 180 });
      expect(entry).toEqual(JSON.parse(JSON.stringify(eventSummarySchema.parse(fresh))));
    }
    return served;
  }

  it('re-serializes only what changed, and follows odds, producers and names', async () => {
    const before = await expectCurrent();
    const [changed, other] = before as { id: number; odds: { m: { id: number; o: number }[] }[] }[];
    const price = changed?.odds[0]?.m[0];
    const next = Math.round((price?.o ?? 1) * 100) + 11;
    await t.deps.feed.simulator?.setPrice(changed?.id ?? 0, 1, '', price?.id ?? 1, next);
    await t.deps.feed.simulator?.idle();
    const after = await expectCurrent();
    const moved = after.find((e) => e.id === changed?.id) as typeof changed;
    expect(moved?.odds[0]?.m.find((o) => o.id === price?.id)?.o).toBe(next / 100);
    expect(after.find((e) => e.id === other?.id)).toEqual(other);

    // A producer going down blocks every entry, though no event object changed.
    const model = t.deps.feed.model;
    const wasUp = model.producerUp[3];
    model.producerUp[3] = false;
    model.version++;
    try {
      const down = await expectCurrent();
      expect(down.every((e) => (e as { ibs?: boolean }).ibs === true)).toBe(true);
    } finally {
      model.producerUp[3] = wasUp;
      model.version++;
    }

    // A renamed tournament shows in every entry of it.
    const first = model.events.get(changed?.id ?? 0);
    const tournament = first ? model.tournaments.get(first.tournamentId) : undefined;
    expect(tournament).toBeDefined();
    if (!tournament) return;
    model.tournaments.set(tournament.id, { ...tournament, name: `${tournament.name} (renamed)` });
    model.taxonomyVersion++;
    model.version++;
    try {
      const renamed = await expectCurrent();
      expect(renamed.find((e) => e.id === changed?.id)).toMatchObject({
        ltn: `${tournament.name} (renamed)`,
      });
    } finally {
      model.tournaments.set(tournament.id, tournament);
      model.taxonomyVersion++;
      model.version++;
    }
  });
});

describe('negotiateCoding', () => {
  it('prefers br, then gzip, honours q=0 and *', () => {
    expect(negotiateCoding(undefined)).toBeNull();
    expect(negotiateCoding('')).toBeNull();
    expect(negotiateCoding('identity')).toBeNull();
    expect(negotiateCoding('deflate')).toBeNull();
    expect(negotiateCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateCoding('gzip, deflate')).toBe('gzip');
    expect(negotiateCoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateCoding('BR;Q=0, GZIP')).toBe('gzip');
    expect(negotiateCoding('*')).toBe('br');
    expect(negotiateCoding('gzip;q=0, *;q=0.1')).toBe('br');
    expect(negotiateCoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateCoding(['gzip', 'br;q=0'])).toBe('gzip');
  });
});
