import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CriticalNoticePush } from '@dau/contracts/sports/critical-notice';
import type { OddsChangePush } from '@dau/contracts/sports/realtime-payloads';
import { WS_CLOSE_SESSION_ENDED, WS_MAX_SUBSCRIPTIONS } from '@dau/contracts/websocket-api';
import { receiptStatus } from '../../src/modules/betting/betting.pushes';
import { createSession } from '../../src/modules/accounts/session.service';
import type { TestApp } from '../helpers/test-app';
import { WsApiClient } from '../helpers/ws-api-client';
import {
  bettingApp,
  fundedUser,
  liveEvents,
  placeBet,
  preMatchEvents,
  sandbox,
  selectionAt,
} from '../betting/betting-kit';

/**
 * The websocket API and realtime events service of spec doc 2 §7 at /api/ws (decision 214),
 * driven by the `ws` client against a listening server.
 */
let t: TestApp;
const clients: WsApiClient[] = [];
let addresses = 0;

beforeAll(async () => {
  t = await bettingApp({
    PUBLIC_URL: 'https://www.dau.test',
    TRUST_PROXY: '1',
    SOCKET_MAX_CONNECTIONS_PER_IP: '2',
    SOCKET_SESSION_CHECK_SECONDS: '0.2',
  });
  await t.listen();
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});

/** A connection from its own client address (the per-address limit is 2). */
async function open(headers: Record<string, string> = {}): Promise<WsApiClient> {
  addresses += 1;
  const client = await WsApiClient.open(t.url, {
    'x-forwarded-for': `198.51.100.${addresses}`,
    ...headers,
  });
  clients.push(client);
  return client;
}

async function signedIn(token: string, extra: Record<string, unknown> = {}) {
  const client = await open();
  await client.init();
  expect(await client.request({ type: 'auth', token, ...extra })).toMatchObject({
    type: 'authState',
    authenticated: true,
  });
  return client;
}

