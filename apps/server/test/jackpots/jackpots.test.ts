import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JackpotRound, SportsJackpotPrizesPush } from '@dau/contracts/jackpots/jackpots';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import type { Cents } from '@dau/domain/money';
import { jackpotWithholding, ticketExcise } from '@dau/domain/sports-jackpot';
import { SPEC_TAX_POLICY } from '@dau/domain/tax-policy';
import { JACKPOT_PRIZES_PUSH_MS } from '../../src/modules/jackpots/jackpot-prizes';
import { JackpotSettlementService } from '../../src/modules/jackpots/jackpot-settlement.service';
import { planRounds } from '../../src/modules/jackpots/round-planner';
import type { TestApp } from '../helpers/test-app';
import { bettingApp, fundedUser, systemBalance, userBalance } from '../betting/betting-kit';
import { expectLedgerBalanced } from '../wallet/ledger-assertions';

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const sockets: ClientSocket[] = [];
/** KSh 1,000.01 for three right: shared by three lines it leaves two odd cents. */
const TEMPLATES = [
  {
    key: 'mega',
    name: 'Mega Jackpot',
    siteId: 2,
    matchCount: 17,
    stakePerLine: 9_900,
    days: ALL_DAYS,
    leadMs: 0,
    tiers: [
      { hits: 17, guaranteed: 10_000_000_000, shareBps: 0 },
      { hits: 16, guaranteed: 100_000_000, shareBps: 1_000 },
      { hits: 15, guaranteed: 10_000_000, shareBps: 500 },
    ],
  },
  {
    key: 'mini',
    name: 'Mini Jackpot',
    siteId: 2,
    matchCount: 3,
    stakePerLine: 9_900,
    days: ALL_DAYS,
    leadMs: 0,
    tiers: [
      { hits: 3, guaranteed: 100_001, shareBps: 0 },
      { hits: 2, guaranteed: 1_000, shareBps: 0 },
    ],
  },
];

let t: TestApp;
let rounds: JackpotRound[] = [];
const round = (name: string) => {
  const found = rounds.find((r) => r.name === name);
  if (!found) throw new Error(`no ${name} round`);
  return found;
};

beforeAll(async () => {
  t = await bettingApp({
    FEED_FIXTURES_PER_TOURNAMENT: '4',
    JACKPOT_TEMPLATES: JSON.stringify(TEMPLATES),
  });
  const created = await planRounds(t.deps.db, t.deps.config.jackpots.templates, t.deps.now());
  expect(created).toHaveLength(2);
  const res = await t.app.inject({ method: 'GET', url: '/api/jackpots' });
  expect(res.statusCode, res.body).toBe(200);
  rounds = res.json().rounds;
  await t.listen();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});
afterEach(async () => {
  await expectLedgerBalanced(t.deps.db);
});

