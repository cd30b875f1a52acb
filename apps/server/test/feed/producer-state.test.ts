import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkSelectionOpen } from '../../src/modules/feed/market-availability';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The app's wall clock, moved by hand; the simulator's clock only moves when advanced.
let wall = Date.parse('2026-11-21T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FEED_FIXTURES_PER_TOURNAMENT: '1' }, { now: () => new Date(wall) });
  await t.deps.feed.connect();
});
afterAll(async () => {
  await t.close();
});

async function flags() {
  const res = await t.app.inject({ method: 'GET', url: '/api/uof/status' });
  return res.json() as { uofLiveProducerUp: boolean; uofPreProducerUp: boolean };
}

it('says what PlaceBet says while the feed is paused: up at first, down once alive stops', async () => {
  const sim = t.deps.feed.simulator;
  const eventId = sim?.liveEventIds()[0] ?? 0;
  const selection = { eventId, marketId: 1, specifier: '', outcomeId: 1 };
  await sim?.advance(10_000);
  expect(await flags()).toMatchObject({ uofLiveProducerUp: true, uofPreProducerUp: true });
  expect(await checkSelectionOpen(t.deps.db, selection, new Date(wall))).toMatchObject({
    open: true,
  });

  // Paused, and nothing heartbeats (no timer runs here): 25 s of wall time pass in silence.
  await t.app.inject({ method: 'POST', url: '/api/sandbox/feed/pause', payload: {} });
  wall += 25_000;
  t.deps.feed.ingestion.checkAlive();
  await sim?.idle();
  await new Promise((r) => setTimeout(r, 50));
  expect(await checkSelectionOpen(t.deps.db, selection, new Date(wall))).toMatchObject({
    open: false,
    reason: 'PRODUCER_DOWN',
  });
  expect(await flags()).toMatchObject({ uofLiveProducerUp: false, uofPreProducerUp: false });

  // Alive again: both come back together, after the recovery snapshot.
  await t.app.inject({ method: 'POST', url: '/api/sandbox/feed/resume', payload: {} });
  await sim?.advance(10_000);
  await sim?.idle();
  expect(await flags()).toMatchObject({ uofLiveProducerUp: true, uofPreProducerUp: true });
  expect(await checkSelectionOpen(t.deps.db, selection, new Date(wall))).toMatchObject({
    open: true,
  });
});
