import { describe, expect, it } from 'vitest';
import { rooms } from '@dau/contracts/realtime';
import { WS_CLOSE_SESSION_ENDED } from '@dau/contracts/websocket-api';
import { useTwoInstances } from '../helpers/two-instances';
import { createSignedInUser } from '../helpers/factories';
import { WsApiClient } from '../helpers/ws-api-client';

/**
 * Two instances on one database and one Redis: a push made on one instance reaches the websocket
 * API clients of the other once, and a logout on one ends the stream on the other (decision
 * 214). Runs where REDIS_URL is set.
 */
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('the websocket API across instances on Redis', () => {
  const clients: WsApiClient[] = [];

  const bed = useTwoInstances(redisUrl!, () => {
    for (const c of clients) c.close();
  });
  const { servers } = bed;

  async function open(url: string): Promise<WsApiClient> {
    const client = await WsApiClient.open(url);
    clients.push(client);
    await client.init();
    return client;
  }

  it('relays channel and user pushes made on one instance to the other, once', async () => {
    const [a, b] = servers;
    const { user, token } = await createSignedInUser(bed.database.db);
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
    const { token } = await createSignedInUser(bed.database.db);
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
