/**
 * Fuzzing the realtime channel (issue #17): every Socket.IO event the server listens to (read
 * from the server's own sockets, so events added later are fuzzed too) gets generated payloads,
 * from anonymous and signed-in sockets. The server must keep running, move no money, keep a
 * forged token from signing a socket in, and still serve a well-behaved client afterwards.
 */
import fc from 'fast-check';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSignedInUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectLedgerBalanced, fundUser } from '../wallet/ledger-assertions';
import { envNumber, moneyFingerprint, recordFigures } from './reliability-kit';
import { NASTY_NUMBERS, NASTY_STRINGS } from './schema-arbitraries';

const MESSAGES = envNumber('SOCKET_FUZZ_MESSAGES', 10_000);

let t: TestApp;
let token = '';
let events: string[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000000' });
  await t.listen();
  const signedIn = await createSignedInUser(t.deps.db);
  token = signedIn.token;
  await fundUser(t.deps.db, signedIn.user.id, 50_000);
  // The events a connected socket listens to, as the server registered them.
  const listened = new Promise<string[]>((resolve) => {
    t.deps.realtime.io!.once('connection', (socket) => {
      resolve(socket.eventNames().map(String));
    });
  });
  const probe = await connect(undefined);
  events = await listened;
  probe.disconnect();
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

async function connect(authToken: string | undefined): Promise<Socket> {
  const socket = io(t.url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(authToken ? { extraHeaders: { cookie: `authBB=${authToken}` } } : {}),
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Waits until the server has handled everything sent so far on this socket (in order). */
async function barrier(socket: Socket, authToken: string | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 10_000);
    // A message the server refused (too large) closes the connection instead.
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve(false);
    });
    socket.once('authState', (state: { authenticated: boolean }) => {
      clearTimeout(timer);
      resolve(state.authenticated);
    });
    socket.emit('auth', { token: authToken ?? '' });
  });
}

const nasty: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(...NASTY_STRINGS),
    fc.constantFrom(...NASTY_NUMBERS),
    fc.constantFrom(null, true, false, NaN, Infinity, -Infinity),
    fc.integer(),
    fc.string({ maxLength: 30 }),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(
      fc.constantFrom('eventId', 'marketId', 'token', 'siteId', '__proto__', 'constructor', 'x'),
      tie('value'),
      { maxKeys: 3 },
    ),
  ),
})).value;

it('every event the server accepts survives generated payloads', async () => {
  expect(events).toEqual(expect.arrayContaining(['auth', 'platform', 'sid', 'JoinEvent']));
  const before = await moneyFingerprint(t.deps.db);
  let anonymous = await connect(undefined);
  let signedIn = await connect(token);
  expect(await barrier(signedIn, token)).toBe(true);
  const message = fc.record({
    signed: fc.boolean(),
    event: fc.oneof(
      { weight: 10, arbitrary: fc.constantFrom(...events) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('NoSuchEvent', '__proto__', 'toString', 'hasOwnProperty'),
      },
    ),
    args: fc.array(nasty, { maxLength: 3 }),
    oversized: fc.integer({ min: 0, max: 99 }).map((n) => n === 0),
  });
  const sample = fc.sample(message, { numRuns: MESSAGES });
  let sent = 0;
  let reconnects = 0;
  for (const [index, m] of sample.entries()) {
    const socket = m.signed ? signedIn : anonymous;
    if (m.oversized) socket.emit(m.event, 'x'.repeat(32 * 1024));
    else if (m.event === 'auth') socket.emit('auth', ...m.args);
    else socket.emit(m.event, ...m.args);
    sent += 1;
    if (index % 50 === 49 || m.oversized) {
      // Anything the server did not like may cost that socket its connection, never the server.
      for (const signed of [false, true]) {
        const s = signed ? signedIn : anonymous;
        const ok = s.connected && (await barrier(s, signed ? token : undefined)) === signed;
        if (!ok) {
          s.disconnect();
          reconnects += 1;
          if (signed) signedIn = await connect(token);
          else anonymous = await connect(undefined);
        }
      }
    }
  }
  // A forged token never signs a socket in; the real one still does.
  expect(await barrier(anonymous, 'forged-token')).toBe(false);
  expect(await barrier(signedIn, token)).toBe(true);
  const health = await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode).toBe(200);
  expect(await moneyFingerprint(t.deps.db)).toBe(before);
  await expectLedgerBalanced(t.deps.db);
  recordFigures('socket-fuzz', { events, messages: sent, reconnects });
}, 600_000);
