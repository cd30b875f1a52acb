import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import { createSession } from '../../src/modules/accounts/session.service';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { lastSms } from '../accounts/helpers';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const HOUR = 3_600_000;
let clock = new Date();
let t: TestApp;
const opened: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {
      SITE_HOSTS: 'ke.dau.test=2',
      PUBLIC_URL: 'https://www.dau.test',
      TRUST_PROXY: '1',
      SOCKET_MAX_CONNECTIONS_PER_IP: '3',
      SOCKET_SESSION_CHECK_SECONDS: '0.2',
    },
    { now: () => clock },
  );
  await t.listen();
});
afterAll(async () => {
  for (const s of opened) s.disconnect();
  await t.close();
});

/** A socket to `url`; resolves once connected, rejects with the handshake's refusal. */
function connect(
  options: {
    token?: string;
    origin?: string;
    forwardedFor?: string;
    url?: string;
    /** Called at once, before any packet can arrive (e.g. to listen for `authState`). */
    listen?: (socket: ClientSocket) => void;
  } = {},
): Promise<ClientSocket> {
  const headers: Record<string, string> = {};
  if (options.token) headers.cookie = `authBB=${options.token}`;
  if (options.origin) headers.origin = options.origin;
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  const socket: ClientSocket = io(options.url ?? t.url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: headers,
  });
  opened.push(socket);
  options.listen?.(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

/** A signed-in socket: connected with the `authBB` cookie and told it is authenticated. */
async function signedInSocket(token: string, forwardedFor = '198.51.100.1') {
  const { socket, authenticated } = await connectWithState(token, forwardedFor);
  expect(authenticated).toBe(true);
  return socket;
}

/** A socket with the `authBB` cookie and the `authState` the server answered it with. */
async function connectWithState(token: string, forwardedFor: string) {
  let state!: Promise<boolean>;
  const socket = await connect({
    token,
    forwardedFor,
    listen: (s) => {
      state = new Promise((resolve) => s.once('authState', (a) => resolve(a.authenticated)));
    },
  });
  return { socket, authenticated: await state };
}

function disconnected(socket: ClientSocket, ms = 3000): Promise<boolean> {
  if (!socket.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** The wallet pushes a socket receives in 300 ms after one is sent to its user. */
async function walletPushesTo(socket: ClientSocket, userId: number): Promise<number> {
  let got = 0;
  const count = () => {
    got += 1;
  };
  socket.on('wallet', count);
  t.deps.realtime.toUser(userId, 'wallet', { real: 1, bonus: 0, total: 1, reserved: 0 });
  await new Promise((r) => setTimeout(r, 300));
  socket.off('wallet', count);
  return got;
}

async function userWithSessions(count: number) {
  const user = await createUser(t.deps.db);
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    tokens.push((await createSession(t.deps.db, user.id, { now: clock })).token);
  }
  return { user, tokens };
}

const post = (url: string, token: string | null, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(token ? { cookies: { authBB: token } } : {}),
    ...(payload ? { payload } : {}),
  });

describe('sockets end with their session (issue #17 finding 4)', () => {
  it('logout disconnects that session’s sockets, and only those', async () => {
    const { user, tokens } = await userWithSessions(2);
    const phone = await signedInSocket(tokens[0]!);
    const laptop = await signedInSocket(tokens[1]!, '198.51.100.2');
    expect(await walletPushesTo(phone, user.id)).toBe(1);

    const gone = disconnected(phone);
    const out = await post('/api/core/auth/logout', tokens[0]!);
    expect(out.json()).toEqual({ hasErrors: false, loggedOut: true });
    expect(await gone).toBe(true);
    expect(laptop.connected).toBe(true);
    expect(await walletPushesTo(laptop, user.id)).toBe(1);

    // Reconnecting with the old cookie gives an anonymous socket: no pushes.
    const { socket: again, authenticated } = await connectWithState(tokens[0]!, '198.51.100.1');
    expect(authenticated).toBe(false);
    expect(await walletPushesTo(again, user.id)).toBe(0);
    again.disconnect();
    laptop.disconnect();
  });

  it('a password change disconnects the other sessions’ sockets, a reset all of them', async () => {
    const { user, tokens } = await userWithSessions(3);
    const [here, other, third] = [
      await signedInSocket(tokens[0]!),
      await signedInSocket(tokens[1]!, '198.51.100.3'),
      await signedInSocket(tokens[2]!, '198.51.100.4'),
    ];
    const otherGone = disconnected(other);
    const thirdGone = disconnected(third);
    const changed = await post('/api/core/customer/changePassword', tokens[0]!, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Mombasa#2027',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await otherGone).toBe(true);
    expect(await thirdGone).toBe(true);
    expect(here.connected).toBe(true);
    expect(await walletPushesTo(here, user.id)).toBe(1);

    const hereGone = disconnected(here);
    const forgotten = await post('/api/core/forgotten-password', null, {
      UnspecifiedUsername: user.phone,
    });
    expect(forgotten.statusCode, forgotten.body).toBe(200);
    const guid = /reset-password\/([^\s?]+)/.exec(await lastSms(t, user.phone))?.[1];
    expect(guid).toBeTruthy();
    const reset = await post('/api/core/reset-password', null, {
      guid: guid!,
      password: 'Kisumu#20288',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await hereGone).toBe(true);
  });

  it('a break ends every socket of the user', async () => {
    const { tokens } = await userWithSessions(1);
    const socket = await signedInSocket(tokens[0]!);
    const gone = disconnected(socket);
    const res = await post('/api/core/customer/responsible-gambling', tokens[0]!, {
      period: '24h',
      confirm: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await gone).toBe(true);
  });

  it('an expired or idle session’s socket is disconnected by the periodic check', async () => {
    const { user, tokens } = await userWithSessions(2);
    const idle = await signedInSocket(tokens[0]!);
    const busy = await signedInSocket(tokens[1]!, '198.51.100.5');
    const start = clock;
    clock = new Date(start.getTime() + 6 * 24 * HOUR);
    // The busy session is used on day 6; the idle one is not.
    const used = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/v2/getSettings',
      cookies: { authBB: tokens[1]! },
    });
    expect(used.statusCode).toBe(200);
    clock = new Date(start.getTime() + 7 * 24 * HOUR + 60_000);
    expect(await disconnected(idle)).toBe(true);
    expect(busy.connected).toBe(true);
    expect(await walletPushesTo(busy, user.id)).toBe(1);
    // Past the absolute 30 days, the busy one goes too.
    clock = new Date(start.getTime() + 31 * 24 * HOUR);
    expect(await disconnected(busy)).toBe(true);
    clock = new Date();
  });
});

describe('socket handshakes (issue #17 finding 4)', () => {
  it('accept the server’s own origin and the configured site hosts, refuse any other', async () => {
    const { host } = new URL(t.url);
    for (const origin of [`http://${host}`, 'https://ke.dau.test', 'https://www.dau.test']) {
      const socket = await connect({ origin, forwardedFor: '203.0.113.10' });
      expect(socket.connected, origin).toBe(true);
      socket.disconnect();
    }
    const port = Number(new URL(t.url).port);
    for (const origin of [
      'https://evil.example',
      'https://shop.dau.test',
      `http://127.0.0.1:${port + 1}`,
      'null',
    ]) {
      await expect(connect({ origin, forwardedFor: '203.0.113.11' }), origin).rejects.toThrow();
    }
  });

  it('limit connections per client address (as the trusted proxy saw it)', async () => {
    const address = '203.0.113.20';
    const held = [
      await connect({ forwardedFor: address }),
      await connect({ forwardedFor: address }),
      await connect({ forwardedFor: address }),
    ];
    await expect(connect({ forwardedFor: address })).rejects.toThrow();
    // A spoofed left-most address does not help; another real address is counted apart.
    await expect(connect({ forwardedFor: `10.9.9.9, ${address}` })).rejects.toThrow();
    const other = await connect({ forwardedFor: '203.0.113.21' });
    expect(other.connected).toBe(true);
    // A closed connection frees its place.
    held[0]!.disconnect();
    await new Promise((r) => setTimeout(r, 200));
    const next = await connect({ forwardedFor: address });
    expect(next.connected).toBe(true);
    for (const s of [...held, other, next]) s.disconnect();
  });
});
