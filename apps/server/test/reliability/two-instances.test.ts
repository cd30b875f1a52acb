/**
 * Two instances (issue #19 item 5, docs/deployment.md): two real server processes on a
 * PostgreSQL and a Redis this test starts itself. A bet placed through one is in the other's
 * history; an odds change ingested by the leader reaches a socket on the follower; SIGKILLing
 * the leader hands feed ingestion to the follower within seconds, and its settlement pays the
 * bet exactly once (no ledger key used twice, the ledger check passes).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import { expect, it } from 'vitest';
import { checkLedger } from '../../src/modules/wallet/ledger.service';
import { getBalances } from '../../src/modules/wallet/wallet.service';
import { createSignedInUser } from '../helpers/factories';
import { eventually } from '../payments/payments-test-kit';
import { fundUser } from '../wallet/ledger-assertions';
import { useOwnCluster, type DauProcess } from './processes';
import { openSelections, recordFigures, type Selection } from './reliability-kit';

const sockets: Socket[] = [];
const cluster = useOwnCluster(
  {
    REDIS_PREFIX: 'two-instances:',
    FEED_MODE: 'simulator',
    FEED_ELECTION: 'always',
    FEED_ELECTION_RETRY_MS: '500',
    FEED_LIVE_TARGET: '0',
    BET_LIVE_DELAY_MS: '0',
  },
  () => {
    for (const socket of sockets) socket.disconnect();
  },
);
const { missing, instances } = cluster;

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { cookie: `authBB=${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, body: await res.text() };
}

/** The instance running the feed: only the leader's sandbox answers; a follower says 409. */
async function leaderAmong(candidates: DauProcess[]): Promise<DauProcess> {
  return eventually(async () => {
    const answers = await Promise.all(
      candidates.map((c) => post(`${c.url}/api/sandbox/feed/resume`, {}).catch(() => null)),
    );
    for (const answer of answers) {
      if (answer && answer.status !== 200) expect(answer.status, answer.body).toBe(409);
    }
    const leaders = candidates.filter((_, i) => answers[i]?.status === 200);
    return leaders.length === 1 ? leaders[0] : null;
  }, 60_000);
}

async function socketOn(url: string): Promise<Socket> {
  const socket = io(url, {
    path: '/api/events/stream',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Joins an event's room on `socket`, moves a price through the leader, waits for the push. */
async function oddsChangeReaches(socket: Socket, leader: DauProcess, leg: Selection) {
  const received: unknown[] = [];
  socket.on('oddsChange', (payload: unknown) => received.push(payload));
  const joined = new Promise((resolve) => socket.once('EventUpdated', resolve));
  socket.emit('JoinEvent', leg.eventId);
  await joined;
  const started = Date.now();
  const res = await post(`${leader.url}/api/sandbox/feed/price`, {
    eventId: leg.eventId,
    marketId: leg.marketId,
    specifier: leg.specifier,
    outcomeId: leg.outcomeId,
    odds: Math.round((leg.odds + 0.37) * 100) / 100,
  });
  expect(res.status, res.body).toBe(200);
  await eventually(
    () => received.some((p) => JSON.stringify(p).includes(String(leg.eventId))),
    15_000,
  );
  return Date.now() - started;
}

it('serves one user from both instances, fans odds out across them, and hands the feed over when the leader dies', async (ctx) => {
  if (missing) {
    ctx.skip(`two-instance test skipped: ${missing}`);
    return;
  }
  const db = cluster.database.db as unknown as Kysely<unknown>;
  const leader = await leaderAmong(instances);
  const follower = instances.find((i) => i !== leader)!;
  const selections = await eventually(async () => {
    const open = await openSelections(db);
    return open.length >= 3 ? open : null;
  }, 60_000);

  // A bet through the leader is in the follower's history, and the other way round.
  const u = await createSignedInUser(cluster.database.db);
  await fundUser(cluster.database.db, u.user.id, 1_000_00);
  const betIds: string[] = [];
  for (const [instance, { odds, ...leg }] of [
    [leader, selections[0]!],
    [follower, selections[1]!],
  ] as const) {
    const res = await post(
      `${instance.url}/api/core/betslip/PlaceBet`,
      {
        siteId: 2,
        betType: 'single',
        stake: 100,
        acceptOddsChanges: 'any',
        idempotencyKey: randomUUID(),
        selections: [{ ...leg, odds }],
      },
      u.token,
    );
    expect(res.status, res.body).toBe(200);
    betIds.push((JSON.parse(res.body) as { betId: string }).betId);
  }
  for (const [instance, betId] of [
    [follower, betIds[0]!],
    [leader, betIds[1]!],
  ] as const) {
    const res = await fetch(`${instance.url}/api/core/betslip/history?status=open`, {
      headers: { cookie: `authBB=${u.token}` },
    });
    expect(res.status).toBe(200);
    const history = (await res.json()) as { items: { betId: string }[] };
    expect(history.items.map((b) => b.betId)).toContain(betId);
  }
  expect((await getBalances(cluster.database.db, u.user.id)).cash).toBe(1_000_00 - 2 * 100_00);

  // An odds change ingested by the leader reaches a client of the follower (through Redis).
  const fanOutMs = await oddsChangeReaches(await socketOn(follower.url), leader, selections[2]!);

  // SIGKILL the leader: the follower takes the feed over within seconds.
  await leader.kill('SIGKILL');
  const killed = Date.now();
  const next = await leaderAmong([follower]);
  const handoverMs = Date.now() - killed;
  expect(next).toBe(follower);
  expect(handoverMs).toBeLessThan(30_000);

  // The new leader settles the first bet's event: the bet is paid once.
  const settledEvent = selections[0]!.eventId;
  const settle = await post(`${follower.url}/api/sandbox/feed/settle`, {
    eventId: settledEvent,
    home: 1,
    away: 0,
  });
  expect(settle.status, settle.body).toBe(200);
  await eventually(async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from bets where id = ${Number(betIds[0])} and status = 'open'`.execute(
      db,
    );
    return rows[0]!.n === 0;
  }, 60_000);
  await eventually(async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from feed_settlement_outbox where acked_at is null`.execute(db);
    return rows[0]!.n === 0;
  }, 60_000);
  const { rows: twice } = await sql<{ key: string }>`
    select idempotency_key as key from ledger_transactions
    where idempotency_key is not null group by 1 having count(*) > 1`.execute(db);
  expect(twice).toEqual([]);
  const ledger = await checkLedger(cluster.database.db);
  expect(ledger.problems).toEqual([]);

  // The new leader's odds reach its own clients too.
  const afterMs = await oddsChangeReaches(await socketOn(follower.url), follower, selections[1]!);
  expect(follower.ended(), follower.output()).toBeNull();

  recordFigures('two-instances', { fanOutMs, handoverMs, afterHandoverOddsMs: afterMs });
}, 300_000);