const buy = (cookies: { authBB: string }, id: number | string, lines: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/jackpots/${id}/tickets`, cookies, payload: { lines } });
const line = (n: number, pick = '1') => Array.from({ length: n }, () => pick);
const code = (body: string) => JSON.parse(body).datasource_entries[0].value;

describe('rounds by configuration', () => {
  it('opens a 17-match and a 3-match round from the feed, closing at the first kick-off', async () => {
    const mega = round('Mega Jackpot');
    expect(mega.matchCount).toBe(17);
    expect(mega.matches).toHaveLength(17);
    expect(mega.stakePerLine).toBe(99);
    expect(mega.tiers.map((x) => x.hits)).toEqual([17, 16, 15]);
    expect(mega.jackpot).toBe(100_000_000);
    const kickoffs = mega.matches.map((m) => Date.parse(m.kickoffAt));
    expect(Date.parse(mega.closesAt)).toBe(Math.min(...kickoffs));
    expect(new Set(mega.matches.map((m) => m.eventId)).size).toBe(17);
    // A second planning run opens nothing while both are open.
    expect(await planRounds(t.deps.db, t.deps.config.jackpots.templates, t.deps.now())).toEqual([]);
    const one = await t.app.inject({ method: 'GET', url: `/api/jackpots/${mega.id}` });
    expect(one.json().matches).toHaveLength(17);
  });
});

describe('buying a ticket', () => {
  it('charges lines × stake through the ledger, excise to tax, the rest into the pool', async () => {
    const u = await fundedUser(t, 1_000_00);
    const mega = round('Mega Jackpot');
    const pool = await systemBalance(t, 'sports_jackpot_pool');
    const tax = await systemBalance(t, 'tax_payable');
    const res = await buy(u.cookies, mega.id, [line(17, '1'), [...line(16, '1'), 'X']]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.ticket.price).toBe(198);
    expect(body.ticket.lineCount).toBe(2);
    expect(body.balance).toBe(802);
    const { excise, net } = ticketExcise(19_800 as Cents, SPEC_TAX_POLICY);
    expect(await userBalance(t, u.user.id)).toBe(1_000_00 - 19_800);
    expect((await systemBalance(t, 'sports_jackpot_pool')) - pool).toBe(net);
    expect((await systemBalance(t, 'tax_payable')) - tax).toBe(excise);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/jackpots/tickets',
      cookies: u.cookies,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items).toHaveLength(1);
    expect(mine.json().items[0].lines[1].picks[16]).toBe('X');
  });

  it('buys once for a repeated purchase key, and again for a new one', async () => {
    const u = await fundedUser(t, 1_000_00);
    const mega = round('Mega Jackpot');
    const send = (idempotencyKey: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/jackpots/${mega.id}/tickets`,
        cookies: u.cookies,
        payload: { lines: [line(17, '2')], idempotencyKey },
      });
    const first = await send('retry-key-0001');
    expect(first.statusCode, first.body).toBe(200);
    const again = await send('retry-key-0001');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().ticket.ticketId).toBe(first.json().ticket.ticketId);
    expect(again.json().balance).toBe(901);
    expect(await userBalance(t, u.user.id)).toBe(1_000_00 - 9_900);
    const other = await send('retry-key-0002');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().ticket.ticketId).not.toBe(first.json().ticket.ticketId);
    const bad = await send('short');
    expect(bad.statusCode).toBe(400);
    expect(await userBalance(t, u.user.id)).toBe(1_000_00 - 2 * 9_900);
    await expectLedgerBalanced(t.deps.db);
  });

  it('pages My tickets on the server, newest first, with the total', async () => {
    const u = await fundedUser(t, 1_000_00);
    const mega = round('Mega Jackpot');
    const ids: string[] = [];
    for (const pick of ['1', 'X', '2']) {
      const res = await buy(u.cookies, mega.id, [line(17, pick)]);
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().ticket.ticketId);
    }
    const page = async (n: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/jackpots/tickets?page=${n}&pageSize=2`,
        cookies: u.cookies,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const first = await page(1);
    expect(first).toMatchObject({ page: 1, pageSize: 2, totalCount: 3 });
    expect(first.items.map((x: { ticketId: string }) => x.ticketId)).toEqual([ids[2], ids[1]]);
    const second = await page(2);
    expect(second.items.map((x: { ticketId: string }) => x.ticketId)).toEqual([ids[0]]);
    expect((await page(3)).items).toEqual([]);
    const tooBig = await t.app.inject({
      method: 'GET',
      url: '/api/jackpots/tickets?pageSize=51',
      cookies: u.cookies,
    });
    expect(tooBig.statusCode).toBe(400);
  });

  it('pushes the round’s prizes to the sports jackpots room after a ticket sells (ADR 221)', async () => {
    const connect = async () => {
      const socket: ClientSocket = io(t.url, { transports: ['websocket'], forceNew: true });
      sockets.push(socket);
      await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
      const got: SportsJackpotPrizesPush[] = [];
      socket.on('SportsJackpotPrizes', (push) => got.push(push));
      return { socket, got };
    };
    // Earlier tests' sales are pushed first (at most JACKPOT_PRIZES_PUSH_MS later).
    await new Promise((r) => setTimeout(r, JACKPOT_PRIZES_PUSH_MS + 200));
    const watching = await connect();
    const away = await connect();
    watching.socket.emit('JoinSportsJackpots');
    away.socket.emit('JoinSportsJackpots');
    away.socket.emit('LeaveSportsJackpots');
    await new Promise((r) => setTimeout(r, 100));
    const u = await fundedUser(t, 1_000_00);
    const mega = round('Mega Jackpot');
    expect((await buy(u.cookies, mega.id, [line(17, 'X')])).statusCode).toBe(200);
    for (let i = 0; i < 100 && watching.got.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 30));
    }
    const now = (await t.app.inject({ method: 'GET', url: `/api/jackpots/${mega.id}` })).json();
    expect(watching.got).toEqual([
      {
        roundId: mega.id,
        jackpot: now.jackpot,
        tiers: now.tiers.map((x: { hits: number; prize: number }) => ({
          hits: x.hits,
          prize: x.prize,
        })),
      },
    ]);
    expect(away.got).toEqual([]);
  });

  it('refuses bad tickets with a clear 4xx and charges nothing', async () => {
    const u = await fundedUser(t, 1_000_00);
    const mega = round('Mega Jackpot');
    const cases: [unknown, number | string, number, string][] = [
      [[line(17)], 999_999, 404, 'JACKPOT_NOT_FOUND'],
      [[line(16)], mega.id, 400, 'MISSING_PICK'],
      [[[...line(8), null, ...line(8)]], mega.id, 400, 'MISSING_PICK'],
      [[line(17), line(17)], mega.id, 400, 'DUPLICATE_LINE'],
      [[], mega.id, 400, 'NO_LINES'],
    ];
    for (const [lines, id, status, expected] of cases) {
      const res = await buy(u.cookies, id, lines);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().hasErrors).toBe(true);
      expect(code(res.body)).toBe(expected);
    }
    const bad = await buy(u.cookies, mega.id, [[...line(16), 'Y']]);
    expect(bad.statusCode).toBe(400);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/jackpots/${mega.id}/tickets`,
      payload: { lines: [line(17)] },
    });
    expect(anon.statusCode).toBe(401);
    expect(await userBalance(t, u.user.id)).toBe(1_000_00);
  });

  it('never overspends under concurrent purchases', async () => {
    const u = await fundedUser(t, 3 * 9_900 + 500);
    const mega = round('Mega Jackpot');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => {
        const picks = line(17, '2');
        picks[i] = 'X';
        return buy(u.cookies, mega.id, [picks]);
      }),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(3);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(code(a.body)).toBe('INSUFFICIENT_FUNDS');
    }
    expect(await userBalance(t, u.user.id)).toBe(500);
  });
});

