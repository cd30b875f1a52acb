/**
 * Odds fan-out (issue #19 item 4): BENCH_FANOUT_CLIENTS Socket.IO clients (1,000; 10,000 for the
 * goal) in BENCH_FANOUT_PROCESSES child processes (4), each in the room of one pre-match event
 * (the event page; a BENCH_FANOUT_SPORT_SHARE of them in the sport's room instead, the live
 * list), while the feed moves BENCH_ODDS_PER_SECOND prices a second (200) through ingestion for
 * BENCH_DURATION_MS (20 s). Reports the delivered fraction — each (client, change) counts when
 * that price or a later one of the market reached the client — the time from the change entering
 * ingestion to its receipt (p50, p99; one clock, the machine's, in every process; how long it
 * waited in the simulator's queue before is reported apart), and the server's CPU (share of one
 * core over the run) and RSS.
 *
 * The server runs in this process on the PostgreSQL of DATABASE_URL (a schema of its own,
 * dropped after; skipped when unreachable); the feed's driver (a `setPrice` per change and the
 * table of when) runs here too and is counted in the CPU. Goals: 10,000 clients, p99 ≤ 200 ms,
 * 100 % delivered, RSS < 1 GB.
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ClientsResult, FanoutRoom, ParentMessage } from './odds-fanout-clients';
import { benchChild, type BenchChild } from './child-kit';
import { watchBatches } from './odds-fanout-batches';
import { DATABASE_URL, percentile, reachable, tenth } from './postgres-kit';
import { openPicks, reporter, withBenchServer } from './server-kit';

const CLIENTS = Number(process.env.BENCH_FANOUT_CLIENTS ?? 1_000);
const PROCESSES = Number(process.env.BENCH_FANOUT_PROCESSES ?? 4);
const SPORT_SHARE = Number(process.env.BENCH_FANOUT_SPORT_SHARE ?? 0);
const CHANGES_PER_SECOND = Number(process.env.BENCH_ODDS_PER_SECOND ?? 200);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 20_000);
/** Changes handed to the feed and not yet committed, at most (the feed's own queue). */
const IN_FLIGHT = 64;
const NAME = 'Odds change → client fan-out (PostgreSQL, one instance)';

const report = reporter(NAME);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const clock = () => performance.timeOrigin + performance.now();

type MarketWire = { uid: string; m: { id: number; o: number }[] };
/** The 1x2 home price of a pushed market, in hundredths (what the clients note). */
const homeOf = (market: MarketWire) => {
  const odds = market.uid === '1' ? market.m.find((o) => o.id === 1)?.o : undefined;
  return odds === undefined ? undefined : Math.round(odds * 100);
};

/** The flushes' spread: count, wall time and slices (p50, p99, max). */
function flushSummary(flushes: { wallMs: number; slices: number; longestSliceMs: number }[]) {
  if (flushes.length === 0) return { count: 0 };
  const of = (key: 'wallMs' | 'slices' | 'longestSliceMs') => {
    const values = flushes.map((f) => f[key]).sort((a, b) => a - b);
    return {
      p50: tenth(percentile(values, 50)),
      p99: tenth(percentile(values, 99)),
      max: tenth(values.at(-1)!),
    };
  };
  return {
    count: flushes.length,
    wallMs: of('wallMs'),
    slices: of('slices'),
    longestSliceMs: of('longestSliceMs'),
  };
}

const clientProcess = () => benchChild('odds-fanout-clients.ts', 'a client process');

