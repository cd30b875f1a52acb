import {
  HubConnectionBuilder,
  HttpTransportType,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { describe, expect, it } from 'vitest';
import { rooms } from '@dau/contracts/realtime';
import { useTwoInstances } from '../helpers/two-instances';

/**
 * Two instances on one database and one Redis: a push made on one instance reaches the hub
 * clients of the other (decision 212). Runs where REDIS_URL is set.
 */
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('the event hub across instances on Redis', () => {
  const hubs: HubConnection[] = [];

  const bed = useTwoInstances(redisUrl!, async () => {
    await Promise.all(hubs.map((h) => h.stop()));
  });
  const { servers } = bed;

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
