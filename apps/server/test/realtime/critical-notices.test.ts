import {
  HubConnectionBuilder,
  HttpTransportType,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import type { CriticalNoticePush } from '@dau/contracts/sports/critical-notice';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue #15 item 14: a critical notice raised by the operator reaches the site's room as
 * `Critical` on the event hub (published @microsoft/signalr client) and on the events channel
 * (socket.io-client at /api/events/stream); a client registering later gets the notices in force.
 */
let t: TestApp;
const hubs: HubConnection[] = [];
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
});
afterAll(async () => {
  await Promise.all(hubs.map((h) => h.stop()));
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function hubOnSite(siteId: number, got: CriticalNoticePush[]): Promise<HubConnection> {
  const hub = new HubConnectionBuilder()
    .withUrl(`${t.url}/api/uof/eventhub`, { transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  hubs.push(hub);
  hub.on('Critical', (n: CriticalNoticePush) => got.push(n));
  await hub.start();
  await hub.invoke('RegisterSiteId', siteId);
  return hub;
}

async function socketOnSite(siteId: number, got: CriticalNoticePush[]): Promise<void> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(t.url, {
    path: '/api/events/stream',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  socket.on('Critical', (n) => got.push(n));
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.emit('RegisterSiteId', siteId);
  await new Promise((r) => setTimeout(r, 100));
}

const raise = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/sandbox/notices', payload });

it('pushes a raised notice to the site room on the hub and the events channel, not other sites', async () => {
  const onHub: CriticalNoticePush[] = [];
  const onSocket: CriticalNoticePush[] = [];
  const otherSite: CriticalNoticePush[] = [];
  await hubOnSite(2, onHub);
  await socketOnSite(2, onSocket);
  await socketOnSite(3, otherSite);

  const res = await raise({ siteId: 2, kind: 'maintenance', message: 'Back at 02:00 EAT.' });
  expect(res.statusCode, res.body).toBe(200);
  const notice = res.json<CriticalNoticePush>();
  expect(notice).toMatchObject({ siteId: 2, kind: 'maintenance', active: true });
  await expect.poll(() => onHub, { timeout: 3000 }).toEqual([notice]);
  await expect.poll(() => onSocket, { timeout: 3000 }).toEqual([notice]);

  const withdrawn = await t.app.inject({
    method: 'POST',
    url: `/api/sandbox/notices/${notice.id}/withdraw`,
  });
  expect(withdrawn.statusCode, withdrawn.body).toBe(200);
  const ended = { ...notice, active: false };
  await expect.poll(() => onHub, { timeout: 3000 }).toEqual([notice, ended]);
  await expect.poll(() => onSocket, { timeout: 3000 }).toEqual([notice, ended]);
  expect(otherSite).toEqual([]);
});

it('sends the notices in force to a client that registers the site later', async () => {
  const res = await raise({ siteId: 4, kind: 'suspension', message: '' });
  expect(res.statusCode, res.body).toBe(200);
  const notice = res.json<CriticalNoticePush>();
  const onHub: CriticalNoticePush[] = [];
  const onSocket: CriticalNoticePush[] = [];
  await hubOnSite(4, onHub);
  await socketOnSite(4, onSocket);
  await expect.poll(() => onHub, { timeout: 3000 }).toEqual([notice]);
  await expect.poll(() => onSocket, { timeout: 3000 }).toEqual([notice]);
  const read = await t.app.inject({ method: 'GET', url: '/api/uof/notices?siteid=4' });
  expect(read.json()).toEqual({ notices: [notice] });
  await t.app.inject({ method: 'POST', url: `/api/sandbox/notices/${notice.id}/withdraw` });
  const after = await t.app.inject({ method: 'GET', url: '/api/uof/notices?siteid=4' });
  expect(after.json()).toEqual({ notices: [] });
});

it('answers bad input 4xx in the error envelope', async () => {
  for (const payload of [
    { siteId: 2, kind: 'message', message: '' },
    { siteId: 2, kind: 'nonsense' },
    { siteId: 0, kind: 'maintenance' },
    { siteId: 2, kind: 'message', message: 'x'.repeat(281) },
  ]) {
    const res = await raise(payload);
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    expect(res.json()).toHaveProperty('hasErrors', true);
  }
  const missing = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/notices/999999/withdraw',
  });
  expect(missing.statusCode).toBe(404);
  const badQuery = await t.app.inject({ method: 'GET', url: '/api/uof/notices?siteid=x' });
  expect(badQuery.statusCode).toBe(400);
});
