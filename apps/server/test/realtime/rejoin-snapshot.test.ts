import {
  HubConnectionBuilder,
  HttpTransportType,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import type { EventSummary } from '@dau/contracts/sports/event-summary';
import type { OddsChangePush } from '@dau/contracts/sports/realtime-payloads';
import { createFeedSocketApp, type TestApp } from '../helpers/test-app';
import { WsApiClient } from '../helpers/ws-api-client';

/**
 * Subscriptions survive a reconnect (ADR 230): a client that joins again on every connect gets
 * the current prices of what it joined at once — `JoinSport` answers them — and the pushes
 * after. Through a listening server (and the Redis adapter when REDIS_URL is set).
 */
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
const sockets: ClientSocket[] = [];
const closers: (() => Promise<unknown> | void)[] = [];
beforeAll(async () => {
  t = await createFeedSocketApp();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await Promise.all(closers.map((close) => close()));
  await t.close();
});

function socket(): ClientSocket {
  const s: ClientSocket = io(t.url, {
    path: '/api/events/stream',
    transports: ['websocket'],
    forceNew: true,
    autoConnect: false,
    reconnection: false,
  });
  sockets.push(s);
  return s;
}

/** The live event under test, its sport, and its 1x2 home price as the model has it. */
function liveEvent() {
  const [eventId = 0] = t.deps.feed.simulator?.liveEventIds() ?? [];
  const event = t.deps.feed.model.events.get(eventId);
  if (!event) throw new Error('no live event');
  return { eventId, sportId: event.sportId };
}

const homePrice = (events: EventSummary[], eventId: number) =>
  events
    .find((e) => e.id === eventId)
    ?.odds.find((m) => m.uid === '1')
    ?.m.find((o) => o.id === 1)?.o;
const pushedHome = (push: OddsChangePush) =>
  push.market.uid === '1' ? push.market.m.find((o) => o.id === 1)?.o : undefined;

/** Moves the 1x2 home price through ingestion and waits until `witness` received the push. */
async function movePrice(eventId: number, odds: number, witness: OddsChangePush[]) {
  await t.deps.feed.simulator?.setPrice(eventId, 1, '', 1, Math.round(odds * 100));
  await expect
    .poll(() => witness.some((p) => p.eventId === eventId && pushedHome(p) === odds), {
      timeout: 5000,
    })
    .toBe(true);
}

it('answers JoinSport with the current prices, again on every reconnect, then pushes changes', async () => {
  const { eventId, sportId } = liveEvent();
  // A second client stays in the room: it shows when a push went out.
  const witness = socket();
  const witnessed: OddsChangePush[] = [];
  witness.on('oddsChange', (p) => witnessed.push(p));
  witness.connect();
  await new Promise<EventSummary[]>((resolve) => witness.emit('JoinSport', sportId, resolve));

  // The client under test re-joins on every connect, as the web app does, and keeps answers.
  const client = socket();
  const snapshots: EventSummary[][] = [];
  const odds: OddsChangePush[] = [];
  client.on('oddsChange', (p) => odds.push(p));
  client.on('connect', () => client.emit('JoinSport', sportId, (events) => snapshots.push(events)));
  client.connect();
  await expect.poll(() => snapshots.length).toBe(1);
  const first = snapshots[0]!;
  expect(first.length).toBeGreaterThan(1);
  expect(first.every((e) => e.sid === sportId && !e.finished)).toBe(true);
  expect(homePrice(first, eventId)).toBeGreaterThan(1);

  // Disconnected while the price moves: the push goes out and is missed.
  client.disconnect();
  await movePrice(eventId, 3.33, witnessed);
  expect(odds.some((p) => p.eventId === eventId && pushedHome(p) === 3.33)).toBe(false);

  // Back: the snapshot carries the price it missed, and later moves arrive as pushes.
  client.connect();
  await expect.poll(() => snapshots.length).toBe(2);
  expect(homePrice(snapshots[1]!, eventId)).toBe(3.33);
  await movePrice(eventId, 3.44, witnessed);
  await expect
    .poll(() => odds.some((p) => p.eventId === eventId && pushedHome(p) === 3.44))
    .toBe(true);
});

it('only joins a client that asks no acknowledgement (no snapshot), and pushes it later moves', async () => {
  const { eventId, sportId } = liveEvent();
  const client = socket();
  const updates: EventSummary[] = [];
  const odds: OddsChangePush[] = [];
  client.on('EventUpdated', (e) => updates.push(e));
  client.on('oddsChange', (p) => odds.push(p));
  client.connect();
  client.emit('JoinSport', sportId);
  // Answered after the plain join (one socket's events are handled in order): a bad id joins
  // nothing and answers an empty snapshot.
  const none = await new Promise<EventSummary[]>((resolve) =>
    client.emit('JoinSport', -1, resolve),
  );
  expect(none).toEqual([]);
  await movePrice(eventId, 2.22, odds);
  expect(updates).toEqual([]);
});

it('sends the snapshot on the event hub and the websocket API too', async () => {
  const { eventId, sportId } = liveEvent();
  const hub: HubConnection = new HubConnectionBuilder()
    .withUrl(`${t.url}/api/uof/eventhub`, { transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  closers.push(() => hub.stop());
  const fromHub: EventSummary[] = [];
  hub.on('EventUpdated', (e: EventSummary) => fromHub.push(e));
  await hub.start();
  await hub.invoke('JoinSport', sportId);
  // Sent before the completion: there once `invoke` resolves.
  expect(fromHub.some((e) => e.id === eventId)).toBe(true);
  fromHub.length = 0;
  await hub.invoke('JoinEvent', eventId);
  expect(fromHub.map((e) => e.id)).toEqual([eventId]);

  const ws = await WsApiClient.open(t.url);
  closers.push(() => ws.socket.close());
  await ws.init();
  ws.send({ type: 'subscribe', channel: `sport:${sportId}` });
  const frame = await ws.waitFor(
    (f) =>
      f.type === 'push' &&
      f.event === 'EventUpdated' &&
      (f.data as EventSummary | null)?.id === eventId,
  );
  expect(frame).toMatchObject({ channel: `sport:${sportId}` });
});