describe('init and auth', () => {
  it('answers init with ready, the site channel and the availability flags', async () => {
    const client = await open();
    expect(await client.request({ type: 'subscribe', channel: 'event:1' })).toMatchObject({
      type: 'error',
      code: 'not_initialized',
    });
    const ready = await client.request({ type: 'init', siteId: 2, platform: 2, language: 'sw' });
    expect(ready).toMatchObject({
      type: 'ready',
      connectionId: expect.any(String),
      heartbeatMs: 25_000,
      maxSubscriptions: WS_MAX_SUBSCRIPTIONS,
      channels: ['site:2'],
    });
    await client.waitFor((f) => f.type === 'push' && f.event === 'feedStatus');
    expect(await client.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
  });

  it('joins the user’s private pushes with a valid token, and only that user’s', async () => {
    const alice = await fundedUser(t);
    const bob = await fundedUser(t);
    const aliceWs = await signedIn(alice.token, { eid: alice.user.external_id });
    const bobWs = await signedIn(bob.token);

    const [eventId] = await preMatchEvents(t);
    const res = await placeBet(t, alice.cookies, {
      selections: [await selectionAt(t, eventId!, 1)],
      stake: 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { betId } = res.json<{ betId: string }>();
    const status = await aliceWs.waitFor((f) => f.type === 'push' && f.event === 'BetsStatus_v2');
    expect(status).toEqual({
      type: 'push',
      channel: 'user',
      event: 'BetsStatus_v2',
      data: { betId, status: 'open', openBetsCount: 1, notify: true },
    });
    await aliceWs.waitFor((f) => f.type === 'push' && f.event === 'wallet');
    await bobWs.roundTrip();
    expect(bobWs.pushes('BetsStatus_v2')).toEqual([]);
    expect(bobWs.pushes('wallet')).toEqual([]);

    // `bid` names the receipt the client knows: its current status comes at once.
    const again = await signedIn(alice.token, { bid: betId });
    const receipt = await again.waitFor((f) => f.type === 'push' && f.event === 'BetsStatus_v2');
    expect(receipt).toMatchObject({ data: { betId, status: 'open', notify: false } });
    // Someone else's bet is nobody's receipt.
    expect(await receiptStatus(t.deps.db, bob.user.id, betId)).toBeNull();
    expect(await receiptStatus(t.deps.db, alice.user.id, 'abc')).toBeNull();
  });

  it('answers a wrong token or eid with an error frame, and the connection stays anonymous', async () => {
    const alice = await fundedUser(t, 0);
    const client = await open();
    await client.init();
    expect(await client.request({ type: 'auth', token: 'not-a-session' })).toMatchObject({
      type: 'error',
      code: 'unauthorized',
    });
    expect(
      await client.request({ type: 'auth', token: alice.token, eid: 'someone-else' }),
    ).toMatchObject({ type: 'error', code: 'eid_mismatch' });
    // Signed in, then a wrong token: the user's pushes stop.
    expect(await client.request({ type: 'auth', token: alice.token })).toMatchObject({
      authenticated: true,
    });
    expect(await client.request({ type: 'auth', token: 'expired' })).toMatchObject({
      code: 'unauthorized',
    });
    t.deps.realtime.toUser(alice.user.id, 'wallet', { real: 1, bonus: 0, total: 1, reserved: 0 });
    await client.roundTrip();
    expect(client.pushes('wallet')).toEqual([]);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it('ends the stream of a session that logs out, and only that session’s', async () => {
    const alice = await fundedUser(t, 0);
    const other = await createSession(t.deps.db, alice.user.id, { now: new Date() });
    const phone = await signedIn(alice.token);
    const laptop = await signedIn(other.token);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/core/auth/logout',
      cookies: { authBB: alice.token },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(await phone.closed).toMatchObject({ code: WS_CLOSE_SESSION_ENDED });
    expect(phone.frames.at(-1)).toEqual({ type: 'authState', authenticated: false });
    t.deps.realtime.toUser(alice.user.id, 'wallet', { real: 2, bonus: 0, total: 2, reserved: 0 });
    await laptop.waitFor((f) => f.type === 'push' && f.event === 'wallet');
    // The old token no longer signs in.
    const again = await open();
    await again.init();
    expect(await again.request({ type: 'auth', token: alice.token })).toMatchObject({
      code: 'unauthorized',
    });
  });

  it('ends the stream of a session revoked without a logout push reaching it', async () => {
    const alice = await fundedUser(t, 0);
    const client = await signedIn(alice.token);
    // As if the logout's message between instances was lost: only the periodic check sees it.
    await t.deps.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', alice.user.id)
      .execute();
    expect(await client.closed).toMatchObject({ code: WS_CLOSE_SESSION_ENDED });
  });
});

describe('channels', () => {
  it('delivers a subscribed event’s odds changes until unsubscribed', async () => {
    const [eventId = 0] = await liveEvents(t);
    const follower = await open();
    const control = await open();
    for (const c of [follower, control]) {
      await c.init();
      expect(await c.request({ type: 'subscribe', channel: `event:${eventId}` })).toMatchObject({
        type: 'subscribed',
        channel: `event:${eventId}`,
      });
      // The event's summary comes at once, as on the events channel.
      await c.waitFor((f) => f.type === 'push' && f.event === 'EventUpdated');
    }
    const market = await open();
    await market.init();
    await market.request({ type: 'subscribe', channel: `market:${eventId}:1` });

    const priced = (c: WsApiClient, odds: number) =>
      c.waitFor(
        (f) =>
          f.type === 'push' &&
          f.event === 'oddsChange' &&
          (f.data as OddsChangePush).market.m.find((o) => o.id === 1)?.o === odds,
      );
    await sandbox(t, 'price', { eventId, marketId: 1, outcomeId: 1, odds: 2.7 });
    expect(await priced(follower, 2.7)).toMatchObject({ channel: `event:${eventId}` });
    expect(await priced(market, 2.7)).toMatchObject({ channel: `market:${eventId}:1` });

    expect(
      await follower.request({ type: 'unsubscribe', channel: `event:${eventId}` }),
    ).toMatchObject({ type: 'unsubscribed' });
    await sandbox(t, 'price', { eventId, marketId: 1, outcomeId: 1, odds: 3.1 });
    await priced(control, 3.1);
    await follower.roundTrip();
    const odds = follower
      .pushes('oddsChange')
      .map((f) => (f.data as OddsChangePush).market.m.find((o) => o.id === 1)?.o);
    expect(odds).not.toContain(3.1);
  });

  it('carries the site channel from init: notices raised and in force, for that site only', async () => {
    const onSite = await open();
    const otherSite = await open();
    await onSite.init(2);
    await otherSite.init(3);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/notices',
      payload: { siteId: 2, kind: 'maintenance', message: 'Back at 02:00 EAT.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const notice = res.json<CriticalNoticePush>();
    const pushed = await onSite.waitFor((f) => f.type === 'push' && f.event === 'Critical');
    expect(pushed).toEqual({ type: 'push', channel: 'site:2', event: 'Critical', data: notice });
    await otherSite.roundTrip();
    expect(otherSite.pushes('Critical')).toEqual([]);
    // A late subscriber gets the notice in force at once.
    const late = await open();
    await late.init(2);
    await late.waitFor((f) => f.type === 'push' && f.event === 'Critical');
    expect(late.pushes('Critical')).toEqual([pushed]);
  });

  it('answers bad frames and unknown channels with error frames, and keeps the connection', async () => {
    const client = await open();
    const errorAfter = async (frame: object | string | Buffer) => {
      const before = client.frames.length;
      client.send(frame);
      return client.waitFor((f) => client.frames.indexOf(f) >= before && f.type === 'error');
    };
    expect(await errorAfter('not json')).toMatchObject({ code: 'bad_frame' });
    expect(await errorAfter(Buffer.from([1, 2, 3]))).toMatchObject({ code: 'bad_frame' });
    expect(await errorAfter('[1,2]')).toMatchObject({ code: 'bad_frame' });
    expect(await errorAfter({ type: 'teleport' })).toMatchObject({ code: 'bad_frame' });
    expect(await errorAfter({ type: 'init', siteId: 'two' })).toMatchObject({
      code: 'bad_frame',
      message: 'Invalid frame (siteId).',
    });
    await client.init();
    for (const channel of ['casino:roulette', 'event:abc', 'event:0', 'market:1', 'user:1', '']) {
      const answer = await client.request({ type: 'subscribe', channel });
      expect(answer.type, channel).toBe('error');
    }
    expect(await client.request({ type: 'subscribe', channel: 'user:1' })).toMatchObject({
      code: 'unknown_channel',
    });
    // The site channel from init counts: 199 more fit, the next one does not.
    for (let id = 1; id < WS_MAX_SUBSCRIPTIONS; id += 1)
      client.send({ type: 'subscribe', channel: `sport:${id}` });
    expect(await client.request({ type: 'subscribe', channel: 'event:999999' })).toMatchObject({
      code: 'too_many_subscriptions',
    });
    expect(await client.request({ type: 'unsubscribe', channel: 'sport:1' })).toMatchObject({
      type: 'unsubscribed',
    });
    expect(await client.request({ type: 'subscribe', channel: 'event:999999' })).toMatchObject({
      type: 'subscribed',
    });
    await client.roundTrip();
    // A frame over 16 KiB is a protocol error: the socket closes with 1009.
    client.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(20_000) }));
    expect(await client.closed).toMatchObject({ code: 1009 });
  });
});

describe('handshake checks', () => {
  it('refuses a page of another origin and more connections per address than allowed', async () => {
    await expect(open({ origin: 'https://evil.example' })).rejects.toThrow('refused 403');
    await expect(open({ origin: 'https://www.dau.test' })).resolves.toBeDefined();
    const address = { 'x-forwarded-for': '203.0.113.9' };
    const first = await open(address);
    await open(address);
    await expect(open(address)).rejects.toThrow('refused 429');
    first.close();
    await first.closed;
    await expect
      .poll(() =>
        open(address).then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
  });
});
