import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import type { EventSummary } from '@dau/contracts/sports/event-summary';
import type { OddsChangePush } from '@dau/contracts/sports/realtime-payloads';
import { useTwoInstances } from '../helpers/two-instances';

/**
 * Two instances on one database and one Redis (ADR 230): A ingests the feed, B does not and never
 * reloads its read model (`FEED_MODE=off`). A client of B that reconnects while a price moves on
 * A gets the moved price in B's `JoinSport` answer, and A's later pushes. Runs where REDIS_URL
 * is set.
 */
const redisUrl = process.env.REDIS_URL;
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe.skipIf(!redisUrl)('a re-join snapshot across instances on Redis', () => {
  const sockets: ClientSocket[] = [];
  const { servers } = useTwoInstances(
    redisUrl!,
    () => {
      for (const s of sockets) s.disconnect();
    },
    {
      env: (i): Record<string, string> =>
        i === 0 ? { FEED_MODE: 'manual', FEED_FIXTURES_PER_TOURNAMENT: '2' } : {},
      // B loads the read model A's feed wrote when it starts.
      afterFirst: (a) => a.server.deps.feed.connect(),
    },
  );

  function socketOn(url: string): ClientSocket {
    const s: ClientSocket = io(url, {
      path: '/api/events/stream',
      transports: ['websocket'],
      forceNew: true,
      autoConnect: false,
      reconnection: false,
    });
    sockets.push(s);
    return s;
  }

  const homeOf = (events: EventSummary[], eventId: number) =>
    events
      .find((e) => e.id === eventId)
      ?.odds.find((m) => m.uid === '1')
      ?.m.find((o) => o.id === 1)?.o;
  const pushed = (pushes: OddsChangePush[], eventId: number, odds: number) =>
    pushes.some((p) => p.eventId === eventId && p.market.uid === '1' && p.market.m[0]?.o === odds);

  it('answers the price moved on A while the client of B was away, then relays the next', async () => {
    const [a, b] = servers;
    const feed = a!.server.deps.feed;
    const [eventId = 0] = feed.simulator?.liveEventIds() ?? [];
    const sportId = feed.model.events.get(eventId)!.sportId;
    expect(b!.server.deps.feed.model.events.has(eventId)).toBe(true);

    const witness = socketOn(b!.url);
    const witnessed: OddsChangePush[] = [];
    witness.on('oddsChange', (p) => witnessed.push(p));
    witness.connect();
    await new Promise((resolve) => witness.emit('JoinSport', sportId, resolve));

    const client = socketOn(b!.url);
    const snapshots: EventSummary[][] = [];
    const odds: OddsChangePush[] = [];
    client.on('oddsChange', (p) => odds.push(p));
    client.on('connect', () =>
      client.emit('JoinSport', sportId, (events) => snapshots.push(events)),
    );
    client.connect();
    await expect.poll(() => snapshots.length).toBe(1);
    expect(homeOf(snapshots[0]!, eventId)).toBeGreaterThan(1);

    client.disconnect();
    await feed.simulator?.setPrice(eventId, 1, '', 1, 412);
    await expect.poll(() => pushed(witnessed, eventId, 4.12), { timeout: 5000 }).toBe(true);
    // B's read model still has the old price: only the relayed push tells B the new one.
    const inModel = b!.server.deps.feed.model.events
      .get(eventId)
      ?.markets.get('1')
      ?.outcomes.find((o) => o.outcomeId === 1)?.odds;
    expect(inModel).not.toBe(412);
    // The relay reaches B on its own Redis connection, beside the adapter's: wait for it too.
    await expect
      .poll(() => homeOf(b!.server.deps.feed.snapshots.sport(sportId), eventId))
      .toBe(4.12);

    client.connect();
    await expect.poll(() => snapshots.length).toBe(2);
    expect(homeOf(snapshots[1]!, eventId)).toBe(4.12);
    expect(pushed(odds, eventId, 4.12)).toBe(false);

    await feed.simulator?.setPrice(eventId, 1, '', 1, 423);
    await expect.poll(() => pushed(odds, eventId, 4.23), { timeout: 5000 }).toBe(true);
  });
});
