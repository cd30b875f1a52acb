import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import { createSignedInUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

function connect(cookie?: string): ClientSocket {
  const socket: ClientSocket = io(t.url, {
    transports: ['websocket'],
    forceNew: true,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  sockets.push(socket);
  return socket;
}

function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
): Promise<Parameters<ServerToClientEvents[E]>> {
  return new Promise((resolve) => {
    socket.once(event as 'wallet', ((...args: unknown[]) => resolve(args as never)) as never);
  });
}

it('joins the user room on auth and delivers pushes only to that user', async () => {
  const alice = await createSignedInUser(t.deps.db);
  const bob = await createSignedInUser(t.deps.db);
  const aliceSocket = connect();
  const bobSocket = connect();
  const aliceAuth = nextEvent(aliceSocket, 'authState');
  const bobAuth = nextEvent(bobSocket, 'authState');
  aliceSocket.emit('platform', 2);
  aliceSocket.emit('sid', 1);
  aliceSocket.emit('auth', { token: alice.token, extId: alice.user.external_id });
  bobSocket.emit('auth', { token: bob.token, extId: bob.user.external_id });
  expect((await aliceAuth)[0]).toEqual({ authenticated: true });
  expect((await bobAuth)[0]).toEqual({ authenticated: true });

  const bobGot: unknown[] = [];
  bobSocket.on('wallet', (w) => bobGot.push(w));
  const aliceWallet = nextEvent(aliceSocket, 'wallet');
  t.deps.realtime.toUser(alice.user.id, 'wallet', { real: 10, bonus: 0, total: 10, reserved: 0 });
  expect((await aliceWallet)[0]).toEqual({ real: 10, bonus: 0, total: 10, reserved: 0 });
  await new Promise((r) => setTimeout(r, 100));
  expect(bobGot).toEqual([]);
});

it('authenticates from the authBB cookie and leaves the room on logout', async () => {
  const carol = await createSignedInUser(t.deps.db);
  const socket = connect(`authBB=${carol.token}`);
  expect((await nextEvent(socket, 'authState'))[0]).toEqual({ authenticated: true });
  const loggedOut = nextEvent(socket, 'authState');
  socket.emit('auth', { token: '', extId: carol.user.external_id });
  expect((await loggedOut)[0]).toEqual({ authenticated: false });
  const got: unknown[] = [];
  socket.on('wallet', (w) => got.push(w));
  t.deps.realtime.toUser(carol.user.id, 'wallet', { real: 1, bonus: 0, total: 1, reserved: 0 });
  await new Promise((r) => setTimeout(r, 100));
  expect(got).toEqual([]);
});

it('refuses an unknown token', async () => {
  const socket = connect();
  const state = nextEvent(socket, 'authState');
  socket.emit('auth', { token: 'not-a-session', extId: 'x' });
  expect((await state)[0]).toEqual({ authenticated: false });
});
