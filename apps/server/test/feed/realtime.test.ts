import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import type { OddsChangePush } from '@dau/contracts/sports/realtime-payloads';
import { createFeedSocketApp, type TestApp } from '../helpers/test-app';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  t = await createFeedSocketApp();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function connect(): Promise<ClientSocket> {
  const socket: ClientSocket = io(t.url, { transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once('feedStatus', () => resolve()));
  return socket;
}

function collect<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) {
  const got: Parameters<ServerToClientEvents[E]>[] = [];
  socket.on(event as 'oddsChange', ((...args: unknown[]) => got.push(args as never)) as never);
  return got;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(path: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url: `/api/sandbox/feed/${path}`, payload });
  expect(res.statusCode, res.body).toBe(200);
}

it("delivers event A's odds to sockets joined to A and not to those joined to B", async () => {
  const [a = 0, b = 0] = t.deps.feed.simulator?.liveEventIds() ?? [];
  const onA = await connect();
  const onB = await connect();
  const caughtUp = new Promise((r) => onA.once('EventUpdated', r));
  onA.emit('JoinEvent', a);
  onB.emit('JoinEvent', b);
  expect(((await caughtUp) as { id: number }).id).toBe(a);
  const aOdds = collect(onA, 'oddsChange');
  const bOdds = collect(onB, 'oddsChange');
  const aMarkets = collect(onA, 'MarketUpdated');

  // Three price changes on one market in a row: coalesced per market (ADR 231), the last
  // price wins (how many pushes depends on the machine's timing; the rule has its own test).
  const sim = t.deps.feed.simulator;
  await Promise.all([
    sim?.setPrice(a, 1, '', 1, 250),
    sim?.setPrice(a, 1, '', 1, 260),
    sim?.setPrice(a, 1, '', 1, 270),
  ]);
  await post('market-status', { eventId: a, marketId: 29, status: -1 });
  await sleep(600);
  const x12 = aOdds.map(([p]) => p).filter((p: OddsChangePush) => p.market.id === 1);
  // No more pushes than changes, and the last one carries the latest price.
  expect(x12.length).toBeGreaterThanOrEqual(1);
  expect(x12.length).toBeLessThanOrEqual(3);
  expect(x12.at(-1)?.market.m.find((o) => o.id === 1)?.o).toBe(2.7);
  expect(x12.at(-1)?.eventId).toBe(a);
  expect(aMarkets.map(([p]) => p)).toContainEqual(
    expect.objectContaining({ eventId: a, marketId: 29, status: -1, ibs: true }),
  );
  // B hears only its own event (whose recovery after connect may still be arriving).
  expect(bOdds.filter(([p]) => p.eventId !== b)).toEqual([]);
  expect(a).not.toBe(b);

  // The read model and the database agree with what was pushed.
  const row = await t.deps.db
    .selectFrom('feed_outcomes')
    .select('odds')
    .where('event_id', '=', a)
    .where('market_id', '=', 1)
    .where('outcome_id', '=', 1)
    .executeTakeFirst();
  expect(row?.odds).toBe(270);

  // After LeaveEvent, nothing more arrives.
  onA.emit('LeaveEvent', a);
  await sleep(100);
  aOdds.length = 0;
  await post('price', { eventId: a, marketId: 1, outcomeId: 2, odds: 4.1 });
  await sleep(500);
  expect(aOdds).toEqual([]);
});

it('sends a goal as liveStateDiff and suspended markets to the event room', async () => {
  const [a = 0] = t.deps.feed.simulator?.liveEventIds() ?? [];
  const socket = await connect();
  socket.emit('JoinEvent', a);
  await sleep(100);
  const diffs = collect(socket, 'liveStateDiff');
  const markets = collect(socket, 'MarketUpdated');
  const before = t.deps.feed.model.events.get(a);
  await post('goal', { eventId: a, team: 'home' });
  await sleep(100);
  expect(diffs.at(-1)?.[0]).toMatchObject({
    eventId: a,
    sc: `${(before?.homeScore ?? 0) + 1}:${before?.awayScore ?? 0}`,
    isLive: true,
  });
  expect(markets.some(([m]) => m.status === -1 && m.marketId === 1)).toBe(true);
});

it('tells every client when a producer goes down and up, and flips the flags', async () => {
  const one = await connect();
  const two = await connect();
  const downs = [collect(one, 'ProducerDown'), collect(two, 'ProducerDown')];
  const ups = [collect(one, 'ProducerUp'), collect(two, 'ProducerUp')];
  const statuses = collect(two, 'feedStatus');
  await post('producer-down', { producer: 1 });
  await sleep(150);
  expect(downs.map((d) => d.map(([p]) => p))).toEqual([[1], [1]]);
  expect(statuses.at(-1)?.[0]).toEqual({
    uofLiveProducerUp: false,
    uofPreProducerUp: true,
    uofDisconnected: false,
  });
  const flags = await t.app.inject({ method: 'GET', url: '/api/uof/status' });
  expect(flags.json().uofLiveProducerUp).toBe(false);
  // Live events are blocked in the lists while producer 1 is down.
  const live = await t.app.inject({
    method: 'GET',
    url: '/api/uof/match/event/ListAllEvents?sportId=1',
  });
  expect(live.json().sports[0].eventMin.every((e: { ibs: boolean }) => e.ibs)).toBe(true);

  await post('producer-up', { producer: 1 });
  await sleep(150);
  expect(ups.map((u) => u.map(([p]) => p))).toEqual([[1], [1]]);
  expect(t.deps.feed.status().uofLiveProducerUp).toBe(true);
});

it('marks a producer down after 20 s without alive', async () => {
  const socket = await connect();
  const downs = collect(socket, 'ProducerDown');
  const sim = t.deps.feed.simulator;
  await sim?.producerDown(3);
  await sim?.advance(25_000);
  t.deps.feed.ingestion.checkAlive();
  await sleep(150);
  expect(downs.map(([p]) => p)).toEqual([3]);
  expect(t.deps.feed.status().uofPreProducerUp).toBe(false);
  await sim?.producerUp(3);
  await sim?.idle();
  expect(t.deps.feed.status().uofPreProducerUp).toBe(true);
});