describe('settlement', () => {
  it('pays three winning lines of an odd prize exactly, once, with the spec message', async () => {
    const mini = round('Mini Jackpot');
    const users = [await fundedUser(t), await fundedUser(t), await fundedUser(t)];
    const loser = await fundedUser(t);
    const winning = ['1', 'X', '2'];
    for (const u of users) expect((await buy(u.cookies, mini.id, [winning])).statusCode).toBe(200);
    // Two right (tier 2, KSh 10.00 for one line) and none right.
    const two = await buy(loser.cookies, mini.id, [
      ['1', 'X', '1'],
      ['2', '1', '1'],
    ]);
    expect(two.statusCode, two.body).toBe(200);

    // Results come from the feed's settlement of the matches.
    const sim = t.deps.feed.simulator;
    if (!sim) throw new Error('no simulator');
    const scores = [
      { home: 2, away: 0 },
      { home: 1, away: 1 },
      { home: 0, away: 3 },
    ];
    for (const [i, m] of mini.matches.entries()) await sim.settleNow(m.eventId, scores[i]);
    const service = new JackpotSettlementService(t.deps);
    // Not past its close yet: nothing settles.
    expect(await service.tick()).toEqual({ settled: [], voided: [] });
    await t.deps.db
      .updateTable('sports_jackpot_rounds')
      .set({ closes_at: new Date(t.deps.now().getTime() - 1000) })
      .where('id', '=', mini.id)
      .execute();
    const before = await Promise.all(users.map((u) => userBalance(t, u.user.id)));
    const pushes = vi.spyOn(t.deps.realtime, 'toUser');
    const [first, second] = await Promise.all([service.tick(), service.tick()]);
    expect([...(first?.settled ?? []), ...(second?.settled ?? [])]).toEqual([mini.id]);
    expect(await service.tick()).toEqual({ settled: [], voided: [] });

    // 100,001 cents among 3 lines: 33,334, 33,334 and 33,333 in purchase order.
    const net = ticketExcise(9_900 as Cents, SPEC_TAX_POLICY).net;
    const paid = [33_334, 33_334, 33_333].map(
      (gross) => gross - jackpotWithholding(gross as Cents, net, SPEC_TAX_POLICY),
    );
    const after = await Promise.all(users.map((u) => userBalance(t, u.user.id)));
    expect(after.map((a, i) => a - (before[i] ?? 0))).toEqual(paid);

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/jackpots/tickets',
      cookies: users[0]?.cookies,
    });
    const ticket = mine.json().items[0];
    expect(ticket.status).toBe('won');
    expect(ticket.gross).toBe(333.34);
    expect(ticket.lines[0].hits).toBe(3);
    const lost = await t.app.inject({
      method: 'GET',
      url: '/api/jackpots/tickets',
      cookies: loser.cookies,
    });
    expect(lost.json().items[0].lines.map((l: { hits: number }) => l.hits)).toEqual([2, 0]);
    expect(lost.json().items[0].gross).toBe(10);

    const results = await t.app.inject({ method: 'GET', url: '/api/jackpots/results' });
    const settled = results.json().rounds.find((r: JackpotRound) => r.id === mini.id);
    expect(settled.status).toBe('settled');
    expect(settled.matches.map((m: { result: string }) => m.result)).toEqual(winning);
    expect(settled.tiers).toEqual([
      { hits: 3, prize: 1000.01, winners: 3, share: 333.33 },
      { hits: 2, prize: 10, winners: 1, share: 10 },
    ]);
    const settlementPush = pushes.mock.calls.find(
      ([userId, event]) => userId === users[2]?.user.id && event === 'BetSettlement_v2',
    );
    const net3 = (paid[2] ?? 0) / 100;
    expect(settlementPush?.[2]).toMatchObject({ status: 1, amount: net3 });
    expect(String((settlementPush?.[2] as { message: string }).message)).toMatch(
      /^Bet JP\d+ has settled\. You won KSh [\d,.]+!$/,
    );
    const lostPush = pushes.mock.calls.find(
      ([userId, event]) => userId === loser.user.id && event === 'BetSettlement_v2',
    );
    expect(lostPush?.[2]).toMatchObject({ status: 1 });
    pushes.mockRestore();

    // After its close (and settlement) the round sells nothing.
    const late = await buy(users[0]?.cookies ?? { authBB: '' }, mini.id, [['2', '2', '2']]);
    expect(late.statusCode).toBe(409);
    expect(code(late.body)).toBe('JACKPOT_CLOSED');

    const winMessages = await t.deps.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'jackpot_win')
      .execute();
    expect(winMessages).toHaveLength(4);
  });
});
