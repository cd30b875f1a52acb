import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMessage } from '../../src/modules/feed/feed-messages';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { FEED_FIXTURES_PER_TOURNAMENT: '3' },
    {
      now: () => new Date('2026-11-21T12:00:00Z'),
    },
  );
  await t.deps.feed.connect();
});
afterAll(async () => {
  await t.close();
});

async function dbSnapshot() {
  const db = t.deps.db;
  return {
    events: await db.selectFrom('feed_events').selectAll().orderBy('id').execute(),
    markets: await db
      .selectFrom('feed_markets')
      .select(['event_id', 'market_id', 'specifier', 'status', 'name'])
      .orderBy(['event_id', 'market_id', 'specifier'])
      .execute(),
    outcomes: await db
      .selectFrom('feed_outcomes')
      .selectAll()
      .orderBy(['event_id', 'market_id', 'specifier', 'outcome_id'])
      .execute(),
    outbox: await db.selectFrom('feed_settlement_outbox').select(['message_key']).execute(),
  };
}

describe('ingestion', () => {
  it('stores the recovery snapshot: sports, categories, tournaments, events, markets, outcomes', async () => {
    const sim = t.deps.feed.simulator;
    const db = t.deps.db;
    const fixtures = sim?.fixtures() ?? [];
    const events = await db.selectFrom('feed_events').select('id').execute();
    expect(events).toHaveLength(fixtures.length);
    const sports = await db
      .selectFrom('feed_sports')
      .select('name')
      .orderBy('sort_order')
      .execute();
    expect(sports.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Soccer', 'Basketball', 'Tennis']),
    );
    const kpl = await db
      .selectFrom('feed_tournaments')
      .innerJoin('feed_categories', 'feed_categories.id', 'feed_tournaments.category_id')
      .select(['feed_tournaments.name', 'feed_categories.name as country'])
      .where('feed_tournaments.id', '=', 2101)
      .executeTakeFirst();
    expect(kpl).toEqual({ name: 'Premier League', country: 'Kenya' });
    const totals = await db
      .selectFrom('feed_markets')
      .select('specifier')
      .where('market_id', '=', 18)
      .where('event_id', '=', fixtures.find((f) => f.sport.id === 1)?.eventId ?? 0)
      .execute();
    expect(totals.map((m) => m.specifier).sort()).toEqual(['total=1.5', 'total=2.5', 'total=3.5']);
    expect(t.deps.feed.status()).toEqual({
      uofLiveProducerUp: true,
      uofPreProducerUp: true,
      uofDisconnected: false,
    });
  });

  it('changes nothing when a message is ingested twice (or an older one arrives late)', async () => {
    const sim = t.deps.feed.simulator;
    const eventId = sim?.liveEventIds()[0] ?? 0;
    const seen: FeedMessage[] = [];
    const handle = t.deps.feed.ingestion.handle;
    // Capture what the simulator sends, then replay it.
    const original = handle;
    const capture = async (m: FeedMessage) => {
      seen.push(m);
      await original(m);
    };
    await sim?.stop();
    await sim?.start(capture);
    await sim?.forceGoal(eventId, 'away');
    await sim?.settleNow(eventId, { home: 0, away: 1 });
    expect(seen.map((m) => m.type)).toEqual([
      'bet_stop',
      'odds_change',
      'odds_change',
      'bet_settlement',
    ]);
    const before = await dbSnapshot();
    expect(before.outbox).toHaveLength(1);
    for (const message of seen) await handle(message);
    for (const message of [...seen].reverse()) await handle(message);
    const after = await dbSnapshot();
    expect(after).toEqual(before);
    const event = before.events.find((e) => e.id === eventId);
    expect(event).toMatchObject({ status: 3, away_score: 1 });
    expect(before.markets.filter((m) => m.event_id === eventId).every((m) => m.status === -3)).toBe(
      true,
    );

    // The finished event stays in memory for a while, then leaves it (not the database).
    const model = t.deps.feed.model;
    const finishedAt = model.finishedAt.get(eventId) ?? 0;
    expect(model.pruneFinished(finishedAt + 60_000)).toBe(0);
    const byId = await t.app.inject({
      method: 'GET',
      url: `/api/uof/match/event/byId?eventid=${eventId}`,
    });
    expect(byId.json().eventMin).toMatchObject({ id: eventId, finished: true, sc: '0:1' });
    expect(model.pruneFinished(finishedAt + 31 * 60_000)).toBe(1);
    // Out of memory, the ended event is still answered from the database (issue #15 item 13).
    const later = await t.app.inject({
      method: 'GET',
      url: `/api/uof/match/event/byId?eventid=${eventId}`,
    });
    expect(later.statusCode).toBe(200);
    expect(later.json().eventMin).toMatchObject({ id: eventId, finished: true });
  });
});