async function fanoutRun(): Promise<Record<string, unknown>> {
  return withBenchServer(
    'bench_fanout',
    { SOCKET_MAX_CONNECTIONS_PER_IP: '1000000' },
    async (server) => {
      const procs: BenchChild[] = [];
      try {
        const { feed } = server.deps;
        // When each tracked price enters ingestion (the provider calls `handle` once per
        // message, after the simulator's own queue): the start of the measured latency.
        const entered = new Map<string, number>();
        let tracking = false;
        const ingestion = feed.ingestion as { handle: typeof feed.ingestion.handle };
        const handle = ingestion.handle;
        ingestion.handle = (message) => {
          if (tracking && message.type === 'odds_change') {
            const home = message.markets
              .find((m) => m.marketId === 1 && m.specifier === '')
              ?.outcomes.find((o) => o.outcomeId === 1)?.odds;
            if (home !== undefined) entered.set(`${message.eventId}:${home}`, clock());
          }
          return handle(message);
        };
        // Where the time goes (ADR 233): when each tracked price was committed (the publisher
        // hears it) and when its push left (the coalesced flush; its slice, ADR 194).
        const committed = new Map<string, number>();
        const flushed = new Map<string, number>();
        const publisher = feed.publisher as unknown as {
          eventChanged: typeof feed.publisher.eventChanged;
          flush: () => void;
          pending: Map<string, { payload: { eventId: number; market: MarketWire } }>;
        };
        const eventChanged = publisher.eventChanged.bind(publisher);
        publisher.eventChanged = (change) => {
          if (tracking) {
            const home = change.event.markets.get('1')?.outcomes.find((o) => o.outcomeId === 1);
            if (home) committed.set(`${change.event.id}:${home.odds}`, clock());
          }
          eventChanged(change);
        };
        // Each flush (ADR 194): how long from its start to its last write, its slices and the
        // longest slice (one write to the sockets, holding the loop).
        const flushes: { wallMs: number; slices: number; longestSliceMs: number }[] = [];
        const slicer = publisher as unknown as {
          write?: (...args: unknown[]) => void;
          rest: unknown;
        };
        const write = slicer.write?.bind(publisher);
        let current: { at: number; slices: number; longestSliceMs: number } | null = null;
        if (write) {
          slicer.write = (...args: unknown[]) => {
            const before = tracking ? new Map(publisher.pending) : null;
            const began = clock();
            current ??= { at: began, slices: 0, longestSliceMs: 0 };
            write(...args);
            // The prices this slice sent: pending before it, gone (or replaced) after.
            for (const [key, push] of before ?? []) {
              if (publisher.pending.get(key) === push) continue;
              const home = homeOf(push.payload.market);
              if (home !== undefined) flushed.set(`${push.payload.eventId}:${home}`, began);
            }
            current.slices += 1;
            current.longestSliceMs = Math.max(current.longestSliceMs, clock() - began);
            if (!slicer.rest) {
              if (tracking) flushes.push({ ...current, wallMs: clock() - current.at });
              current = null;
            }
          };
        }
        const sliced = write !== undefined;
        const flush = publisher.flush.bind(publisher);
        publisher.flush = () => {
          if (tracking && !sliced) {
            const at = clock();
            for (const { payload } of publisher.pending.values()) {
              const home = homeOf(payload.market);
              if (home !== undefined) flushed.set(`${payload.eventId}:${home}`, at);
            }
          }
          const began = clock();
          const size = publisher.pending.size;
          flush();
          // A flush written at once (before ADR 194): one slice.
          if (tracking && !sliced && size > 0) {
            const ms = clock() - began;
            flushes.push({ wallMs: ms, slices: 1, longestSliceMs: ms });
          }
        };
        const batchWatch = watchBatches(feed.ingestion, clock);
        const loopDelay = monitorEventLoopDelay({ resolution: 10 });
        await feed.connect();
        const sim = feed.simulator;
        if (!sim) throw new Error('no simulator');
        await server.app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = server.app.server.address() as AddressInfo;
        const base = `http://127.0.0.1:${port}`;
        const picks = (await openPicks(base)).filter((p) => p.odds >= 1.3 && p.odds <= 20);
        if (picks.length < 10) throw new Error(`only ${picks.length} open pre-match events`);
        const sportOf: Record<string, number> = {};
        for (const p of picks) sportOf[p.eventId] = feed.model.events.get(p.eventId)!.sportId;

        // Rooms: client k watches event k mod E, or (the first share of them) the sport.
        const sportClients = Math.round(CLIENTS * SPORT_SHARE);
        const rooms: FanoutRoom[] = Array.from({ length: CLIENTS }, (_, k) =>
          k < sportClients
            ? { kind: 'sport', id: sportOf[picks[0]!.eventId]! }
            : { kind: 'event', id: picks[k % picks.length]!.eventId },
        );
        for (let i = 0; i < PROCESSES; i++) procs.push(clientProcess());
        await Promise.all(procs.map((p) => p.next('started')));
        const connectStarted = clock();
        procs.forEach((p, i) =>
          p.child.send({
            type: 'connect',
            base,
            rooms: rooms.filter((_, k) => k % PROCESSES === i),
            batch: 100,
          } satisfies ParentMessage),
        );
        const connected = (await Promise.all(procs.map((p) => p.next('ready')))).reduce(
          (sum, m) => sum + Number(m.connected),
          0,
        );
        const connectSeconds = (clock() - connectStarted) / 1000;
        await sleep(1000);

        // The run: prices walk up a hundredth per change, round-robin over the events.
        const price = new Map(picks.map((p) => [p.eventId, Math.round(p.odds * 100)]));
        const changes: Record<string, [number, number][]> = {};
        const rssAtStart = process.memoryUsage().rss;
        let rssMax = rssAtStart;
        const sampler = setInterval(() => {
          rssMax = Math.max(rssMax, process.memoryUsage().rss);
        }, 250);
        const cpuBefore = process.cpuUsage();
        loopDelay.enable();
        tracking = true;
        batchWatch.start();
        const started = clock();
        let sent = 0;
        let inFlight = 0;
        let failed = 0;
        while (clock() - started < DURATION_MS) {
          const due = Math.floor(((clock() - started) / 1000) * CHANGES_PER_SECOND);
          while (sent < due && inFlight < IN_FLIGHT) {
            const { eventId } = picks[sent % picks.length]!;
            const next = price.get(eventId)! + 1;
            price.set(eventId, next);
            (changes[eventId] ??= []).push([next, clock()]);
            inFlight += 1;
            sent += 1;
            sim
              .setPrice(eventId, 1, '', 1, next)
              .catch(() => (failed += 1))
              .finally(() => (inFlight -= 1));
          }
          await sleep(2);
        }
        const feedSeconds = (clock() - started) / 1000;
        await sim.idle();
        const drainedSeconds = (clock() - started) / 1000;
        await sleep(2000);
        const cpu = process.cpuUsage(cpuBefore);
        loopDelay.disable();
        const seconds = (clock() - started) / 1000;
        clearInterval(sampler);
        rssMax = Math.max(rssMax, process.memoryUsage().rss);

        // Latency counts from ingestion; how long changes waited in the feed's queue before it
        // is reported apart (the driver hands them over at the rate asked).
        const queued: number[] = [];
        for (const [eventId, list] of Object.entries(changes)) {
          for (const change of list) {
            const at = entered.get(`${eventId}:${change[0]}`);
            if (at === undefined) continue;
            queued.push(at - change[1]);
            change[1] = at;
          }
        }
        queued.sort((a, b) => a - b);
        const stage = (from: Map<string, number>, to: Map<string, number>) => {
          const spans: number[] = [];
          for (const [key, at] of to) {
            const start = from.get(key);
            if (start !== undefined) spans.push(at - start);
          }
          return spans.sort((a, b) => a - b);
        };
        const toCommit = stage(entered, committed);
        const batchTimes = batchWatch.report(entered, committed, started);
        const toFlush = stage(committed, flushed);
        for (const p of procs)
          p.child.send({ type: 'collect', changes, sportOf } satisfies ParentMessage);
        const results = (await Promise.all(
          procs.map((p) => p.next('result')),
        )) as unknown as ClientsResult[];
        const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
        const sum = (key: 'expected' | 'delivered' | 'pushes' | 'disconnects' | 'reconnects') =>
          results.reduce((s, r) => s + r[key], 0);
        const expected = sum('expected');
        const delivered = sum('delivered');
        return {
          clients: CLIENTS,
          connected,
          connectSeconds: tenth(connectSeconds),
          processes: PROCESSES,
          sportRoomClients: sportClients,
          events: picks.length,
          oddsChanges: sent,
          oddsChangesPerSecond: Math.round(sent / feedSeconds),
          ingestedChanges: entered.size,
          feedQueueP50Ms: tenth(percentile(queued, 50)),
          feedQueueP99Ms: tenth(percentile(queued, 99)),
          failedChanges: failed,
          feedDrainedAfterSeconds: tenth(drainedSeconds),
          pushesReceived: sum('pushes'),
          expectedDeliveries: expected,
          delivered,
          deliveredFraction:
            expected === 0 ? 0 : Math.round((delivered / expected) * 10000) / 10000,
          p50Ms: tenth(percentile(latencies, 50)),
          p99Ms: tenth(percentile(latencies, 99)),
          maxMs: tenth(latencies.at(-1) ?? 0),
          ingestToCommitP50Ms: tenth(percentile(toCommit, 50)),
          ingestToCommitP99Ms: tenth(percentile(toCommit, 99)),
          ingestToCommitMaxMs: tenth(toCommit.at(-1) ?? 0),
          commitToFlushP50Ms: tenth(percentile(toFlush, 50)),
          commitToFlushP99Ms: tenth(percentile(toFlush, 99)),
          serverLoopDelayP50Ms: tenth(loopDelay.percentile(50) / 1e6),
          serverLoopDelayP99Ms: tenth(loopDelay.percentile(99) / 1e6),
          serverLoopDelayMaxMs: tenth(loopDelay.max / 1e6),
          disconnects: sum('disconnects'),
          reconnects: sum('reconnects'),
          serverCpuShareOfOneCore:
            Math.round(((cpu.user + cpu.system) / 1e6 / seconds) * 100) / 100,
          serverRssMbAtStart: Math.round(rssAtStart / 2 ** 20),
          serverRssMbMax: Math.round(rssMax / 2 ** 20),
          coalescingGapMsAtEnd: tenth(feed.publisher.currentGapMs()),
          flushes: flushSummary(flushes),
          ingestionBatches: batchTimes,
          goal: '10,000 clients: p99 ≤ 200 ms, 100 % delivered, RSS < 1 GB',
        };
      } finally {
        for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGTERM');
      }
    },
  );
}

const unreachable = await reachable(DATABASE_URL);
if (unreachable) {
  report({ skipped: `PostgreSQL is not reachable at DATABASE_URL (${unreachable})` });
} else {
  report(await fanoutRun());
}
