/**
 * Crash test (issue #17): Dau's real server process on a PostgreSQL of its own, under a mixed
 * load of bets, deposits and settlements, SIGKILLed at random moments and restarted. Afterwards:
 * every acknowledged operation is there, nothing was applied twice (a retried bet is the same
 * bet, every deposit credited at most once), the work left pending was resumed (deposits
 * reconciled with the provider, settlements processed) and the ledger check passes.
 *
 * M-Pesa is a second Dau process's Daraja sandbox, never killed, so it remembers the payments
 * whose callbacks were lost while Dau was down: only reconciliation can find them.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';
import { checkLedger } from '../../src/modules/wallet/ledger.service';
import { DARAJA_SANDBOX_PREFIX } from '../../src/sandbox/daraja/daraja-sandbox';
import { createSignedInUser } from '../helpers/factories';
import { fundUser } from '../wallet/ledger-assertions';
import { eventually } from '../payments/payments-test-kit';
import {
  serversMissing,
  startDau,
  startPostgres,
  type DauProcess,
  type OwnPostgres,
} from './processes';
import { envNumber, openSelections, recordFigures } from './reliability-kit';

const KILLS = envNumber('CRASH_KILLS', 5);
/** Where the run is, on stderr (a stuck step shows in CI's log). */
const progress = (step: string) => process.stderr.write(`crash test: ${step}\n`);
const WORKERS = 4;
/**
 * Events settled during the run. The restarted feed rebuilds the same world, so an event settled
 * stays settled: the load must leave open events to bet on after the last restart.
 */
const SETTLEMENTS = 8;
const missing = serversMissing();

let pg: OwnPostgres | undefined;
let provider: DauProcess | undefined;
let dau: DauProcess | undefined;
let database: DatabaseHandle | undefined;

beforeAll(async () => {
  if (missing) return;
  pg = await startPostgres();
  provider = await startDau({ FEED_MODE: 'off', DARAJA_SANDBOX_DELAY_MS: '300' });
  dau = await startDau({
    DATABASE_URL: pg.url,
    DARAJA_BASE_URL: `${provider.url}${DARAJA_SANDBOX_PREFIX}`,
    PAYMENTS_CALLBACK_TOKEN: 'crash-test-callback-token',
    PAYMENTS_RECONCILE_INTERVAL_MS: '1000',
    PAYMENTS_STALE_AFTER_MS: '2000',
    PAYMENTS_DEPOSIT_EXPIRE_MS: '8000',
    FEED_MODE: 'simulator',
    FEED_LIVE_TARGET: '0',
    BET_LIVE_DELAY_MS: '0',
  });
  database = await openDatabase({ databaseUrl: pg.url, poolSize: 4 });
}, 300_000);

afterAll(async () => {
  await database?.close();
  await dau?.destroy();
  await provider?.destroy();
  await pg?.destroy();
});

interface Outcome {
  ok: boolean;
  status?: number;
  body?: string;
}

async function call(url: string, init: { cookie?: string; body?: unknown }): Promise<Outcome> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(init.cookie ? { cookie: `authBB=${init.cookie}` } : {}),
      },
      body: JSON.stringify(init.body ?? {}),
      signal: AbortSignal.timeout(15_000),
    });
    return { ok: true, status: res.status, body: await res.text() };
  } catch {
    // Killed mid-request (connection reset or refused): unknown whether it was applied.
    return { ok: false };
  }
}

