import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROULETTE_PATHS, type RouletteRound } from '@dau/contracts/casino/roulette';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import { hashServerSeed } from '@dau/domain/games/fairness';
import { roulettePocket, settleRouletteBet } from '@dau/domain/games/roulette';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectLedgerBalanced } from '../wallet/ledger-assertions';
import { CASINO_ENV, cashOf, player } from './casino-kit';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

// Short rounds so a test sees several: 1.5 s betting, 0.3 s spin, 0.2 s result.
let t: TestApp;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  t = await createTestApp({
    ...CASINO_ENV,
    ROULETTE_MODE: 'run',
    ROULETTE_BETTING_MS: '1500',
    ROULETTE_SPIN_MS: '300',
    ROULETTE_RESULT_MS: '200',
  });
  await t.listen();
});
afterEach(async () => {
  await expectLedgerBalanced(t.deps.db);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const G = '/api/games';

async function connect(cookie?: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(t.url, {
    transports: ['websocket'],
    forceNew: true,
    ...(cookie ? { extraHeaders: { cookie: `authBB=${cookie}` } } : {}),
  });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return socket;
}

function nextRound(
  socket: ClientSocket,
  test: (r: RouletteRound) => boolean,
): Promise<RouletteRound> {
  return new Promise((resolve) => {
    const on = (round: RouletteRound) => {
      if (!test(round)) return;
      socket.off('RouletteRound', on);
      resolve(round);
    };
    socket.on('RouletteRound', on);
  });
}

describe('Roulette: shared live RNG rounds', () => {
  it('two players see the same round, their bets are paid by the pocket the revealed seed gives', async () => {
    const a = await player(t, 500_00);
    const b = await player(t, 500_00);
    const onA = await connect(a.token);
    const onB = await connect(b.token);
    const firstA = nextRound(onA, (r) => r.phase === 'betting');
    const firstB = nextRound(onB, (r) => r.phase === 'betting');
    onA.emit('JoinRoulette');
    onB.emit('JoinRoulette');
    let [roundA, roundB] = await Promise.all([firstA, firstB]);
    // Joined late in a round? take the next one, with time to bet.
    if (new Date(roundA.bettingClosesAt).getTime() - Date.now() < 800) {
      [roundA, roundB] = await Promise.all([
        nextRound(onA, (r) => r.phase === 'betting' && r.roundId > roundA.roundId),
        nextRound(onB, (r) => r.phase === 'betting' && r.roundId > roundA.roundId),
      ]);
    }
    expect(roundB.roundId).toBe(roundA.roundId);
    expect(roundA).toMatchObject({ pocket: null, serverSeed: null, clientSeed: 'roulette' });
    const roundId = roundA.roundId;

    const cashA = await cashOf(t, a.user.id);
    const cashB = await cashOf(t, b.user.id);
    const betA = await t.app.inject({
      method: 'POST',
      url: `${G}${ROULETTE_PATHS.bets}`,
      cookies: a.cookies,
      payload: {
        roundId,
        bets: [
          { kind: 'red', numbers: [], stake: 10 },
          { kind: 'straight', numbers: [17], stake: 10 },
        ],
      },
    });
    expect(betA.statusCode, betA.body).toBe(200);
    expect(betA.json().totalStake).toBe(20);
    expect(await cashOf(t, a.user.id)).toBe(cashA - 2000);
    const betB = await t.app.inject({
      method: 'POST',
      url: `${G}${ROULETTE_PATHS.bets}`,
      cookies: b.cookies,
      payload: { roundId, bets: [{ kind: 'dozen', numbers: [2], stake: 15 }] },
    });
    expect(betB.statusCode, betB.body).toBe(200);

    const resultA = new Promise<{ win: number; pocket: number }>((resolve) =>
      onA.once('RouletteResult', resolve),
    );
    const [settledA, settledB] = await Promise.all([
      nextRound(onA, (r) => r.roundId === roundId && r.phase === 'settled'),
      nextRound(onB, (r) => r.roundId === roundId && r.phase === 'settled'),
    ]);
    expect(settledB.pocket).toBe(settledA.pocket);
    expect(settledA.serverSeed).not.toBeNull();
    const serverSeed = settledA.serverSeed as string;
    expect(hashServerSeed(serverSeed)).toBe(roundA.serverSeedHash);
    const pocket = roulettePocket({ serverSeed, clientSeed: 'roulette', nonce: roundId });
    expect(settledA.pocket).toBe(pocket);

    const winA =
      ((settleRouletteBet('red', [], pocket) + settleRouletteBet('straight', [17], pocket)) *
        1000) /
      10_000;
    const winB = (settleRouletteBet('dozen', [2], pocket) * 1500) / 10_000;
    expect((await resultA).win).toBe(winA / 100);
    expect(await cashOf(t, a.user.id)).toBe(cashA - 2000 + winA);
    expect(await cashOf(t, b.user.id)).toBe(cashB - 1500 + winB);
    const mine = await t.app.inject({
      method: 'GET',
      url: `${G}${ROULETTE_PATHS.myBets}?roundId=${roundId}`,
      cookies: a.cookies,
    });
    expect(
      mine
        .json()
        .bets.map((x: { win: number }) => x.win)
        .reduce((s: number, w: number) => s + w, 0),
    ).toBe(winA / 100);

    // The settled round is public and verifiable.
    const fetched = await t.app.inject({
      method: 'GET',
      url: `${G}${ROULETTE_PATHS.round(roundId)}`,
    });
    expect(fetched.json()).toMatchObject({ roundId, pocket, serverSeed });
    const recent = await t.app.inject({
      method: 'GET',
      url: `${G}${ROULETTE_PATHS.recent}?count=5`,
    });
    expect(recent.json().rounds.map((r: RouletteRound) => r.roundId)).toContain(roundId);

    // Betting on the finished round is refused, and moves nothing.
    const late = await t.app.inject({
      method: 'POST',
      url: `${G}${ROULETTE_PATHS.bets}`,
      cookies: a.cookies,
      payload: { roundId, bets: [{ kind: 'black', numbers: [], stake: 10 }] },
    });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('ROUND_CLOSED');
    expect(await cashOf(t, a.user.id)).toBe(cashA - 2000 + winA);
  });

  it('refuses bad bets with a clear 4xx and no balance change', async () => {
    const p = await player(t, 50_00);
    const cash = await cashOf(t, p.user.id);
    const current = (
      await t.app.inject({ method: 'GET', url: `${G}${ROULETTE_PATHS.current}` })
    ).json();
    const cases: [unknown, number][] = [
      [{ roundId: current.roundId, bets: [{ kind: 'split', numbers: [1, 9], stake: 10 }] }, 400],
      [{ roundId: current.roundId, bets: [{ kind: 'straight', numbers: [37], stake: 10 }] }, 400],
      [{ roundId: current.roundId, bets: [{ kind: 'red', numbers: [1], stake: 10 }] }, 400],
      [{ roundId: current.roundId, bets: [{ kind: 'wheel', numbers: [], stake: 10 }] }, 400],
      [{ roundId: current.roundId, bets: [{ kind: 'red', numbers: [], stake: 1 }] }, 400],
      [{ roundId: current.roundId, bets: [] }, 400],
      [{ roundId: 999_999, bets: [{ kind: 'red', numbers: [], stake: 10 }] }, 404],
    ];
    for (const [payload, status] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${G}${ROULETTE_PATHS.bets}`,
        cookies: p.cookies,
        payload: payload as Record<string, unknown>,
      });
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(status);
      expect(res.json().hasErrors).toBe(true);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `${G}/roulette/rounds/999999` })).statusCode,
    ).toBe(404);
    const guest = await t.app.inject({
      method: 'POST',
      url: `${G}${ROULETTE_PATHS.bets}`,
      payload: { roundId: current.roundId, bets: [{ kind: 'red', numbers: [], stake: 10 }] },
    });
    expect(guest.statusCode).toBe(401);
    expect(await cashOf(t, p.user.id)).toBe(cash);
  });
});
