import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeedMessage } from '../../src/modules/feed/feed-messages';
import type { EventChange } from '../../src/modules/feed/feed-ingestion';
import { marketKey, type ReadEvent } from '../../src/modules/feed/read-model';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Ingestion in batches (ADR 232): messages handed over without waiting are committed together,
// in order, exactly once, and a failure applies none of what was staged on it.

let t: TestApp;
const changes: EventChange[] = [];
beforeAll(async () => {
  t = await createTestApp({ FEED_FIXTURES_PER_TOURNAMENT: '2' });
  await t.deps.feed.connect();
  t.deps.feed.publisher.watch({
    eventChanged: (change) => changes.push(change),
    producerChanged: () => undefined,
  });
});
afterAll(async () => {
  await t.close();
});

/** Pre-match events with an open 1x2 market, as the model holds them now. */
function openEvents(count: number): ReadEvent[] {
  const events = [...t.deps.feed.model.events.values()].filter(
    (e) => e.status === 0 && e.markets.get(marketKey(1, ''))?.status === 1,
  );
  expect(events.length).toBeGreaterThanOrEqual(count);
  return events.slice(0, count);
}

/** An odds change of the event's 1x2 with the home price set, `ahead` sequences after it. */
function priceMessage(event: ReadEvent, home: number, ahead: number): FeedMessage {
  const market = event.markets.get(marketKey(1, ''))!;
  return {
    type: 'odds_change',
    eventId: event.id,
    markets: [
      {
        ...market,
        outcomes: market.outcomes.map((o) => (o.outcomeId === 1 ? { ...o, odds: home } : o)),
      },
    ],
    producer: event.producer,
    timestamp: Date.now(),
    seq: event.lastSeq + ahead,
  };
}

async function storedHome(eventId: number): Promise<number | undefined> {
  const row = await t.deps.db
    .selectFrom('feed_outcomes')
    .select('odds')
    .where('event_id', '=', eventId)
    .where('market_id', '=', 1)
    .where('specifier', '=', '')
    .where('outcome_id', '=', 1)
    .executeTakeFirst();
  return row ? Number(row.odds) : undefined;
}

/** Ingestion's commit of one batch (private), to count the batches. */
const batchesOf = (ingestion: unknown) =>
  ingestion as { commit: (batch: unknown) => Promise<void> };

const homeIn = (event: ReadEvent | undefined) =>
  event?.markets.get(marketKey(1, ''))?.outcomes.find((o) => o.outcomeId === 1)?.odds;

