import {
  HubConnectionBuilder,
  HttpTransportType,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import type { OddsChangePush } from '@dau/contracts/sports/realtime-payloads';
import { createFeedSocketApp, type TestApp } from '../helpers/test-app';

/**
 * The event hub at /api/uof/eventhub (ASP.NET SignalR JSON hub protocol, decision 212) driven by
 * the published `@microsoft/signalr` client, and the events channel at /api/events/stream driven
 * by `socket.io-client`, against a listening server.
 */
let t: TestApp;
const hubs: HubConnection[] = [];
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createFeedSocketApp();
});
afterAll(async () => {
  await Promise.all(hubs.map((h) => h.stop()));
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function connectHub(options: { skipNegotiation?: boolean } = {}): Promise<HubConnection> {
  const hub = new HubConnectionBuilder()
    .withUrl(`${t.url}/api/uof/eventhub`, {
      transport: HttpTransportType.WebSockets,
      ...options,
    })
    .configureLogging(LogLevel.None)
    .build();
  hubs.push(hub);
  await hub.start();
  return hub;
}

function connectSocket(path?: string): Socket<ServerToClientEvents, ClientToServerEvents> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(t.url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(path ? { path } : {}),
  });
  sockets.push(socket);
  return socket;
}

it('negotiates (versions 1 and 0) and connects the published client over WebSockets', async () => {
  const negotiate = async (query: string) => {
    const res = await fetch(`${t.url}/api/uof/eventhub/negotiate${query}`, { method: 'POST' });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  const v1 = await negotiate('?negotiateVersion=1');
  expect(v1).toMatchObject({
    negotiateVersion: 1,
    connectionToken: expect.any(String),
    availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
  });
  const v0 = await negotiate('');
  expect(v0.negotiateVersion).toBe(0);
  expect(v0).not.toHaveProperty('connectionToken');

  const hub = await connectHub();
  expect(hub.state).toBe('Connected');
  await expect(hub.invoke('RegisterSiteId', 2)).resolves.toBeUndefined();
  await expect(hub.invoke('RegisterSiteId', 'two')).rejects.toThrow(/Invalid arguments/);
  await expect(hub.invoke('NoSuchMethod')).rejects.toThrow(/Unknown hub method/);
  const skipped = await connectHub({ skipNegotiation: true });
  expect(skipped.state).toBe('Connected');
});

it('answers an unknown connection id 404 and a reused one 409', async () => {
  const status = (id: string) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/uof/eventhub?id=${id}`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => {
        resolve(101);
        ws.close();
      });
      ws.on('error', () => undefined);
    });
  expect(await status('no-such-connection')).toBe(404);
  const res = await fetch(`${t.url}/api/uof/eventhub/negotiate?negotiateVersion=1`, {
    method: 'POST',
  });
  const { connectionToken } = (await res.json()) as { connectionToken: string };
  expect(await status(connectionToken)).toBe(101);
  expect(await status(connectionToken)).toBe(409);
});

it('delivers odds changes and market updates of a joined event, pushed by the feed', async () => {
  const [a = 0] = t.deps.feed.simulator?.liveEventIds() ?? [];
  const hub = await connectHub();
  const odds: OddsChangePush[] = [];
  const markets: unknown[] = [];
  hub.on('oddsChange', (p: OddsChangePush) => odds.push(p));
  hub.on('MarketUpdated', (p: unknown) => markets.push(p));
  await hub.invoke('JoinEvent', a);
  await t.deps.feed.simulator?.setPrice(a, 1, '', 1, 270);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/feed/market-status',
    payload: { eventId: a, marketId: 29, status: -1 },
  });
  expect(res.statusCode, res.body).toBe(200);
  await expect.poll(() => odds.filter((p) => p.market.id === 1).length, { timeout: 3000 }).toBe(1);
  expect(odds.find((p) => p.market.id === 1)?.market.m.find((o) => o.id === 1)?.o).toBe(2.7);
  // Its own frame: the prices no longer wait 300 ms (ADR 231), so it may come after them.
  await expect
    .poll(() => markets, { timeout: 3000 })
    .toContainEqual(expect.objectContaining({ eventId: a, marketId: 29, status: -1 }));
});

it('serves the events channel at /api/events/stream, and still at /socket.io', async () => {
  const [a = 0] = t.deps.feed.simulator?.liveEventIds() ?? [];
  const onStream = connectSocket('/api/events/stream');
  const onLegacy = connectSocket();
  const got: { stream: unknown[]; legacy: unknown[] } = { stream: [], legacy: [] };
  onStream.on('MarketUpdated', (p) => got.stream.push(p));
  onLegacy.on('MarketUpdated', (p) => got.legacy.push(p));
  for (const s of [onStream, onLegacy]) {
    await new Promise<void>((resolve) => s.once('connect', resolve));
    s.emit('JoinEvent', a);
  }
  await new Promise((r) => setTimeout(r, 100));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/feed/market-status',
    payload: { eventId: a, marketId: 29, status: 1 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const expected = expect.objectContaining({ eventId: a, marketId: 29, status: 1 });
  await expect.poll(() => got.stream, { timeout: 3000 }).toContainEqual(expected);
  await expect.poll(() => got.legacy, { timeout: 3000 }).toContainEqual(expected);
  // The channel's path is not a page: polling at it answers Engine.IO, not HTML.
  const poll = await fetch(`${t.url}/api/events/stream/?EIO=4&transport=polling`);
  expect(poll.status).toBe(200);
  expect(await poll.text()).toMatch(/^0\{"sid"/);
});

/** A raw WebSocket speaking the protocol by hand: the records the server answers with. */
function raw(messages: string[], closeAfterMs?: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/uof/eventhub`);
    const records: string[] = [];
    ws.on('open', () => {
      for (const m of messages) ws.send(m);
      if (closeAfterMs !== undefined) setTimeout(() => ws.send('{"type":7}\u001e'), closeAfterMs);
    });
    ws.on('message', (data) => records.push(...data.toString().split('\u001e').filter(Boolean)));
    ws.on('close', () => resolve(records));
    ws.on('error', reject);
  });
}

