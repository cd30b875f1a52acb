import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BetSettlementPush } from '@dau/contracts/betting/realtime-payloads';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import type {
  VirtualBetPlacedPush,
  VirtualCurrent,
  VirtualHistoryResponse,
  VirtualMatchday,
  VirtualPlaceBetResponse,
} from '@dau/contracts/virtuals/virtuals';
import { hashServerSeed } from '@dau/domain/games/fairness';
import { outcomeWon } from '@dau/domain/virtuals/markets';
import { simulateMatchday } from '@dau/domain/virtuals/simulation';
import { MatchdaysService } from '../../src/modules/virtuals/matchdays.service';
import { VirtualBetsService, virtualRound } from '../../src/modules/virtuals/virtual-bets.service';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectLedgerBalanced } from '../wallet/ledger-assertions';
import { CASINO_ENV, casinoOf, cashOf, player } from '../casino/casino-kit';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const CYCLE_MS = 20_000;
const PLAY_MS = 6_000;
let clock = Date.now();
let t: TestApp;
const sockets: ClientSocket[] = [];

/** One instance's matchday loop over the test app's database (tests call `tick` themselves). */
function instance() {
  const casino = casinoOf(t);
  const deps = { ...t.deps, now: () => new Date(clock) };
  const bets = new VirtualBetsService(deps, casino.wallet);
  return new MatchdaysService(deps, bets, { cycleMs: CYCLE_MS, playMs: PLAY_MS });
}

