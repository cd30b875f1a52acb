import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import { PacedRoomPush } from '../../src/realtime/paced-room-push';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { useTwoInstances } from '../helpers/two-instances';

/**
 * Pushes to a crowded room written a slice of sockets at a time (decision 191): every socket
 * gets every push once, in order, and the event loop turns between slices.
 */
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Heard = { socket: number; round: number }[];

const ROOM = 'test:paced';
const bets = (roundId: number) => ({ roundId, bets: [] });

async function crowd(url: string, n: number, heard: Heard): Promise<ClientSocket[]> {
  const sockets = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const socket: ClientSocket = io(url, { transports: ['websocket'], forceNew: true });
      socket.on('CrashBets', (push) => heard.push({ socket: i, round: push.roundId }));
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      return socket;
    }),
  );
  return sockets;
}

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 250 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
}

/** Each socket's rounds in the order it heard them. */
function bySocket(heard: Heard, n: number): number[][] {
  const out = Array.from({ length: n }, () => [] as number[]);
  for (const h of heard) out[h.socket]!.push(h.round);
  return out;
}

describe('paced room pushes on one instance', () => {
  let t: TestApp;
  let sockets: ClientSocket[] = [];
  const heard: Heard = [];
  const N = 250;
  beforeAll(async () => {
    t = await createTestApp({ SOCKET_MAX_CONNECTIONS_PER_IP: '1000' });
    await t.listen();
    sockets = await crowd(t.url, N, heard);
    t.deps.realtime.io!.local.socketsJoin(ROOM);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  it('writes a slice per turn of the event loop, pushes in the order made', async () => {
    heard.length = 0;
    const paced = new PacedRoomPush(() => t.deps.realtime.io, 100);
    paced.push(ROOM, 'CrashBets', [bets(1)]);
    paced.push(ROOM, 'CrashBets', [bets(2)]);
    // 100 of the first push's 250 sockets are written; the rest waits for the next turns.
    expect(paced.pending).toBe(2);
    const turns: number[] = [];
    while (paced.pending > 0 && turns.length < 20) {
      await new Promise((r) => setImmediate(r));
      turns.push(paced.pending);
    }
    // 500 socket writes in slices of 100: four more turns after the first slice.
    expect(turns).toEqual([2, 1, 1, 0]);
    await until(() => heard.length >= 2 * N);
    await new Promise((r) => setTimeout(r, 50));
    expect(bySocket(heard, N)).toEqual(Array.from({ length: N }, () => [1, 2]));
  });

  it('a small room is written at once; a room with no socket costs nothing', () => {
    const paced = new PacedRoomPush(() => t.deps.realtime.io, 1_000);
    paced.push(ROOM, 'CrashBets', [bets(3)]);
    paced.push('test:nobody', 'CrashBets', [bets(4)]);
    expect(paced.pending).toBe(0);
  });

  it('Realtime.toRoomPaced reaches every socket of the room once, in order', async () => {
    // The small room's push of the test before reaches every socket first.
    await until(() => heard.filter((h) => h.round === 3).length >= N);
    heard.length = 0;
    for (let round = 10; round < 15; round++) {
      t.deps.realtime.toRoomPaced(ROOM, 'CrashBets', bets(round));
    }
    // A socket that leaves mid-push is skipped, not an error.
    sockets[N - 1]!.disconnect();
    await until(() => heard.length >= 5 * (N - 1));
    await new Promise((r) => setTimeout(r, 50));
    const rounds = bySocket(heard, N);
    expect(rounds.slice(0, N - 1)).toEqual(
      Array.from({ length: N - 1 }, () => [10, 11, 12, 13, 14]),
    );
    expect(rounds[N - 1]!.length).toBeLessThanOrEqual(5);
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('paced room pushes across two instances on Redis', () => {
  const { servers } = useTwoInstances(redisUrl!);

  it("reach the room's sockets on every instance, each once", async () => {
    const [a, b] = servers;
    const heardA: Heard = [];
    const heardB: Heard = [];
    const onA = await crowd(a!.url, 3, heardA);
    const onB = await crowd(b!.url, 3, heardB);
    a!.server.deps.realtime.io!.local.socketsJoin(ROOM);
    b!.server.deps.realtime.io!.local.socketsJoin(ROOM);
    a!.server.deps.realtime.toRoomPaced(ROOM, 'CrashBets', bets(21));
    a!.server.deps.realtime.toRoomPaced(ROOM, 'CrashBets', bets(22));
    await until(() => heardA.length >= 6 && heardB.length >= 6);
    await new Promise((r) => setTimeout(r, 200));
    for (const s of [...onA, ...onB]) s.disconnect();
    expect(bySocket(heardA, 3)).toEqual([
      [21, 22],
      [21, 22],
      [21, 22],
    ]);
    expect(bySocket(heardB, 3)).toEqual([
      [21, 22],
      [21, 22],
      [21, 22],
    ]);
  });
});