it('answers a malformed or unsupported handshake with an error record and closes', async () => {
  expect(await raw(['not json\u001e'])).toEqual([JSON.stringify({ error: 'Invalid handshake.' })]);
  expect(await raw(['{"protocol":"messagepack","version":1}\u001e'])).toEqual([
    JSON.stringify({ error: "Requested protocol 'messagepack' is not available." }),
  ]);
  const hub = await connectHub();
  expect(hub.state).toBe('Connected');
});

it('answers invocations as the protocol text says: void, non-blocking, stream, bad type', async () => {
  const records = await raw(
    [
      '{"protocol":"json","version":1}\u001e',
      '{"type":6}\u001e{"type":1,"invocationId":"1","target":"JoinSport","arguments":[99999],"headers":{"a":"b"}}\u001e',
      '{"type":1,"target":"JoinSport","arguments":[99998]}\u001e',
      '{"type":4,"invocationId":"2","target":"JoinSport","arguments":[1]}\u001e',
      '{"type":5,"invocationId":"9"}\u001e',
    ],
    100,
  );
  expect(records).toEqual([
    '{}',
    JSON.stringify({ type: 3, invocationId: '1' }),
    JSON.stringify({
      type: 3,
      invocationId: '2',
      error: "Failed to invoke 'JoinSport': the method does not stream.",
    }),
  ]);
  const bad = await raw([
    '{"protocol":"json","version":1}\u001e',
    '{"type":3,"invocationId":"x"}\u001e',
  ]);
  expect(bad).toEqual([
    '{}',
    JSON.stringify({ type: 7, error: 'Invalid message type.', allowReconnect: false }),
  ]);
});
