/**
 * One process of bench clients for `odds-fanout.bench.ts` (forked by it with an IPC channel; not
 * a bench of its own). Each client is a plain Socket.IO connection to the events channel that
 * joins its room on every connect (as the web app does, ADR 230) and notes, for each `oddsChange`
 * of the 1x2 market, the home price and when it arrived on the machine's clock. At the end the
 * parent sends when each price was handed to the feed; this process answers, for every
 * (client, change) it should have seen, how long until that price — or a later one of the same
 * market — reached the client, or that it never did.
 */
import { io, type Socket } from 'socket.io-client';

export type FanoutRoom = { kind: 'event'; id: number } | { kind: 'sport'; id: number };

export type ParentMessage =
  | { type: 'connect'; base: string; rooms: FanoutRoom[]; batch: number }
  | {
      type: 'collect';
      /** Per event, its moves in order: home price (hundredths) and when the feed got it. */
      changes: Record<string, [number, number][]>;
      /** The sport of each moved event (for clients in a sport's room). */
      sportOf: Record<string, number>;
    };

export interface ClientsResult {
  type: 'result';
  /** Ingestion → receipt, ms, one per (client, change) delivered. */
  latencies: number[];
  expected: number;
  delivered: number;
  pushes: number;
  disconnects: number;
  reconnects: number;
}

const send = process.send?.bind(process);
if (!send) throw new Error('odds-fanout-clients runs as a child of odds-fanout.bench.ts');

/** The machine's clock in ms with sub-ms resolution, the same in every process. */
const clock = () => performance.timeOrigin + performance.now();

interface Client {
  socket: Socket;
  room: FanoutRoom;
  /** eventId → arrivals in order: [home price in hundredths, time]. */
  seen: Map<number, [number, number][]>;
}

const clients: Client[] = [];
let pushes = 0;
let disconnects = 0;
let reconnects = 0;

function joinRoom(client: Client): Promise<void> {
  return new Promise((resolve) => {
    const { socket, room } = client;
    if (room.kind === 'sport') socket.emit('JoinSport', room.id, () => resolve());
    else {
      // JoinEvent answers with the event's summary (EventUpdated).
      socket.once('EventUpdated', () => resolve());
      socket.emit('JoinEvent', room.id);
    }
  });
}

function connectOne(base: string, room: FanoutRoom): Promise<void> {
  const socket = io(base, {
    path: '/api/events/stream',
    transports: ['websocket'],
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 500,
  });
  const client: Client = { socket, room, seen: new Map() };
  clients.push(client);
  socket.on(
    'oddsChange',
    (push: { eventId: number; market: { uid: string; m: { id: number; o: number }[] } }) => {
      const at = clock();
      pushes += 1;
      if (push.market.uid !== '1') return;
      const home = push.market.m.find((o) => o.id === 1)?.o;
      if (home === undefined) return;
      let list = client.seen.get(push.eventId);
      if (!list) client.seen.set(push.eventId, (list = []));
      list.push([Math.round(home * 100), at]);
    },
  );
  socket.on('disconnect', () => (disconnects += 1));
  let first = true;
  return new Promise((resolve) => {
    socket.on('connect', () => {
      const joined = joinRoom(client);
      if (first) {
        first = false;
        void joined.then(resolve);
      } else reconnects += 1;
    });
  });
}

/**
 * For each change of an event the client watched: the first arrival whose price is this one or
 * a later one of the walk (prices only rise during a run, so "later" is "higher").
 */
function collect(message: Extract<ParentMessage, { type: 'collect' }>): ClientsResult {
  const latencies: number[] = [];
  let expected = 0;
  let delivered = 0;
  for (const client of clients) {
    const events =
      client.room.kind === 'event'
        ? [String(client.room.id)]
        : Object.keys(message.sportOf).filter((id) => message.sportOf[id] === client.room.id);
    for (const id of events) {
      const changes = message.changes[id] ?? [];
      const seen = client.seen.get(Number(id)) ?? [];
      let cursor = 0;
      let best = -Infinity;
      for (const [price, ingestedAt] of changes) {
        expected += 1;
        // Arrivals are in time order; the highest price so far covers this change once ≥.
        while (best < price && cursor < seen.length) {
          best = Math.max(best, seen[cursor]![0]);
          cursor += 1;
        }
        if (best < price) continue;
        delivered += 1;
        latencies.push(seen[cursor - 1]![1] - ingestedAt);
      }
    }
  }
  return { type: 'result', latencies, expected, delivered, pushes, disconnects, reconnects };
}

process.on('message', (message: ParentMessage) => {
  void (async () => {
    try {
      if (message.type === 'connect') {
        // In batches, so the server's accept queue and this process keep up.
        for (let i = 0; i < message.rooms.length; i += message.batch) {
          await Promise.all(
            message.rooms.slice(i, i + message.batch).map((room) => connectOne(message.base, room)),
          );
        }
        send({ type: 'ready', connected: clients.filter((c) => c.socket.connected).length });
      } else if (message.type === 'collect') {
        send(collect(message));
        for (const client of clients) client.socket.disconnect();
      }
    } catch (error) {
      send({ type: 'failed', error: String(error) });
    }
  })();
});
send({ type: 'started' });
