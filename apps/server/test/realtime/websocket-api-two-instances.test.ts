import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '@dau/contracts/realtime';
import { WS_CLOSE_SESSION_ENDED } from '@dau/contracts/websocket-api';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/database';
import { createServer, type RunningServer } from '../../src/server';
import { createSignedInUser } from '../helpers/factories';
import { createTestDatabase } from '../helpers/test-database';
import { WsApiClient } from '../helpers/ws-api-client';

/**
 * Two instances on one database and one Redis: a push made on one instance reaches the websocket
 * API clients of the other once, and a logout on one ends the stream on the other (decision
 * 214). Runs where REDIS_URL is set.
 */
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('the websocket API across instances on Redis', () => {
  let database: DatabaseHandle;
  const servers: { server: RunningServer; url: string }[] = [];
  const clients: WsApiClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    for (let i = 0; i < 2; i += 1) {
      const config = loadConfig({
        NODE_ENV: 'test',
        SEED_DEMO: 'false',
        WEB_DIST: '/nonexistent-web-dist',
        FEED_MODE: 'off',
        REDIS_URL: redisUrl!,
        REDIS_PREFIX: prefix,
      });
      const server = await createServer(config, { database });
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      servers.push({ server, url: `http://127.0.0.1:${port}` });
    }
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const { server } of servers) await server.close();
    await database.close();
  });

  async function open(url: string): Promise<WsApiClient> {
    const client = await WsApiClient.open(url);
    clients.push(client);
    await client.init();
    return client;
  }

  it('relays channel and user pushes made on one instance to the other, once', async () => {
    const [a, b] = servers;
    const { user, token } = await createSignedInUser(database.db);
    const onB = await open(b!.url);
    const onA = await open(a!.url);
    await onB.request({ type: 'auth', token });
    for (const c of [onA, onB]) await c.request({ type: 'subscribe', channel: 'event:77' });
    const realtime = a!.server.deps.realtime;
    realtime.toRoom(rooms.event(77), 'EventDeleted', { eventId: 77, sportId: 1 });
    realtime.toRoom(rooms.event(79), 'EventDeleted', { eventId: 79, sportId: 1 });
    realtime.toUser(user.id, 'wallet', { real: 5, bonus: 0, total: 5, reserved: 0 });
    await onB.waitFor((f) => f.type === 'push' && f.event === 'wallet');
    await onB.waitFor((f) => f.type === 'push' && f.event === 'EventDeleted');
    await onA.roundTrip();
    for (const c of [onA, onB])
      expect(c.pushes('EventDeleted')).toEqual([
        {
          type: 'push',
          channel: 'event:77',
          event: 'EventDeleted',
          data: { eventId: 77, sportId: 1 },
        },
      ]);
    expect(onA.pushes('wallet')).toEqual([]);
    expect(onB.pushes('wallet')).toHaveLength(1);
  });

  it('ends the stream on one instance when the session logs out on the other', async () => {
    const [a, b] = servers;
    const { token } = await createSignedInUser(database.db);
    const onB = await open(b!.url);
    await onB.request({ type: 'auth', token });
    const out = await a!.server.app.inject({
      method: 'POST',
      url: '/api/core/auth/logout',
      cookies: { authBB: token },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(await onB.closed).toMatchObject({ code: WS_CLOSE_SESSION_ENDED });
  });
});