it('keeps every acknowledged operation through SIGKILLs, applies nothing twice and resumes pending work', async (ctx) => {
  if (missing) {
    ctx.skip(`crash test skipped: ${missing}`);
    return;
  }
  const db = database!.db as unknown as Kysely<unknown>;
  const server = dau!;
  const users: Awaited<ReturnType<typeof createSignedInUser>>[] = [];
  for (let i = 0; i < WORKERS; i += 1) {
    const u = await createSignedInUser(database!.db);
    await fundUser(database!.db, u.user.id, 1_000_000_00);
    users.push(u);
  }
  // The sandbox feed builds a new world on every start (and cancels the old one's events, which
  // refunds their bets through the settlement outbox): the selections are read again each time.
  const enoughSelections = () =>
    eventually(async () => {
      const open = await openSelections(db);
      return open.length >= 5 ? open : null;
    }, 60_000).catch(async (error: unknown) => {
      const { rows } = await sql`
        select status, count(*)::int as n from feed_events group by 1 order by 1`.execute(db);
      throw new Error(
        `fewer than 5 open selections (events by status ${JSON.stringify(rows)}):\n${server.output()}`,
        { cause: error },
      );
    });
  let selections = await enoughSelections();

  const bets: { user: number; key: string; body: unknown; betId?: string; acked: boolean }[] = [];
  const deposits: { user: number; publicId: string }[] = [];
  const settled = new Set<number>();
  const figures = { requests: 0, failedByKill: 0, kills: 0, restartMs: [] as number[] };
  let running = true;

  // A refused connection means the server is down: wait a little instead of spinning.
  const serverDown = async () => {
    figures.failedByKill += 1;
    await new Promise((r) => setTimeout(r, 100));
  };
  const worker = async (w: number) => {
    const u = users[w]!;
    let n = 0;
    while (running) {
      n += 1;
      figures.requests += 1;
      if (n % 5 === 0) {
        const res = await call(`${server.url}/api/payments/deposit/`, {
          cookie: u.token,
          body: { PhoneNumber: u.user.phone, Amount: 10 + (n % 50), SiteId: 2 },
        });
        if (res.ok && res.status === 200) {
          deposits.push({ user: w, publicId: JSON.parse(res.body!).bbPaymentTransactionId });
        } else if (!res.ok) await serverDown();
      } else if (n % 11 === 0 && w === 0 && settled.size < SETTLEMENTS) {
        const { eventId } = selections[settled.size % selections.length]!;
        const res = await call(`${server.url}/api/sandbox/feed/settle`, {
          body: { eventId, home: 1, away: 0 },
        });
        if (res.ok && res.status === 200) settled.add(eventId);
        else if (!res.ok) await serverDown();
      } else {
        const { odds, ...leg } = selections[n % selections.length]!;
        const body = {
          siteId: 2,
          betType: 'single',
          stake: 10 + (n % 7),
          acceptOddsChanges: 'any',
          idempotencyKey: randomUUID(),
          selections: [{ ...leg, odds }],
        };
        const res = await call(`${server.url}/api/core/betslip/PlaceBet`, {
          cookie: u.token,
          body,
        });
        const bet = { user: w, key: body.idempotencyKey, body, acked: false } as (typeof bets)[0];
        if (res.ok && res.status === 200) {
          bet.acked = true;
          bet.betId = JSON.parse(res.body!).betId;
        } else if (!res.ok) await serverDown();
        else expect(res.status, res.body).toBeLessThan(500);
        bets.push(bet);
      }
    }
  };

  const load = Array.from({ length: WORKERS }, (_, w) => worker(w));
  try {
    for (let kill = 0; kill < KILLS; kill += 1) {
      await new Promise((r) => setTimeout(r, 1_000 + Math.random() * 3_000));
      progress(`kill ${kill + 1}`);
      await server.kill('SIGKILL');
      figures.kills += 1;
      const started = Date.now();
      await server.restart();
      figures.restartMs.push(Date.now() - started);
      progress(`restarted in ${Date.now() - started} ms`);
      selections = await enoughSelections();
    }
    await new Promise((r) => setTimeout(r, 1_000));
  } finally {
    running = false;
    await Promise.allSettled(load);
  }
  await Promise.all(load);
  progress('load stopped');

  // Nothing applied twice: every bet sent again with its key answers the same bet (or is
  // refused the same way), and each key has at most one bet and one stake.
  const sendAgain = async (bet: (typeof bets)[number]) => {
    const res = await call(`${server.url}/api/core/betslip/PlaceBet`, {
      cookie: users[bet.user]!.token,
      body: bet.body,
    });
    expect(res.ok).toBe(true);
    expect(res.status, res.body).toBeLessThan(500);
    if (bet.acked) {
      expect(res.status, res.body).toBe(200);
      expect(JSON.parse(res.body!).betId).toBe(bet.betId);
    }
  };
  // One sender per user, as the load ran.
  await Promise.all(
    users.map(async (_, w) => {
      for (const bet of bets.filter((b) => b.user === w)) await sendAgain(bet);
    }),
  );
  progress(`${bets.length} bets sent again`);
  const { rows: twice } = await sql<{ key: string; n: number }>`
    select idempotency_key as key, count(*)::int as n from ledger_transactions
    where idempotency_key is not null group by 1 having count(*) > 1`.execute(db);
  expect(twice).toEqual([]);
  const { rows: betRows } = await sql<{ id: number; key: string }>`
    select id, idempotency_key as key from bets`.execute(db);
  const stored = new Map(betRows.map((b) => [b.key, String(b.id)]));
  // Durable: every acknowledged bet and deposit is stored.
  for (const bet of bets.filter((b) => b.acked)) expect(stored.get(bet.key)).toBe(bet.betId);
  const { rows: paymentRows } = await sql<{ public_id: string }>`
    select public_id from payments where direction = 'deposit'`.execute(db);
  const storedDeposits = new Set(paymentRows.map((p) => p.public_id));
  for (const d of deposits) expect(storedDeposits.has(d.publicId)).toBe(true);

  // Pending work resumed: deposits whose callbacks were lost are reconciled with M-Pesa, and
  // every settlement the feed sent is processed.
  await eventually(async () => {
    const { rows } = await sql<{ n: number }>`
      select (select count(*)::int from payments where status = 'pending')
           + (select count(*)::int from feed_settlement_outbox where acked_at is null) as n`.execute(
      db,
    );
    return rows[0]!.n === 0;
  }, 120_000);
  progress('pending work done');
  const { rows: completed } = await sql<{ n: number }>`
    select count(*)::int as n from payments where direction = 'deposit' and status = 'completed'`.execute(
    db,
  );
  const { rows: credited } = await sql<{ n: number }>`
    select count(*)::int as n from ledger_transactions where kind = 'deposit'`.execute(db);
  expect(credited[0]!.n).toBe(completed[0]!.n);
  const { rows: openOnSettled } = await sql<{ n: number }>`
    select count(*)::int as n from bets b join bet_selections s on s.bet_id = b.id
    where b.status = 'open' and s.event_id in (${sql.join([...settled, 0])})`.execute(db);
  expect(openOnSettled[0]!.n).toBe(0);

  const ledger = await checkLedger(database!.db);
  expect(ledger.problems).toEqual([]);
  recordFigures('crash', {
    ...figures,
    bets: bets.length,
    betsAcknowledged: bets.filter((b) => b.acked).length,
    deposits: deposits.length,
    depositsCompleted: completed[0]!.n,
    settledEvents: settled.size,
    ledgerTransactions: ledger.transactions,
  });
}, 600_000);
