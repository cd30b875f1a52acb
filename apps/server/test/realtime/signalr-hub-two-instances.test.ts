import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  HubConnectionBuilder,
  HttpTransportType,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '@dau/contracts/realtime';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/database';
import { createServer, type RunningServer } from '../../src/server';
import { createTestDatabase } from '../helpers/test-database';

/**
 * Two instances on one database and one Redis: a push made on one instance reaches the hub
 * clients of the other (decision 212). Runs where REDIS_URL is set.
 */
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('the event hub across instances on Redis', () => {
  let database: DatabaseHandle;
  const servers: { server: RunningServer; url: string }[] = [];
  const hubs: HubConnection[] = [];

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
    await Promise.all(hubs.map((h) => h.stop()));
    for (const { server } of servers) await server.close();
    await database.close();
  });

  async function connect(url: string): Promise<HubConnection> {
    const hub = new HubConnectionBuilder()
      .withUrl(`${url}/api/uof/eventhub`, { transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    hubs.push(hub);
    await hub.start();
    return hub;
  }

  it('relays a push made on one instance to the hub clients of the other, once', async () => {
    const [a, b] = servers;
    const onB = await connect(b!.url);
    const onA = await connect(a!.url);
    const got = { a: [] as unknown[], b: [] as unknown[] };
    onA.on('EventDeleted', (p: unknown) => got.a.push(p));
    onB.on('EventDeleted', (p: unknown) => got.b.push(p));
    await onA.invoke('JoinEvent', 77);
    await onB.invoke('JoinEvent', 77);
    await onB.invoke('JoinEvent', 78);
    a!.server.deps.realtime.toRoom(rooms.event(77), 'EventDeleted', { eventId: 77, sportId: 1 });
    a!.server.deps.realtime.toRoom(rooms.event(79), 'EventDeleted', { eventId: 79, sportId: 1 });
    await expect.poll(() => got.b, { timeout: 3000 }).toEqual([{ eventId: 77, sportId: 1 }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(got.a).toEqual([{ eventId: 77, sportId: 1 }]);
    expect(got.b).toEqual([{ eventId: 77, sportId: 1 }]);
  });
});
