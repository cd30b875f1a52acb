/**
 * Bets placed per second through the real HTTP API (`POST /api/core/betslip/PlaceBet`) on
 * PostgreSQL, with N signed-in users placing three-leg multiples concurrently, and beside it
 * pgbench's TPC-B figure on the same server in the same run. The ratio (bets per second over
 * TPC-B transactions per second) is what stays comparable across machines: a placement is one
 * HTTP request and one database transaction of a few statements more than TPC-B's.
 *
 * The users' HTTP clients run in a process of their own (`place-bet-clients.ts`), as pgbench's
 * client is a process apart from PostgreSQL: the server's process does only the server's work.
 * BENCH_CLIENTS=in-process runs them in the server's process instead (how sessions 9–12 measured).
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); each run uses its own schemas
 * and drops them. Without a reachable server the benchmark says so and skips.
 */
import { DATABASE_URL, latencySummary, pgbenchTps, reachable, settle } from './postgres-kit';
import { betLoad } from './place-bet-load';
import { fundedUsers, listeningWithPicks, reporter, withBenchServer } from './server-kit';

const USERS = Number(process.env.BENCH_USERS ?? 16);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const PGBENCH_SECONDS = Math.max(1, Math.round(DURATION_MS / 1000));
const CLIENTS = process.env.BENCH_CLIENTS === 'in-process' ? 'in-process' : 'process';
const NAME = 'PlaceBet (3-leg multiple, PostgreSQL) vs pgbench TPC-B';

const report = reporter(NAME);

async function placementRun(): Promise<Record<string, number>> {
  return withBenchServer('bench_bets', {}, async (server) => {
    const { base, picks } = await listeningWithPicks(server);

    // N users, each signed in (a session cookie) and funded from the house through the ledger.
    const { db } = server.deps;
    const cookies = (await fundedUsers(db, USERS)).map((u) => u.cookie);

    const load = await betLoad(base, picks, cookies, CLIENTS);
    // Warm up (JIT, serializers, pool) before measuring.
    await load.warm(20);
    await settle();
    const { latencies, seconds } = await load.load(DURATION_MS);
    load.close();
    const placed = await db
      .selectFrom('bets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(placed.n) !== latencies.length + 20) {
      throw new Error(`stored ${placed.n} bets for ${latencies.length + 20} answers`);
    }
    const { perSecond, p50Ms, p99Ms } = latencySummary(latencies, seconds);
    return { bets: latencies.length, betsPerSecond: perSecond, p50Ms, p99Ms };
  });
}

const unreachable = await reachable(DATABASE_URL);
if (unreachable) {
  report({ skipped: `PostgreSQL is not reachable at DATABASE_URL (${unreachable})` });
} else {
  const bets = await placementRun();
  const pgbench = await pgbenchTps(USERS, PGBENCH_SECONDS);
  report({
    users: USERS,
    clients: CLIENTS,
    durationMs: DURATION_MS,
    ...bets,
    ...('tps' in pgbench
      ? {
          pgbenchTpcbTps: Math.round(pgbench.tps),
          pgbenchClients: USERS,
          ratioBetsToTpcb: Number((bets.betsPerSecond! / pgbench.tps).toFixed(3)),
        }
      : { pgbench: pgbench.skipped }),
  });
}
