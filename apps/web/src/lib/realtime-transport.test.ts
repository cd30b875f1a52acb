// @vitest-environment node
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import type * as Client from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_OPTIONS } from './realtime';

/** A Socket.IO server on the app's path; `transports` as a proxy in front of it would allow. */
async function listen(transports: ('polling' | 'websocket')[]) {
  const http: HttpServer = createServer();
  const io = new Server(http, { path: SOCKET_OPTIONS.path, transports });
  const requests: string[] = [];
  http.prependListener('request', (request) => requests.push(request.url ?? ''));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => io.close(() => resolve())) };
}

/** Connects with the app's options; resolves with the transport it connected on. */
async function connect(url: string): Promise<{ transport: string; close: () => void }> {
  const { io } = await vi.importActual<typeof Client>('socket.io-client');
  const socket = io(url, SOCKET_OPTIONS);
  const transport = await new Promise<string>((resolve, reject) => {
    socket.on('connect', () => resolve(socket.io.engine.transport.name));
    socket.on('connect_error', reject);
    socket.connect();
  });
  return { transport, close: () => socket.disconnect() };
}

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('the realtime transport (ADR 196)', () => {
  it('opens on a WebSocket, with no long-polling request', async () => {
    const server = await listen(['polling', 'websocket']);
    servers.push(server);
    const client = await connect(server.url);
    expect(client.transport).toBe('websocket');
    expect(server.requests.filter((url) => url.includes('transport=polling'))).toEqual([]);
    client.close();
  });

  it('falls back to long polling where the WebSocket cannot open', async () => {
    const server = await listen(['polling']);
    servers.push(server);
    const client = await connect(server.url);
    expect(client.transport).toBe('polling');
    client.close();
  });
});
