import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FEED_FIXTURES_PER_TOURNAMENT: '1' });
  await t.deps.feed.connect();
});
afterAll(async () => {
  await t.close();
});

// Issue #15 defect 13: an ended event's page had nothing but "no markets open for betting";
// half an hour after the end it was a 404. It keeps its teams and final score.
it('answers byId for an ended event with its teams and final score, also after the model forgot it', async () => {
  const id = t.deps.feed.simulator?.liveEventIds()[0] ?? 0;
  const fixture = t.deps.feed.simulator?.fixtures().find((f) => f.eventId === id);
  const settle = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/feed/settle',
    payload: { eventId: id, home: 3, away: 2 },
  });
  expect(settle.statusCode, settle.body).toBe(200);
  const url = `/api/uof/match/event/byId?eventid=${id}&siteid=2`;
  const ended = await t.app.inject({ method: 'GET', url });
  expect(ended.statusCode).toBe(200);
  expect(ended.json().eventMin).toMatchObject({
    id,
    htn: fixture?.home,
    atn: fixture?.away,
    sc: '3:2',
    finished: true,
    st: 'Ended',
    odds: [],
  });

  // An hour later the read model has let it go; the database still answers.
  expect(t.deps.feed.model.pruneFinished(Date.now() + 3_600_000 * 24 * 365)).toBeGreaterThan(0);
  expect(t.deps.feed.model.events.has(id)).toBe(false);
  const later = await t.app.inject({ method: 'GET', url });
  expect(later.statusCode).toBe(200);
  expect(later.json().eventMin).toMatchObject({
    id,
    htn: fixture?.home,
    sc: '3:2',
    finished: true,
    lsn: 'Soccer',
  });
  const unknown = await t.app.inject({
    method: 'GET',
    url: '/api/uof/match/event/byId?eventid=999&siteid=2',
  });
  expect(unknown.statusCode).toBe(404);
});
