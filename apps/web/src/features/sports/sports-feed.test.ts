import type { EventSummary } from '@dau/contracts/sports/event-summary';
import { expect, it } from 'vitest';
import { setRealtimeSocket, type SocketLike } from '../../lib/realtime-socket';
import { useLiveStore } from './live-store';
import { flushPushes, watch, watchedRooms } from './sports-feed';

type Handler = (...args: unknown[]) => void;

/** A socket that records what the feed emits and lets the test fire the server's side. */
function fakeSocket() {
  const handlers = new Map<string, Handler[]>();
  const emitted: unknown[][] = [];
  const socket = {
    connected: true,
    on: (event: string, handler: Handler) =>
      handlers.set(event, [...(handlers.get(event) ?? []), handler]),
    emit: (...args: unknown[]) => emitted.push(args),
    connect: () => undefined,
    disconnect: () => undefined,
  };
  return {
    socket: socket as unknown as SocketLike,
    emitted,
    fire(event: string, ...args: unknown[]) {
      if (event === 'connect' || event === 'disconnect') socket.connected = event === 'connect';
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
  };
}

function summary(id: number, home: number): EventSummary {
  return {
    id,
    tid: 1,
    cid: 1,
    sid: 1,
    ltn: 'League',
    lcn: 'Country',
    lsn: 'Soccer',
    htn: 'A',
    atn: 'B',
    n: 'A - B',
    edt: '2026-11-29T15:00:00.000Z',
    edtlocale: '29/11 18:00',
    odds: [
      {
        uid: '1',
        id: 1,
        sp: '',
        n: '1x2',
        s: 1,
        ibs: false,
        m: [{ id: 1, n: '1', o: home, ibs: false }],
      },
    ],
    isLive: true,
    finished: false,
    isdeleted: false,
    ms: 1,
    mt: "12'",
    sc: '0:0',
    st: '1st half',
    nro: 1,
    ibs: false,
  };
}

const home = (eventId: number) => useLiveStore.getState().outcomes[`${eventId}:1:1`]?.o;

it('joins a sport without a snapshot, and with a fresh one after every reconnect', () => {
  const fake = fakeSocket();
  setRealtimeSocket(fake.socket);
  const stop = watch([{ kind: 'sport', id: 1 }]);
  expect(watchedRooms()).toEqual(['sport:1']);
  const joins = () => fake.emitted.filter(([event]) => event === 'JoinSport');
  // The page has just loaded the list: a plain join, no ~380 kB snapshot (ADR 230).
  expect(joins()).toEqual([['JoinSport', 1]]);

  // The connection drops; a price moves meanwhile; the reconnect joins again and applies it.
  fake.fire('disconnect');
  fake.fire('connect');
  expect(joins()).toHaveLength(2);
  const [, sportId, answer] = joins()[1]!;
  expect(sportId).toBe(1);
  (answer as (events: EventSummary[]) => void)([summary(501, 2.75)]);
  flushPushes();
  expect(home(501)).toBe(2.75);

  // Later pushes keep applying.
  fake.fire('oddsChange', {
    eventId: 501,
    sportId: 1,
    isLive: true,
    market: summary(501, 3.1).odds[0],
    ts: 1,
  });
  flushPushes();
  expect(home(501)).toBe(3.1);

  // A snapshot that answers after the page left the sport is not applied.
  fake.fire('connect');
  stop();
  expect(fake.emitted.at(-1)).toEqual(['LeaveSport', 1]);
  (joins()[2]![2] as (events: EventSummary[]) => void)([summary(501, 9.9)]);
  flushPushes();
  expect(home(501)).toBe(3.1);
  setRealtimeSocket(null);
});

it('applies a burst of pushes in one store update, in the order they came', () => {
  const fake = fakeSocket();
  setRealtimeSocket(fake.socket);
  const stop = watch([{ kind: 'sport', id: 1 }]);
  fake.fire('EventUpdated', summary(601, 1.5));
  flushPushes();
  let commits = 0;
  const unsubscribe = useLiveStore.subscribe(() => (commits += 1));
  const odds = (price: number) => ({
    eventId: 601,
    sportId: 1,
    isLive: true,
    market: summary(601, price).odds[0],
    ts: 1,
  });
  fake.fire('oddsChange', odds(1.6));
  fake.fire('MarketUpdated', {
    eventId: 601,
    marketId: 1,
    specifier: '',
    status: 0,
    ibs: true,
  });
  fake.fire('oddsChange', odds(1.7));
  // Nothing is drawn until the frame comes; then all three at once.
  expect(home(601)).toBe(1.5);
  expect(commits).toBe(0);
  flushPushes();
  expect(commits).toBe(1);
  // The last price, and the lock of the market that came between them is lifted by it.
  expect(useLiveStore.getState().outcomes['601:1:1']).toMatchObject({ o: 1.7, move: 'up' });
  // A push that changes nothing commits nothing.
  fake.fire('MarketUpdated', { eventId: 999, marketId: 1, specifier: '', status: 0, ibs: true });
  flushPushes();
  expect(commits).toBe(1);
  unsubscribe();
  stop();
  setRealtimeSocket(null);
});