beforeAll(async () => {
  t = await createTestApp(
    { ...CASINO_ENV, VIRTUALS_CYCLE_MS: String(CYCLE_MS), VIRTUALS_PLAY_MS: String(PLAY_MS) },
    { now: () => new Date(clock) },
  );
  await t.listen();
});
afterEach(async () => {
  await expectLedgerBalanced(t.deps.db);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function connect(cookie: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(t.url, {
    transports: ['websocket'],
    forceNew: true,
    extraHeaders: { cookie: `authBB=${cookie}` },
  });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return socket;
}

function collect<E extends 'VirtualBetPlaced' | 'BetSettlement_v2' | 'VirtualMatchday'>(
  socket: ClientSocket,
  event: E,
) {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event as 'VirtualBetPlaced', ((payload: never) => seen.push(payload)) as never);
  return seen;
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function current(): Promise<VirtualCurrent> {
  const res = await fetch(`${t.url}/api/games/virtuals/current`);
  expect(res.status).toBe(200);
  return (await res.json()) as VirtualCurrent;
}

function pick(md: VirtualMatchday, matchIndex: number, market: string, outcome: string) {
  const odds = md.matches[matchIndex]?.markets
    .find((m) => m.key === market)
    ?.outcomes.find((o) => o.key === outcome)?.odds;
  if (!odds) throw new Error(`no price for ${market}/${outcome}`);
  return { matchIndex, market, outcome, odds };
}

async function place(cookie: string, body: unknown) {
  const res = await fetch(`${t.url}/api/core/betslip/virtual/PlaceBet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `authBB=${cookie}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('virtual football over HTTP and Socket.IO', () => {
  let matchday: VirtualMatchday;
  let bettor: Awaited<ReturnType<typeof player>>;
  let placed: VirtualPlaceBetResponse;
  const pushes: { placed: VirtualBetPlacedPush[]; settled: BetSettlementPush[] } = {
    placed: [],
    settled: [],
  };

  it('opens a matchday with fixtures, prices and the hash of its seed, and no result', async () => {
    expect((await fetch(`${t.url}/api/games/virtuals/current`)).status).toBe(404);
    await instance().tick();
    const now = await current();
    matchday = now.open;
    expect(now.live).toBeNull();
    expect(matchday).toMatchObject({
      matchdayId: 1,
      season: 1,
      round: 1,
      phase: 'open',
      serverSeed: null,
    });
    expect(matchday.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(matchday.matches).toHaveLength(6);
    expect(matchday.matches.every((m) => m.result === null && m.events === null)).toBe(true);
    expect(matchday.matches[0]?.markets.map((m) => m.key)).toEqual([
      '1x2',
      'dc',
      'ou25',
      'btts',
      'cs',
    ]);
  });

  it('places a multiple before kick-off: the exact stake debited, VirtualBetPlaced pushed, in history', async () => {
    bettor = await player(t, 1_000_00);
    const socket = await connect(bettor.token);
    pushes.placed = collect(socket, 'VirtualBetPlaced');
    pushes.settled = collect(socket, 'BetSettlement_v2');
    const legs = [
      pick(matchday, 0, '1x2', '1'),
      pick(matchday, 1, 'ou25', 'over'),
      pick(matchday, 2, 'btts', 'yes'),
    ];
    const res = await place(bettor.token, {
      matchdayId: matchday.matchdayId,
      betType: 'multiple',
      stake: 12.5,
      selections: legs,
    });
    expect(res.status).toBe(200);
    placed = res.body as unknown as VirtualPlaceBetResponse;
    expect(placed.bets).toHaveLength(1);
    const bet = placed.bets[0];
    const product = legs.reduce((p, l) => p * l.odds, 1);
    expect(bet).toMatchObject({ betType: 'multiple', status: 'open', stake: 12.5 });
    expect(bet?.potentialWin).toBe(Math.floor(1250 * product + 1e-6) / 100);
    expect(placed.balance).toBe(987.5);
    expect(await cashOf(t, bettor.user.id)).toBe(987_50);
    await until(() => pushes.placed.length === 1);
    expect(pushes.placed[0]).toMatchObject({ betId: bet?.betId, matchdayId: 1, stake: 12.5 });

    const singles = await place(bettor.token, {
      matchdayId: matchday.matchdayId,
      betType: 'single',
      selections: [
        { ...pick(matchday, 3, 'cs', '1:1'), stake: 10 },
        { ...pick(matchday, 4, 'dc', '1X'), stake: 20 },
      ],
    });
    expect(singles.status).toBe(200);
    expect((singles.body as unknown as VirtualPlaceBetResponse).bets.map((b) => b.betType)).toEqual(
      ['single', 'single'],
    );
    expect(await cashOf(t, bettor.user.id)).toBe(957_50);
    await until(() => pushes.placed.length === 3);

    const history = await fetch(`${t.url}/api/core/betslip/virtual/history`, {
      headers: { cookie: `authBB=${bettor.token}` },
    });
    const list = (await history.json()) as VirtualHistoryResponse;
    expect(list.totalCount).toBe(3);
    expect(list.items.every((b) => b.status === 'open')).toBe(true);
    expect(list.items.at(-1)?.legs.map((l) => l.eventName)).toHaveLength(3);
  });

  it('refuses bad virtual bets with a clear 4xx and leaves the balance alone', async () => {
    const before = await cashOf(t, bettor.user.id);
    const md = matchday.matchdayId;
    const good = pick(matchday, 0, '1x2', 'X');
    const cases: [unknown, number, string][] = [
      [
        { matchdayId: 999, betType: 'single', stake: 10, selections: [good] },
        404,
        'UNKNOWN_MATCHDAY',
      ],
      [
        { matchdayId: md, betType: 'single', stake: 10, selections: [{ ...good, matchIndex: 9 }] },
        404,
        'UNKNOWN_MATCH',
      ],
      [
        { matchdayId: md, betType: 'single', stake: 10, selections: [{ ...good, outcome: '7' }] },
        400,
        'UNKNOWN_OUTCOME',
      ],
      [
        {
          matchdayId: md,
          betType: 'single',
          stake: 10,
          selections: [{ ...good, odds: good.odds + 0.5 }],
        },
        409,
        'ODDS_CHANGED',
      ],
      [
        {
          matchdayId: md,
          betType: 'multiple',
          stake: 10,
          selections: [good, pick(matchday, 0, 'ou25', 'over')],
        },
        400,
        'ONE_PER_MATCH',
      ],
      [
        { matchdayId: md, betType: 'single', stake: 10_000_000, selections: [good] },
        400,
        'STAKE_OUT_OF_LIMITS',
      ],
      [{ matchdayId: md, betType: 'single', stake: 10.001, selections: [good] }, 400, 'BAD_STAKE'],
      [{ matchdayId: md, betType: 'single', selections: [good] }, 400, 'BAD_STAKE'],
      [{ matchdayId: md, betType: 'single', stake: 10, selections: [] }, 400, ''],
      [{ matchdayId: 'x', betType: 'single', stake: 10, selections: [good] }, 400, ''],
    ];
    for (const [body, status, code] of cases) {
      const res = await place(bettor.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.hasErrors).toBe(true);
      if (code) expect(JSON.stringify(res.body)).toContain(code);
    }
    // Singles are all or nothing: the second stake does not fit, so neither is taken.
    const poor = await player(t, 15_00);
    const res = await place(poor.token, {
      matchdayId: md,
      betType: 'single',
      selections: [
        { ...good, stake: 10 },
        { ...pick(matchday, 1, '1x2', '2'), stake: 10 },
      ],
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await cashOf(t, poor.user.id)).toBe(15_00);
    // Not signed in.
    const anon = await fetch(`${t.url}/api/core/betslip/virtual/PlaceBet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ matchdayId: md, betType: 'single', stake: 10, selections: [good] }),
    });
    expect(anon.status).toBe(401);
    expect(await cashOf(t, bettor.user.id)).toBe(before);
  });

  it('refuses a bet once the clock passes kick-off, even before the leader moves on', async () => {
    const before = await cashOf(t, bettor.user.id);
    clock = new Date(matchday.kickoffAt).getTime();
    const res = await place(bettor.token, {
      matchdayId: matchday.matchdayId,
      betType: 'single',
      stake: 10,
      selections: [pick(matchday, 5, '1x2', '1')],
    });
    expect(res.status).toBe(409);
    expect(JSON.stringify(res.body)).toContain('KICKED_OFF');
    expect(await cashOf(t, bettor.user.id)).toBe(before);

    await instance().tick();
    const now = await current();
    expect(now.live).toMatchObject({ matchdayId: 1, phase: 'playing', serverSeed: null });
    expect(now.live?.matches.every((m) => m.result !== null && m.events !== null)).toBe(true);
    expect(now.open.matchdayId).toBe(2);
    expect(new Date(now.open.kickoffAt).getTime()).toBe(
      new Date(matchday.kickoffAt).getTime() + CYCLE_MS,
    );
    const late = await place(bettor.token, {
      matchdayId: 1,
      betType: 'single',
      stake: 10,
      selections: [pick(matchday, 5, '1x2', '1')],
    });
    expect(late.status).toBe(409);
    expect(await cashOf(t, bettor.user.id)).toBe(before);
  });

  it('settles at full time exactly once even when two instances (or a dead leader and its successor) both try', async () => {
    const before = await cashOf(t, bettor.user.id);
    clock = new Date(matchday.fullTimeAt).getTime();
    // The old leader credited the multiple and died before recording it; then two instances tick.
    const multiple = placed.bets[0];
    const live = (await current()).live as VirtualMatchday;
    const score = (i: number) =>
      [live.matches[i]?.result?.homeGoals ?? 0, live.matches[i]?.result?.awayGoals ?? 0] as const;
    const multipleWon = (multiple?.legs ?? []).every((l) =>
      outcomeWon(l.market, l.outcome, ...score(l.matchIndex)),
    );
    await casinoOf(t).wallet.credit({
      userId: bettor.user.id,
      gameSlug: 'virtual-football',
      roundId: virtualRound(Number(multiple?.betId)),
      transactionId: `${virtualRound(Number(multiple?.betId))}:settle`,
      amount: multipleWon ? Math.round((multiple?.potentialWin ?? 0) * 100) : 0,
      roundClosed: true,
    });
    await Promise.all([instance().tick(), instance().tick()]);
    await instance().tick();

    const history = (await (
      await fetch(`${t.url}/api/core/betslip/virtual/history`, {
        headers: { cookie: `authBB=${bettor.token}` },
      })
    ).json()) as VirtualHistoryResponse;
    expect(history.items.every((b) => b.status === 'won' || b.status === 'lost')).toBe(true);
    const expected = history.items.reduce((sum, b) => {
      const won = b.legs.every((l) => outcomeWon(l.market, l.outcome, ...score(l.matchIndex)));
      expect(b.status).toBe(won ? 'won' : 'lost');
      expect(b.payout).toBe(won ? b.potentialWin : 0);
      expect(b.legs.every((l) => l.score !== null && l.result !== 'open')).toBe(true);
      return sum + (won ? Math.round(b.potentialWin * 100) : 0);
    }, 0);
    expect(await cashOf(t, bettor.user.id)).toBe(before + expected);

    // One settlement message per bet, in the spec's words.
    await until(() => pushes.settled.length >= 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(pushes.settled).toHaveLength(3);
    expect(new Set(pushes.settled.map((p) => p.betId)).size).toBe(3);
    for (const p of pushes.settled) {
      const bet = history.items.find((b) => b.betId === p.betId);
      if (bet?.status === 'won') {
        expect(p.status).toBe(1);
        expect(p.message).toMatch(
          new RegExp(`^Bet ${p.betId} has settled\\. You won KSh [\\d,.]+!$`),
        );
      } else {
        expect(p.status).toBe(2);
        expect(p.message).toBe(`Bet ${p.betId} has settled as a loss. Better luck next time!`);
      }
    }
  });

  it('reveals the seed at full time; the matchday replays identically from it', async () => {
    const res = await fetch(`${t.url}/api/games/virtuals/matchdays/1`);
    const settled = (await res.json()) as VirtualMatchday;
    expect(settled.phase).toBe('settled');
    expect(settled.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(hashServerSeed(settled.serverSeed as string)).toBe(matchday.serverSeedHash);
    const replay = simulateMatchday(settled.serverSeed as string, 1);
    expect(settled.matches.map((m) => ({ result: m.result, events: m.events }))).toEqual(
      replay.map((m) => ({
        result: { homeGoals: m.homeGoals, awayGoals: m.awayGoals },
        events: m.events,
      })),
    );
    const table = (await (await fetch(`${t.url}/api/games/virtuals/table`)).json()) as {
      rows: { played: number; points: number }[];
      results: { matchdayId: number }[];
    };
    expect(table.rows.every((r) => r.played === 1)).toBe(true);
    expect(table.rows.reduce((s, r) => s + r.points, 0)).toBeGreaterThanOrEqual(12);
    expect(table.results.map((r) => r.matchdayId)).toEqual([1]);
    expect((await fetch(`${t.url}/api/games/virtuals/matchdays/77`)).status).toBe(404);
  });

  it('sends the matchdays to sockets that join the virtuals room', async () => {
    const socket = await connect(bettor.token);
    const seen = collect(socket, 'VirtualMatchday');
    socket.emit('JoinVirtuals');
    await until(() => seen.length === 2);
    expect(seen.map((m) => m.phase)).toEqual(['settled', 'open']);
    clock = new Date(seen[1]?.kickoffAt ?? 0).getTime();
    await instance().tick();
    await until(() => seen.some((m) => m.matchdayId === 2 && m.phase === 'playing'));
    await until(() => seen.some((m) => m.matchdayId === 3 && m.phase === 'open'));
  });
});