describe('ingestion in batches', () => {
  it('commits messages handed over together in fewer transactions, each change published in order', async () => {
    const [a, b] = openEvents(2) as [ReadEvent, ReadEvent];
    const commit = vi.spyOn(batchesOf(t.deps.feed.ingestion), 'commit');
    changes.length = 0;
    const messages: FeedMessage[] = [];
    for (let i = 1; i <= 5; i++) {
      messages.push(priceMessage(a, 500 + i, i), priceMessage(b, 600 + i, i));
    }
    const done = messages.map((m) => t.deps.feed.ingestion.handle(m));
    await Promise.all(done);
    const batches = commit.mock.calls.length;
    commit.mockRestore();

    expect(batches).toBeGreaterThanOrEqual(1);
    expect(batches).toBeLessThan(messages.length);
    expect(await storedHome(a.id)).toBe(505);
    expect(await storedHome(b.id)).toBe(605);
    expect(homeIn(t.deps.feed.model.events.get(a.id))).toBe(505);
    expect(t.deps.feed.model.events.get(b.id)?.lastSeq).toBe(b.lastSeq + 5);
    // Every message's change reached the listeners, in the feed's order per event.
    expect(changes.filter((c) => c.event.id === a.id).map((c) => homeIn(c.event))).toEqual([
      501, 502, 503, 504, 505,
    ]);
    expect(changes.filter((c) => c.event.id === b.id).map((c) => homeIn(c.event))).toEqual([
      601, 602, 603, 604, 605,
    ]);
  });

  it('ignores a message not above one staged before it, committed or not', async () => {
    const [a] = openEvents(1) as [ReadEvent];
    changes.length = 0;
    const first = t.deps.feed.ingestion.handle(priceMessage(a, 701, 2));
    const stale = t.deps.feed.ingestion.handle(priceMessage(a, 702, 1));
    const repeat = t.deps.feed.ingestion.handle(priceMessage(a, 703, 2));
    await Promise.all([first, stale, repeat]);
    expect(await storedHome(a.id)).toBe(701);
    expect(changes.map((c) => homeIn(c.event))).toEqual([701]);
  });

  it('applies none of a failed batch nor what was staged on it; the next message applies', async () => {
    const [a] = openEvents(1) as [ReadEvent];
    const before = t.deps.feed.model.events.get(a.id);
    changes.length = 0;
    const ingestion = t.deps.feed.ingestion;
    const internals = batchesOf(ingestion);
    const commit = internals.commit.bind(internals);
    // A message staged once the failing batch's statement is under way: the next batch, built on it.
    let onTop: Promise<void> | undefined;
    const spy = vi.spyOn(internals, 'commit').mockImplementationOnce((batch) => {
      const running = commit(batch);
      onTop = ingestion.handle(priceMessage(a, 802, 3));
      return running;
    });
    // Odds below 1.00 break the table's check: the database refuses the batch's one statement,
    // the message staged with it included.
    const first = ingestion.handle(priceMessage(a, 801, 1));
    const failed = ingestion.handle(priceMessage(a, 50, 2));
    await expect(failed).rejects.toThrow(/check constraint/);
    await expect(first).rejects.toThrow(/check constraint/);
    await expect(onTop).rejects.toThrow(/earlier batch it builds on failed/);
    spy.mockRestore();
    expect(t.deps.feed.model.events.get(a.id)).toBe(before);
    expect(await storedHome(a.id)).toBe(homeIn(before));
    expect(changes).toHaveLength(0);

    await t.deps.feed.ingestion.handle(priceMessage(a, 803, 1));
    expect(await storedHome(a.id)).toBe(803);
    expect(homeIn(t.deps.feed.model.events.get(a.id))).toBe(803);
  });

  it('writes nothing of an event whose database row is ahead (another writer), not even its settlement', async () => {
    const [a, b] = openEvents(2) as [ReadEvent, ReadEvent];
    const before = t.deps.feed.model.events.get(a.id);
    await t.deps.db
      .updateTable('feed_events')
      .set({ last_seq: a.lastSeq + 100 })
      .where('id', '=', a.id)
      .execute();
    changes.length = 0;
    const settle: FeedMessage = {
      type: 'bet_cancel',
      eventId: a.id,
      markets: [{ marketId: 1, specifier: '' }],
      reason: 'test',
      producer: a.producer,
      timestamp: Date.now(),
      seq: a.lastSeq + 2,
    };
    await Promise.all([
      t.deps.feed.ingestion.handle(priceMessage(a, 901, 1)),
      t.deps.feed.ingestion.handle(settle),
      t.deps.feed.ingestion.handle(priceMessage(b, 902, 1)),
    ]);
    expect(await storedHome(a.id)).toBe(homeIn(before));
    expect(t.deps.feed.model.events.get(a.id)).toBe(before);
    const outbox = await t.deps.db
      .selectFrom('feed_settlement_outbox')
      .select('message_key')
      .where('event_id', '=', a.id)
      .execute();
    expect(outbox).toHaveLength(0);
    // The other event of the same batch is written and published.
    expect(await storedHome(b.id)).toBe(902);
    expect(changes.map((c) => c.event.id)).toEqual([b.id]);
  });

  it('puts a producer up only after the snapshot staged before its completion is committed', async () => {
    const ingestion = t.deps.feed.ingestion;
    const model = t.deps.feed.model;
    // Not an event an earlier test moved the database of.
    const a = openEvents(3)[2]!;
    await ingestion.markDown(3, 'test');
    expect(model.producerUp[3]).toBe(false);
    const requests: number[] = [];
    const recover = (
      ingestion as unknown as { options: { requestRecovery: (p: number, id: number) => void } }
    ).options;
    const original = recover.requestRecovery;
    recover.requestRecovery = (_producer, requestId) => requests.push(requestId);
    try {
      await ingestion.handle({
        type: 'alive',
        subscribed: true,
        producer: 3,
        timestamp: Date.now(),
        seq: 0,
      });
      expect(requests).toHaveLength(1);
      const odds = ingestion.handle(priceMessage(a, 951, 1));
      const complete = ingestion.handle({
        type: 'snapshot_complete',
        requestId: requests[0]!,
        producer: 3,
        timestamp: Date.now(),
        seq: 0,
      });
      let upWhenOddsCommitted: boolean | undefined;
      await odds.then(() => (upWhenOddsCommitted = model.producerUp[3]));
      await complete;
      expect(upWhenOddsCommitted).toBe(false);
      expect(model.producerUp[3]).toBe(true);
      expect(homeIn(model.events.get(a.id))).toBe(951);
    } finally {
      recover.requestRecovery = original;
    }
  });
});
