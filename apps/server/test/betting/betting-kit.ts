import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { PlaceBetRequest } from '@dau/contracts/betting/place-bet';
import type { FeedMessage } from '../../src/modules/feed/feed-messages';
import { checkSelectionOpen } from '../../src/modules/feed/market-availability';
import type { SystemAccountKind } from '../../src/modules/wallet/wallet.tables';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createSignedInUser } from '../helpers/factories';
import { expectLedgerBalanced, fundUser } from '../wallet/ledger-assertions';

/** The app with the simulated feed connected (manual clock) and a short live delay. */
export async function bettingApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({
    FEED_FIXTURES_PER_TOURNAMENT: '2',
    BET_LIVE_DELAY_MS: '300',
    ...env,
  });
  await t.deps.feed.connect();
  return t;
}

function sim(t: TestApp) {
  const s = t.deps.feed.simulator;
  if (!s) throw new Error('no simulator');
  return s;
}

/** Football events open for pre-match betting on the 1X2 market. */
export async function preMatchEvents(t: TestApp): Promise<number[]> {
  const live = new Set(sim(t).liveEventIds());
  const ids: number[] = [];
  for (const f of sim(t).fixtures()) {
    if (f.sport.id !== 1 || live.has(f.eventId)) continue;
    const a = await checkSelectionOpen(t.deps.db, {
      eventId: f.eventId,
      marketId: 1,
      specifier: '',
      outcomeId: 1,
    });
    if (a.open && !a.isLive) ids.push(f.eventId);
  }
  return ids;
}

export async function liveEvents(t: TestApp): Promise<number[]> {
  const ids: number[] = [];
  for (const eventId of sim(t).liveEventIds()) {
    const a = await checkSelectionOpen(t.deps.db, {
      eventId,
      marketId: 1,
      specifier: '',
      outcomeId: 1,
    });
    if (a.open && a.isLive) ids.push(eventId);
  }
  return ids;
}

/** A selection at its current odds (decimal, as a client sends it). */
export async function selectionAt(t: TestApp, eventId: number, outcomeId = 1, marketId = 1) {
  const a = await checkSelectionOpen(t.deps.db, { eventId, marketId, specifier: '', outcomeId });
  if (!a.open) throw new Error(`selection ${eventId}/${marketId}/${outcomeId} is closed`);
  return { eventId, marketId, specifier: '', outcomeId, odds: a.odds / 100 };
}

export async function sandbox(t: TestApp, path: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/api/sandbox/feed/${path}`, payload });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * Feeds the event's first settlement-outbox message of `kind` again with the next sequence
 * number, as a corrected re-settlement (or a repeated rollback) from the feed would.
 */
export async function replayFeedMessage(
  t: TestApp,
  eventId: number,
  kind: 'bet_settlement' | 'rollback_bet_settlement' = 'bet_settlement',
): Promise<void> {
  const row = await t.deps.db
    .selectFrom('feed_settlement_outbox')
    .select('payload')
    .where('event_id', '=', eventId)
    .where('kind', '=', kind)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const payload = (
    typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
  ) as FeedMessage;
  const event = await t.deps.db
    .selectFrom('feed_events')
    .select('last_seq')
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  await t.deps.feed.ingestion.handle({ ...payload, seq: event.last_seq + 1 });
}

let keyCounter = 0;
export function newKey(): string {
  keyCounter += 1;
  return `test-key-${Date.now()}-${keyCounter}`;
}

export async function placeBet(
  t: TestApp,
  cookies: { authBB: string },
  body: Partial<PlaceBetRequest> & Pick<PlaceBetRequest, 'selections'>,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/core/betslip/PlaceBet',
    cookies,
    payload: {
      siteId: 2,
      betType: body.selections.length > 1 ? 'multiple' : 'single',
      stake: 100,
      freebetStake: 0,
      acceptOddsChanges: 'none',
      idempotencyKey: newKey(),
      ...body,
    },
  });
}

/** A signed-in user on site 2 with cash (cents) from the house. */
export async function fundedUser(t: TestApp, cashCents = 1_000_00) {
  const u = await createSignedInUser(t.deps.db);
  if (cashCents > 0) await fundUser(t.deps.db, u.user.id, cashCents);
  return u;
}

/** A house account's balance: the sum of its shards (docs/decisions/200). */
export async function systemBalance(t: TestApp, kind: SystemAccountKind): Promise<number> {
  const row = await t.deps.db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.sum<string>('balance').as('balance'))
    .where('user_id', 'is', null)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

export async function userBalance(
  t: TestApp,
  userId: number,
  kind: 'cash' | 'free_bet' = 'cash',
): Promise<number> {
  const row = await t.deps.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/**
 * The shared frame of a betting test file: the app with the feed connected, the pre-match
 * events (at least `minEvents`), mocks restored and the ledger checked after every test.
 */
export function bettingSuite(options: { env?: Record<string, string>; minEvents: number }) {
  let app: TestApp | undefined;
  let events: number[] = [];
  beforeAll(async () => {
    app = await bettingApp(options.env);
    events = await preMatchEvents(app);
    expect(events.length).toBeGreaterThanOrEqual(options.minEvents);
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    if (app) await expectLedgerBalanced(app.deps.db);
  });
  return {
    app(): TestApp {
      if (!app) throw new Error('the betting app is not started yet');
      return app;
    },
    /** The i-th pre-match event id. */
    ev(i: number): number {
      const id = events[i];
      if (id === undefined) throw new Error(`no pre-match event ${i}`);
      return id;
    },
  };
}
