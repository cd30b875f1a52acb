/**
 * ListAllPreEvents (a page of 150 football events) against /healthz on the same server, in
 * one run: requests per second of each under the same closed-loop load, and their ratio.
 * The ratio, not the absolute number, is what stays comparable across machines.
 */
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { createServer } from '../apps/server/src/server';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

let unique = 0;
async function load(target: string | (() => string)) {
  const next = typeof target === 'string' ? () => target : target;
  // Warm up the route (JIT, serializer) before measuring.
  for (let i = 0; i < 50; i++) await (await fetch(next())).arrayBuffer();
  let requests = 0;
  let bytes = 0;
  const end = performance.now() + DURATION_MS;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const res = await fetch(next());
        const body = await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${res.url} answered ${res.status}`);
        bytes = body.byteLength;
        requests++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { rps: requests / seconds, requests, bytes };
}

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  WEB_DIST: '/nonexistent-web-dist',
  FEED_MODE: 'manual',
  RATE_LIMIT_PER_MINUTE: '100000000',
});
const database = await openDatabase({ pgliteDataDir: 'memory://' });
const server = await createServer(config, { database });
await server.deps.feed.connect();
await server.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = server.app.server.address() as AddressInfo;
const base = `http://127.0.0.1:${port}`;
const listUrl = `${base}/api/uof/match/event/ListAllPreEvents?sportId=1&marketId=1&nrOfPre=150&siteid=2`;

const events = ((await (await fetch(listUrl)).json()) as { sports: { eventMin: unknown[] }[] })
  .sports[0]?.eventMin.length;
if (events !== 150) throw new Error(`expected a page of 150 events, got ${events}`);

// Rounds alternate between the routes so that noise from other work on the machine falls on
// all of them alike. "cold" makes every URL unique, so each request rebuilds the page (the
// cost right after an odds change); "cached" is a page unchanged since the last request.
const totals = { health: 0, cached: 0, cold: 0 };
let listBytes = 0;
for (let round = 0; round < ROUNDS; round++) {
  totals.health += (await load(`${base}/healthz`)).rps;
  const cached = await load(listUrl);
  totals.cached += cached.rps;
  listBytes = cached.bytes;
  totals.cold += (await load(() => `${listUrl}&timeOffset=${++unique}`)).rps;
}
await server.close();
await database.close();

const healthzRps = totals.health / ROUNDS;
const result = {
  benchmark: 'ListAllPreEvents(150) vs /healthz',
  concurrency: CONCURRENCY,
  rounds: ROUNDS,
  durationMsPerRoute: DURATION_MS,
  healthzRps: Math.round(healthzRps),
  listCachedRps: Math.round(totals.cached / ROUNDS),
  listColdRps: Math.round(totals.cold / ROUNDS),
  listBytes,
  ratioCached: Number((totals.cached / ROUNDS / healthzRps).toFixed(3)),
  ratioCold: Number((totals.cold / ROUNDS / healthzRps).toFixed(3)),
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
