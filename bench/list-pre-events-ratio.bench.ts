/**
 * ListAllPreEvents (a page of 150 football events) against /healthz on the same server, in
 * one run: requests per second of each under the same closed-loop load, and their ratio.
 * The ratio, not the absolute number, is what stays comparable across machines.
 *
 * "cached": a page unchanged since the last request. "moving": the same page while the feed
 * changes a price of one of its events BENCH_CHANGES_PER_S times a second (issue #19 item 3:
 * lists that stay fast while odds move), so nearly every request follows an odds change.
 */
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { cloneEvent, marketKey } from '../apps/server/src/modules/feed/read-model';
import { createServer } from '../apps/server/src/server';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const CHANGES_PER_S = Number(process.env.BENCH_CHANGES_PER_S ?? 200);

async function load(url: string) {
  // Warm up the route (JIT, serializer) before measuring.
  for (let i = 0; i < 50; i++) await (await fetch(url)).arrayBuffer();
  let requests = 0;
  let bytes = 0;
  const end = performance.now() + DURATION_MS;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const res = await fetch(url);
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

const page = (await (await fetch(listUrl)).json()) as {
  sports: { eventMin: { id?: number; eventId?: number }[] }[];
};
const pageEvents = page.sports[0]?.eventMin ?? [];
if (pageEvents.length !== 150)
  throw new Error(`expected a page of 150 events, got ${pageEvents.length}`);
const eventIds = pageEvents.map((e) => Number(e.id ?? e.eventId));
if (eventIds.some((id) => !Number.isSafeInteger(id))) throw new Error('events without an id');

const model = server.deps.feed.model;
/**
 * Moves the home-win price of the page's events round-robin, CHANGES_PER_S times a second, the
 * way ingestion commits a change to the read model: the event replaced by a changed copy and
 * the version bumped. (Ingestion's own cost — the database write of each change — is left out:
 * on PGlite it runs in this process and would measure the database, not the list.)
 */
async function whileOddsMove<T>(work: () => Promise<T>): Promise<{ result: T; perS: number }> {
  let changes = 0;
  let running = true;
  const started = performance.now();
  const mover = (async () => {
    while (running) {
      const eventId = eventIds[changes % eventIds.length] as number;
      const event = model.events.get(eventId);
      if (!event) throw new Error(`event ${eventId} left the model`);
      const next = cloneEvent(event);
      const outcome = next.markets.get(marketKey(1, ''))?.outcomes[0];
      if (!outcome) throw new Error(`event ${eventId} has no 1X2 price`);
      outcome.odds = 150 + ((changes * 7) % 300);
      model.events.set(eventId, next);
      model.version++;
      changes += 1;
      const due = started + (changes * 1000) / CHANGES_PER_S;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  const result = await work();
  running = false;
  await mover;
  return { result, perS: (changes * 1000) / (performance.now() - started) };
}

// Rounds alternate between the routes so that noise from other work on the machine falls on
// all of them alike.
const totals = { health: 0, cached: 0, moving: 0, changesPerS: 0 };
let listBytes = 0;
for (let round = 0; round < ROUNDS; round++) {
  totals.health += (await load(`${base}/healthz`)).rps;
  const cached = await load(listUrl);
  totals.cached += cached.rps;
  listBytes = cached.bytes;
  const moving = await whileOddsMove(() => load(listUrl));
  totals.moving += moving.result.rps;
  totals.changesPerS += moving.perS;
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
  listWhileOddsMoveRps: Math.round(totals.moving / ROUNDS),
  oddsChangesPerS: Math.round(totals.changesPerS / ROUNDS),
  listBytes,
  ratioCached: Number((totals.cached / ROUNDS / healthzRps).toFixed(3)),
  ratioWhileOddsMove: Number((totals.moving / ROUNDS / healthzRps).toFixed(3)),
  goals: 'cached ≥ 0.5; while odds move ≥ 0.3',
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
