import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WEBSOCKET_API_PATH } from '@dau/contracts/websocket-api';
import { PushTap } from '../../src/realtime/push-tap';
import { WebSocketApi } from '../../src/realtime/websocket-api';

/** The websocket API's keep-alive (decision 214), on a short beat: pings, and the silent dropped. */
let http: Server;
let api: WebSocketApi;
let url = '';
beforeAll(async () => {
  http = createServer();
  api = new WebSocketApi({ resolveToken: async () => null, heartbeatMs: 100 });
  api.attach(http, new PushTap());
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}${WEBSOCKET_API_PATH}`;
});
afterAll(async () => {
  api.close();
  await new Promise((resolve) => http.close(resolve));
});

function connect(autoPong: boolean): Promise<{ socket: WebSocket; pings: () => number }> {
  const socket = new WebSocket(url, { autoPong });
  let pings = 0;
  socket.on('ping', () => {
    pings += 1;
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, pings: () => pings }));
    socket.once('error', reject);
  });
}

it('keeps a peer that answers pings, and drops one that does not', async () => {
  const answering = await connect(true);
  const silent = await connect(false);
  const closed = new Promise<number>((resolve) => silent.socket.once('close', resolve));
  // Terminated, not closed: the server sends no close frame to a dead peer (1006 here).
  expect(await closed).toBe(1006);
  await expect.poll(() => answering.pings(), { timeout: 3000 }).toBeGreaterThanOrEqual(3);
  expect(answering.socket.readyState).toBe(WebSocket.OPEN);
  answering.socket.close();
});
