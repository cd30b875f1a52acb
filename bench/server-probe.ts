/**
 * A probe preloaded into a bench's server process (`node --import tsx --import <this file>`;
 * crash-round with BENCH_CRASH_PROBE=1): it measures, inside the server and without touching its
 * code, what a request waits for — the event loop's delay (1 s windows), how long `pg` pool
 * checkouts wait for a free client and how many wait at once (in all and per pool, ADR 187), and
 * every statement's count and time (sent → answer read, so it includes the loop's delay to read
 * the answer). SIGUSR2 writes what was gathered since the last SIGUSR2 to BENCH_PROBE_FILE (JSON)
 * and starts again.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type PgModule from 'pg';

// The server's own `pg` (the one its Kysely dialect uses), not a copy.
const require = createRequire(path.join(process.cwd(), 'apps/server/package.json'));
const pg = require('pg') as typeof PgModule;

const file = process.env.BENCH_PROBE_FILE ?? '/tmp/dau-server-probe.json';
const RESOLUTION_MS = 5;
// The histogram counts the time between its own ticks: the delay is what exceeds the tick.
const late = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 100) / 100);

interface Gathered {
  since: number;
  loop: { p50: number; p99: number; max: number }[];
  checkouts: number[];
  waitingMax: number;
  /** The same per pool, by its `application_name` (the main pool and the priority pool). */
  byPool: Map<string, { checkouts: number[]; waitingMax: number }>;
  statements: Map<string, { count: number; ms: number; times: number[] }>;
  /** Request arrived (the server's 'request' event) → response finished, by method and path. */
  requests: Map<string, number[]>;
}
const fresh = (): Gathered => ({
  since: Date.now(),
  loop: [],
  checkouts: [],
  waitingMax: 0,
  byPool: new Map(),
  statements: new Map(),
  requests: new Map(),
});
let gathered = fresh();

const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();
type ProbedPool = { waitingCount: number; options?: { application_name?: string } };
const pools = new Set<ProbedPool>();
const poolName = (pool: ProbedPool) => pool.options?.application_name ?? '(unnamed)';
const ofPool = (g: Gathered, pool: ProbedPool) => {
  const name = poolName(pool);
  let entry = g.byPool.get(name);
  if (!entry) {
    entry = { checkouts: [], waitingMax: 0 };
    g.byPool.set(name, entry);
  }
  return entry;
};
setInterval(() => {
  gathered.loop.push({
    p50: late(histogram.percentile(50)),
    p99: late(histogram.percentile(99)),
    max: late(histogram.max),
  });
  histogram.reset();
}, 1000).unref();
setInterval(() => {
  for (const pool of pools) {
    gathered.waitingMax = Math.max(gathered.waitingMax, pool.waitingCount);
    const entry = ofPool(gathered, pool);
    entry.waitingMax = Math.max(entry.waitingMax, pool.waitingCount);
  }
}, 20).unref();

const poolProto = pg.Pool.prototype as unknown as {
  connect: (...args: unknown[]) => unknown;
  waitingCount: number;
};
const connect = poolProto.connect;
poolProto.connect = function (this: ProbedPool, ...args: unknown[]) {
  pools.add(this);
  const began = performance.now();
  const into = gathered;
  const got = connect.apply(this, args) as Promise<unknown> | undefined;
  void got
    ?.then(() => {
      const took = performance.now() - began;
      into.checkouts.push(took);
      ofPool(into, this).checkouts.push(took);
    })
    .catch(() => undefined);
  return got;
};

const clientProto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const query = clientProto.query;
clientProto.query = function (this: unknown, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  const text = (typeof first === 'string' ? first : (first?.text ?? '?'))
    .replace(/\s+/g, ' ')
    .slice(0, 100);
  const began = performance.now();
  const result = query.apply(this, args);
  const into = gathered;
  const done = () => {
    const entry = into.statements.get(text) ?? { count: 0, ms: 0, times: [] };
    into.statements.set(text, entry);
    const took = performance.now() - began;
    entry.count += 1;
    entry.ms += took;
    entry.times.push(took);
  };
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    void (result as Promise<unknown>).then(done, done);
  }
  return result;
};

const serverEmit = http.Server.prototype.emit as (...args: unknown[]) => boolean;
http.Server.prototype.emit = function (this: http.Server, ...args: unknown[]) {
  if (args[0] === 'request') {
    const req = args[1] as http.IncomingMessage;
    const res = args[2] as http.ServerResponse;
    const began = performance.now();
    const key = `${req.method} ${(req.url ?? '').split('?')[0]}`;
    const into = gathered;
    res.once('finish', () => {
      const list = into.requests.get(key) ?? [];
      into.requests.set(key, list);
      list.push(performance.now() - began);
    });
  }
  return serverEmit.apply(this, args);
} as typeof http.Server.prototype.emit;

const pct = (sorted: number[], p: number) =>
  sorted.length ? Math.round((sorted[Math.ceil((p / 100) * sorted.length) - 1] ?? 0) * 10) / 10 : 0;

process.on('SIGUSR2', () => {
  const g = gathered;
  gathered = fresh();
  const checkouts = [...g.checkouts].sort((a, b) => a - b);
  const loopP99 = g.loop.map((w) => w.p99).sort((a, b) => a - b);
  const statements = [...g.statements.entries()]
    .map(([sql, s]) => {
      const times = [...s.times].sort((a, b) => a - b);
      return {
        sql,
        count: s.count,
        meanMs: Math.round((s.ms / s.count) * 10) / 10,
        p99Ms: pct(times, 99),
      };
    })
    .sort((a, b) => b.count - a.count);
  writeFileSync(
    file,
    JSON.stringify({
      seconds: (Date.now() - g.since) / 1000,
      loopDelayMs: {
        windowP99Median: pct(loopP99, 50),
        windowP99Max: pct(loopP99, 100),
        max: Math.max(0, ...g.loop.map((w) => w.max)),
        windows: g.loop,
      },
      poolCheckoutMs: {
        count: checkouts.length,
        p50: pct(checkouts, 50),
        p99: pct(checkouts, 99),
        max: pct(checkouts, 100),
      },
      poolWaitingMax: g.waitingMax,
      byPool: Object.fromEntries(
        [...g.byPool.entries()].map(([name, p]) => {
          const sorted = [...p.checkouts].sort((a, b) => a - b);
          return [
            name,
            {
              checkouts: sorted.length,
              p50: pct(sorted, 50),
              p99: pct(sorted, 99),
              max: pct(sorted, 100),
              waitingMax: p.waitingMax,
            },
          ];
        }),
      ),
      requestsMs: Object.fromEntries(
        [...g.requests.entries()].map(([key, list]) => {
          const sorted = [...list].sort((a, b) => a - b);
          return [key, { count: list.length, p50: pct(sorted, 50), p99: pct(sorted, 99) }];
        }),
      ),
      statements,
    }),
  );
});
