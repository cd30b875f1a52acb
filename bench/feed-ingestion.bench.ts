/**
 * Feed ingestion alone (issue #19 item 4, ADR 232): how many odds changes a second ingestion
 * absorbs — database write, read model, pushes queued — with no client connected, on PostgreSQL
 * (DATABASE_URL, a schema of its own) and on PGlite (in this process). The driver hands
 * BENCH_INGEST_CHANGES (2,000) price changes to the simulator, round-robin over the open
 * pre-match events, keeping BENCH_INGEST_IN_FLIGHT (256) not yet committed, and times them until
 * the last is committed. Goal: well above the 200 changes a second the fan-out bench asks.
 */
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { marketKey } from '../apps/server/src/modules/feed/read-model';
import { createServer } from '../apps/server/src/server';
import { DATABASE_URL, reachable, tenth } from './postgres-kit';
import { withBenchServer, type BenchServer } from './server-kit';

const CHANGES = Number(process.env.BENCH_INGEST_CHANGES ?? 2_000);
const IN_FLIGHT = Number(process.env.BENCH_INGEST_IN_FLIGHT ?? 256);

async function absorb(server: BenchServer): Promise<Record<string, number>> {
  const { feed } = server.deps;
  await feed.connect();
  const sim = feed.simulator;
  if (!sim) throw new Error('no simulator');
  const events = [...feed.model.events.values()].filter(
    (e) => e.status === 0 && e.markets.get(marketKey(1, ''))?.status === 1,
  );
  if (events.length < 10) throw new Error(`only ${events.length} open pre-match events`);
  const price = new Map(
    events.map((e) => [
      e.id,
      e.markets.get(marketKey(1, ''))!.outcomes.find((o) => o.outcomeId === 1)!.odds,
    ]),
  );
  let sent = 0;
  let failed = 0;
  let inFlight = 0;
  let wake: (() => void) | null = null;
  const started = performance.now();
  while (sent < CHANGES) {
    if (inFlight >= IN_FLIGHT) {
      await new Promise<void>((resolve) => (wake = resolve));
      continue;
    }
    const event = events[sent % events.length]!;
    const next = price.get(event.id)! + 1;
    price.set(event.id, next);
    sent += 1;
    inFlight += 1;
    sim
      .setPrice(event.id, 1, '', 1, next)
      .catch(() => (failed += 1))
      .finally(() => {
        inFlight -= 1;
        wake?.();
        wake = null;
      });
  }
  await sim.idle();
  const seconds = (performance.now() - started) / 1000;
  return {
    changes: sent,
    events: events.length,
    failed,
    seconds: tenth(seconds),
    changesPerSecond: Math.round(sent / seconds),
  };
}

const quiet = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  WEB_DIST: '/nonexistent-web-dist',
  FEED_MODE: 'manual',
};

async function onPglite(): Promise<Record<string, number>> {
  const database = await openDatabase({});
  const server = await createServer(loadConfig(quiet), { database });
  try {
    return await absorb(server);
  } finally {
    await server.close();
    await database.close();
  }
}

const result: Record<string, unknown> = { inFlight: IN_FLIGHT };
const unreachable = await reachable(DATABASE_URL);
result.postgres = unreachable
  ? { skipped: `PostgreSQL is not reachable at DATABASE_URL (${unreachable})` }
  : await withBenchServer('bench_ingest', {}, absorb);
result.pglite = await onPglite();
process.stdout.write(
  `${JSON.stringify({ benchmark: 'Feed ingestion, odds changes absorbed per second', ...result, goal: '≥ 200 changes/s with room to spare' }, null, 2)}\n`,
);
