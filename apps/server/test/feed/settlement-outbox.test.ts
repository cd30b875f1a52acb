import { afterEach, beforeEach, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/database';
import {
  ackSettlementMessage,
  claimSettlementMessages,
  countPendingSettlements,
} from '../../src/modules/feed/settlement-outbox';
import { checkSelectionOpen } from '../../src/modules/feed/market-availability';
import { createServer } from '../../src/server';
import { createTestApp } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-database';

const NOW = new Date('2026-11-21T12:00:00Z');
const baseEnv = { NODE_ENV: 'test', SEED_DEMO: 'false', WEB_DIST: '/nonexistent-web-dist' };
const config = loadConfig({ ...baseEnv, FEED_FIXTURES_PER_TOURNAMENT: '1' });

// One test database open at a time: Kysely's migrator looks for its lock table in every
// schema, so a second live PostgreSQL test schema in the same process would confuse it.
let database: DatabaseHandle;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

it('keeps a forced settlement in the outbox across a restart until betting acks it', async () => {
  // First process: ingests, settles an event through the sandbox, then dies before handling.
  const first = await createServer(config, { database, now: () => NOW });
  await first.deps.feed.connect();
  const eventId = first.deps.feed.simulator?.liveEventIds()[0] ?? 0;
  const selection = { eventId, marketId: 1, specifier: '', outcomeId: 1 };
  expect(await checkSelectionOpen(database.db, selection, NOW)).toMatchObject({
    open: true,
    isLive: true,
  });

  const res = await first.app.inject({
    method: 'POST',
    url: '/api/sandbox/feed/settle',
    payload: { eventId, home: 1, away: 1 },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(await checkSelectionOpen(database.db, selection, NOW)).toMatchObject({
    open: false,
    reason: 'EVENT_NOT_OPEN',
  });
  const other = first.deps.feed.simulator?.liveEventIds()[0] ?? 0;
  const otherSelection = { eventId: other, marketId: 1, specifier: '', outcomeId: 1 };
  expect(await checkSelectionOpen(database.db, otherSelection, NOW)).toMatchObject({ open: true });
  // Half a minute without alive (the ingesting process died): no bets, whatever the flag says.
  expect(
    await checkSelectionOpen(database.db, otherSelection, new Date(NOW.getTime() + 30_000)),
  ).toMatchObject({ open: false, reason: 'PRODUCER_DOWN' });
  // A claim that is never acked (the handler dies with the process).
  const abandoned = await claimSettlementMessages(database.db, 10, { now: NOW, claimMs: 1000 });
  expect(abandoned).toHaveLength(1);
  await first.close();

  // Second process on the same database, 30 s later: the message is still there.
  const restartedAt = new Date(NOW.getTime() + 30_000);
  const second = await createServer(config, { database, now: () => restartedAt });
  expect(await countPendingSettlements(database.db)).toBe(1);
  // Still claimed by the dead worker: nothing to hand out yet.
  expect(await claimSettlementMessages(database.db, 10, { now: NOW })).toEqual([]);
  const later = new Date(NOW.getTime() + 2000);
  const [claimed] = await claimSettlementMessages(database.db, 10, { now: later });
  expect(claimed?.attempts).toBe(2);
  expect(claimed?.messageKey).toMatch(new RegExp(`^bet_settlement:${eventId}:\\d+$`));
  const message = claimed?.message;
  expect(message?.type).toBe('bet_settlement');
  if (message?.type !== 'bet_settlement') throw new Error('not a settlement');
  expect(message.markets.find((m) => m.marketId === 1)?.outcomes).toEqual([
    { outcomeId: 1, result: 0 },
    { outcomeId: 2, result: 1 },
    { outcomeId: 3, result: 0 },
  ]);
  // Draw no bet is void on a draw.
  expect(message.markets.find((m) => m.marketId === 11)?.outcomes[0]).toEqual({
    outcomeId: 4,
    result: 0,
    voidFactor: 1,
  });
  expect(await ackSettlementMessage(database.db, claimed?.id ?? 0)).toBe(true);
  expect(await ackSettlementMessage(database.db, claimed?.id ?? 0)).toBe(false);
  expect(await countPendingSettlements(database.db)).toBe(0);

  // The restarted process serves lists from the database before its feed reconnects.
  const list = await second.app.inject({
    method: 'GET',
    url: '/api/uof/match/event/ListAllPreEvents?sportId=1&nrOfPre=500',
  });
  expect(list.json().sports[0].eventMin.length).toBeGreaterThan(0);
  expect(second.deps.feed.status().uofPreProducerUp).toBe(false);

  // A rollback after the restart is queued too, for the same event.
  await second.deps.feed.connect();
  const rollback = await second.app.inject({
    method: 'POST',
    url: '/api/sandbox/feed/rollback-settlement',
    payload: { eventId },
  });
  // The restarted simulator (same seed: the same fixtures) takes over the settled event from
  // the database, so its settlement can be rolled back, and the rollback is queued too.
  expect(rollback.statusCode, rollback.body).toBe(200);
  expect(await countPendingSettlements(database.db)).toBe(1);
  await second.close();
});

it('keeps every fixture of the previous run across a restart of the same seed (issue #15)', async () => {
  const first = await createServer(config, { database, now: () => NOW });
  await first.deps.feed.connect();
  const sim = first.deps.feed.simulator;
  const [scored = 0] = sim?.liveEventIds() ?? [];
  await sim?.forceGoal(scored, 'away');
  await sim?.advance(1000);
  const before = sim?.fixtures() ?? [];
  await first.close();

  // Ten minutes later, on the same database.
  const later = new Date(NOW.getTime() + 600_000);
  const second = await createServer(config, { database, now: () => later });
  await second.deps.feed.connect();
  const after = new Map((second.deps.feed.simulator?.fixtures() ?? []).map((f) => [f.eventId, f]));
  for (const f of before) expect(after.get(f.eventId), String(f.eventId)).toEqual(f);
  // Nothing was cancelled, so no bet is voided; the goal of the first run stands.
  const cancels = await database.db
    .selectFrom('feed_settlement_outbox')
    .select('event_id')
    .where('kind', '=', 'bet_cancel')
    .execute();
  expect(cancels).toEqual([]);
  const scoredRow = await database.db
    .selectFrom('feed_events')
    .select(['status', 'away_score'])
    .where('id', '=', scored)
    .executeTakeFirstOrThrow();
  expect(scoredRow.status).toBe(1);
  expect(scoredRow.away_score).toBeGreaterThanOrEqual(1);
  await second.close();
});

it('refuses the sandbox controls when sandboxes are off', async () => {
  await database.close();
  const t = await createTestApp({ SANDBOX: 'false' });
  try {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/feed/producer-down',
      payload: { producer: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().hasErrors).toBe(true);
    expect(t.deps.feed.simulator).toBeNull();
  } finally {
    await t.close();
    database = await createTestDatabase();
  }
});

it('cancels events of a previous simulator run that the restarted one does not know', async () => {
  const db = database;
  {
    const big = loadConfig({ ...baseEnv, FEED_FIXTURES_PER_TOURNAMENT: '2' });
    const first = await createServer(big, { database: db, now: () => NOW });
    await first.deps.feed.connect();
    const before = first.deps.feed.simulator?.fixtures().map((f) => f.eventId) ?? [];
    await first.close();

    const later = new Date(NOW.getTime() + 3_600_000);
    const second = await createServer(config, { database: db, now: () => later });
    await second.deps.feed.connect();
    const after = new Set(second.deps.feed.simulator?.fixtures().map((f) => f.eventId) ?? []);
    const gone = before.filter((id) => !after.has(id));
    expect(gone.length).toBeGreaterThan(0);
    const rows = await db.db
      .selectFrom('feed_events')
      .select(['id', 'status'])
      .where('id', 'in', gone)
      .execute();
    expect(rows.every((r) => r.status === 5)).toBe(true);
    const cancels = await db.db
      .selectFrom('feed_settlement_outbox')
      .select('event_id')
      .where('kind', '=', 'bet_cancel')
      .execute();
    expect(cancels.map((c) => c.event_id).sort()).toEqual([...gone].sort());
    const list = await second.app.inject({
      method: 'GET',
      url: '/api/uof/match/event/ListAllPreEvents?sportId=1&nrOfPre=500',
    });
    const listed = list.json().sports[0].eventMin.map((e: { id: number }) => e.id);
    expect(listed.some((id: number) => gone.includes(id))).toBe(false);
    // The new run's messages were applied, not dropped as stale.
    const kickOffs = list.json().sports[0].eventMin.map((e: { edt: string }) => Date.parse(e.edt));
    expect(Math.min(...kickOffs)).toBeGreaterThan(later.getTime());
    await second.close();
  }
});
