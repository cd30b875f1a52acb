import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import { processSettlements } from '../../src/modules/betting/settlement.service';
import type { TestApp } from '../helpers/test-app';
import { expectLedgerBalanced } from '../wallet/ledger-assertions';
import {
  bettingApp,
  fundedUser,
  placeBet,
  preMatchEvents,
  sandbox,
  selectionAt,
} from './betting-kit';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  t = await bettingApp();
  await t.listen();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});
afterEach(async () => {
  await expectLedgerBalanced(t.deps.db);
});

function collect(socket: ClientSocket, event: keyof ServerToClientEvents): unknown[] {
  const got: unknown[] = [];
  socket.on(event as 'wallet', ((payload: unknown) => got.push(payload)) as never);
  return got;
}

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 30));
}

it('pushes placement and settlement to the bettor over Socket.IO, and to nobody else', async () => {
  const alice = await fundedUser(t);
  const bob = await fundedUser(t);
  const connect = (token: string) => {
    const socket: ClientSocket = io(t.url, {
      transports: ['websocket'],
      forceNew: true,
      extraHeaders: { cookie: `authBB=${token}` },
    });
    sockets.push(socket);
    return socket;
  };
  const aliceSocket = connect(alice.token);
  const bobSocket = connect(bob.token);
  const authed = (s: ClientSocket) =>
    new Promise((resolve) => s.once('authState', (state) => resolve(state.authenticated)));
  expect(await Promise.all([authed(aliceSocket), authed(bobSocket)])).toEqual([true, true]);

  const status = collect(aliceSocket, 'BetsStatus_v2');
  const settled = collect(aliceSocket, 'BetSettlement_v2');
  const wallet = collect(aliceSocket, 'wallet');
  const bobStatus = collect(bobSocket, 'BetsStatus_v2');
  const bobSettled = collect(bobSocket, 'BetSettlement_v2');

  const [eventId] = await preMatchEvents(t);
  if (eventId === undefined) throw new Error('no pre-match event');
  const res = await placeBet(t, alice.cookies, {
    selections: [await selectionAt(t, eventId, 1)],
    stake: 100,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { betId } = res.json();
  await until(() => status.length > 0 && wallet.length > 0);
  expect(status[0]).toEqual({ betId, status: 'open', openBetsCount: 1, notify: true });
  expect(wallet[0]).toMatchObject({ real: 900 });

  await sandbox(t, 'settle', { eventId, home: 0, away: 2 });
  await processSettlements(t.deps);
  await until(() => settled.length > 0);
  expect(settled).toEqual([
    {
      betId,
      status: 2,
      amount: 0,
      message: `Bet ${betId} has settled as a loss. Better luck next time!`,
    },
  ]);
  await until(() => status.length > 1);
  expect(status[1]).toEqual({ betId, status: 'lost', openBetsCount: 0, notify: true });
  await new Promise((r) => setTimeout(r, 100));
  expect(bobStatus).toEqual([]);
  expect(bobSettled).toEqual([]);
});
