import type { EventSummary } from '@dau/contracts/sports/event-summary';
import { expect, it } from 'vitest';
import { setRealtimeSocket, type SocketLike } from '../../lib/realtime-socket';
import { useLiveStore } from './live-store';
import { watch, watchedRooms } from './sports-feed';

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
  expect(home(501)).toBe(2.75);

  // Later pushes keep applying.
  fake.fire('oddsChange', {
    eventId: 501,
    sportId: 1,
    isLive: true,
    market: summary(501, 3.1).odds[0],
    ts: 1,
  });
  expect(home(501)).toBe(3.1);

  // A snapshot that answers after the page left the sport is not applied.
  fake.fire('connect');
  stop();
  expect(fake.emitted.at(-1)).toEqual(['LeaveSport', 1]);
  (joins()[2]![2] as (events: EventSummary[]) => void)([summary(501, 9.9)]);
  expect(home(501)).toBe(3.1);
  setRealtimeSocket(null);
});
