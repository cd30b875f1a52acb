/**
 * High Flyer under a crowd (issue #14 item 3): one server instance (its own process, PostgreSQL
 * at DATABASE_URL in a database of its own, dropped after) plays the rounds with the default
 * 5 s betting window; N simulated players in separate processes (crash-round-players.ts, each
 * driving many Socket.IO connections and keep-alive HTTP) bet KSh 10 every round and cash out by
 * hand at 1.10–3.00×. Reported per N: cash-out acknowledgement p50/p99 (request sent → answer),
 * the delivered fraction of `CrashRound` pushes (3 per round per player: betting, flying,
 * crashed, for the rounds opened after the players were ready), bet p50/p99, the server's CPU
 * (share of one core) and resident memory, and the ledger check after the run.
 * Goals: cash-out ack p99 ≤ 50 ms at 1,000 players; every push delivered.
 *
 * BENCH_CRASH_PLAYERS (default "1000,5000"), BENCH_CRASH_ROUNDS (rounds measured, default 5),
 * BENCH_CRASH_MAX_MS (stop after this long even if fewer rounds ended, default 240000),
 * BENCH_CRASH_PER_PROCESS (players' sockets per process, default 2500), BENCH_CRASH_HANDS
 * (`apart`, the default: every player's bets and cash-outs from one process of their own, apart
 * from the processes holding the sockets, as each player's phone reads only its own pushes;
 * `with-sockets`: each player's requests from the process holding its socket, as until
 * session 15). A short run:
 * `BENCH_CRASH_PLAYERS=200 BENCH_CRASH_ROUNDS=2 npm run bench -w @dau/bench -- crash-round`.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../apps/server/src/db/database';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger.service';
import type { PlayersResult, PlayersStart } from './crash-round-players';
import { benchChild, type BenchChild } from './child-kit';
import { admin, DATABASE_URL, percentile, reachable, tenth } from './postgres-kit';
import { fundedUsers, reporter } from './server-kit';

const SIZES = (process.env.BENCH_CRASH_PLAYERS ?? '1000,5000')
  .split(',')
  .map((n) => Number(n.trim()))
  .filter((n) => n > 0);
const ROUNDS = Number(process.env.BENCH_CRASH_ROUNDS ?? 5);
const MAX_MS = Number(process.env.BENCH_CRASH_MAX_MS ?? 240_000);
const PER_PROCESS = Number(process.env.BENCH_CRASH_PER_PROCESS ?? 2_500);
const HANDS_APART = (process.env.BENCH_CRASH_HANDS ?? 'apart') !== 'with-sockets';
/** server-probe.ts preloaded into the server: its event loop, pool waits and statements. */
const PROBE = process.env.BENCH_CRASH_PROBE === '1';
const NAME = 'High Flyer rounds with N players betting and cashing out (one instance, PostgreSQL)';
const repoRoot = path.resolve(import.meta.dirname, '..');

const report = reporter(NAME);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server: the build when there is one (`npm run bench` builds first), else the source. */
async function startServer(databaseUrl: string) {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dau-bench-crash-'));
  const built = path.join(repoRoot, 'apps/server/dist/main.js');
  const probeFile = path.join(dataDir, 'probe.json');
  const probe = PROBE
    ? [
        '--import',
        'tsx',
        '--import',
        pathToFileURL(path.join(import.meta.dirname, 'server-probe.ts')).href,
      ]
    : [];
  const args = existsSync(built)
    ? [...probe, built]
    : [...(probe.length ? probe : ['--import', 'tsx']), 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent-web-dist',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      FEED_MODE: 'off',
      RATE_LIMIT_PER_MINUTE: '100000000',
      SOCKET_MAX_CONNECTIONS_PER_IP: '1000000',
      CRASH_MODE: 'run',
      CRASH_CHAIN_LENGTH: '10000',
      BENCH_PROBE_FILE: probeFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on(
    'data',
    (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)),
  );
  child.stderr?.on(
    'data',
    (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    const res = await fetch(`${url}/healthz`).catch(() => null);
    if (res?.ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await sleep(250);
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    /** What the probe gathered since the last call (null without BENCH_CRASH_PROBE). */
    async probe(): Promise<Record<string, unknown> | null> {
      if (!PROBE) return null;
      const before = await fs
        .stat(probeFile)
        .then((s) => s.mtimeMs)
        .catch(() => 0);
      child.kill('SIGUSR2');
      // The server writes it when its event loop gets to the signal: wait for the new file.
      for (let i = 0; i < 200; i++) {
        await sleep(100);
        const at = await fs
          .stat(probeFile)
          .then((s) => s.mtimeMs)
          .catch(() => 0);
        if (at !== before) break;
      }
      await sleep(100);
      return JSON.parse(await fs.readFile(probeFile, 'utf8')) as Record<string, unknown>;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(10_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds (user + system) of a process, from /proc. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime) are 12 and 13 after the command; 100 ticks a second.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Busy and total CPU ticks of the whole machine (all cores), from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  // idle and iowait
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

/** CPU seconds of every PostgreSQL process on the machine (the bench's backends among them). */
function postgresSeconds(): number {
  let sum = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      sum += cpuSeconds(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const playerProcess = () => benchChild('crash-round-players.ts', 'a player process');

async function run(players: number): Promise<Record<string, unknown>> {
  const dbName = `bench_crash_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database ${dbName}`));
  const url = new URL(DATABASE_URL);
  url.pathname = `/${dbName}`;
  const server = await startServer(url.toString());
  const database = await openDatabase({
    databaseUrl: url.toString(),
    poolSize: 10,
    priorityPoolSize: 0,
  });
  const procs: BenchChild[] = [];
  try {
    const { db } = database;
    // Funded, signed-in users (four writers at once; each its own phone range).
    const chunks = 4;
    const per = Math.ceil(players / chunks);
    const tokens = (
      await Promise.all(
        Array.from({ length: chunks }, (_, i) =>
          fundedUsers(db, Math.min(per, players - i * per), 1_000_000_00, i * per),
        ),
      )
    )
      .flat()
      .map((u) => u.token);

    const processes = Math.max(1, Math.ceil(players / PER_PROCESS));
    for (let i = 0; i < processes + (HANDS_APART ? 1 : 0); i++) procs.push(playerProcess());
    await Promise.all(procs.map((p) => p.next('started')));
    const slice = Math.ceil(players / processes);
    procs.forEach((p, i) => {
      const start: PlayersStart =
        i === processes
          ? { base: server.url, tokens, role: 'hands' }
          : {
              base: server.url,
              tokens: tokens.slice(i * slice, (i + 1) * slice),
              role: HANDS_APART ? 'sockets' : 'both',
            };
      p.child.send({ type: 'connect', ...start });
    });
    const connected = (await Promise.all(procs.map((p) => p.next('ready')))).reduce(
      (sum, m) => sum + Number(m.connected),
      0,
    );

    await server.probe();
    const goAt = new Date();
    const cpuAtGo = cpuSeconds(server.pid);
    const machineAtGo = machineTicks();
    const postgresAtGo = postgresSeconds();
    // Sampled every 100 ms: what the server's connections are doing (state / wait event).
    const activity: Record<string, number> = {};
    let sampling = true;
    const sampler = PROBE
      ? admin(async (c) => {
          while (sampling) {
            const { rows } = await c.query<{ what: string; n: string }>(
              `select coalesce(application_name, '') || ' ' || state
                 || coalesce(' ' || wait_event_type || ':' || wait_event, '') as what,
                 count(*) as n from pg_stat_activity where datname = $1 group by 1`,
              [dbName],
            );
            for (const r of rows) activity[r.what] = (activity[r.what] ?? 0) + Number(r.n);
            await sleep(100);
          }
        }).catch(() => undefined)
      : Promise.resolve();
    let rssMax = rssMb(server.pid);
    const rssAtGo = rssMax;
    for (const p of procs) p.child.send({ type: 'go' });
    // Measured rounds: those opened after the players were ready, until ROUNDS have crashed.
    const deadline = Date.now() + MAX_MS;
    let crashed: { id: number }[] = [];
    while (Date.now() < deadline) {
      await sleep(500);
      rssMax = Math.max(rssMax, rssMb(server.pid));
      crashed = await db
        .selectFrom('casino_crash_rounds')
        .select('id')
        .where('opened_at', '>', goAt)
        .where('phase', '=', 'crashed')
        .orderBy('id')
        .execute();
      if (crashed.length >= ROUNDS) break;
    }
    // The last crash push and the cash-outs in flight arrive; then the players stop.
    await sleep(1_000);
    const seconds = (Date.now() - goAt.getTime()) / 1000;
    const cpu = cpuSeconds(server.pid) - cpuAtGo;
    const machineAtEnd = machineTicks();
    const postgresCpu = postgresSeconds() - postgresAtGo;
    sampling = false;
    await sampler;
    const probed = await server.probe();
    rssMax = Math.max(rssMax, rssMb(server.pid));
    for (const p of procs) p.child.send({ type: 'stop' });
    const results = (await Promise.all(procs.map((p) => p.next('result')))).map(
      (m) => m.result as PlayersResult,
    );

    const measured = crashed.slice(0, ROUNDS).map((r) => Number(r.id));
    const expected = measured.length * 3 * connected;
    let delivered = 0;
    for (const r of results) {
      for (const id of measured) {
        for (const phase of ['betting', 'flying', 'crashed']) {
          delivered += r.received[`${id}:${phase}`] ?? 0;
        }
      }
    }
    const cashOuts = results.flatMap((r) => r.cashOutMs).sort((x, y) => x - y);
    const bets = results.flatMap((r) => r.betMs).sort((x, y) => x - y);
    const sorted = (pick: (r: PlayersResult) => number[]) =>
      results.flatMap(pick).sort((x, y) => x - y);
    const toServer = sorted((r) => r.cashOutToServerMs);
    const inServer = sorted((r) => r.cashOutInServerMs);
    const statuses: Record<string, number> = {};
    for (const r of results) {
      for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
    }
    // Let the last round settle, then check the books.
    await sleep(4_000);
    const ledger = await checkLedger(db);
    const points = await db
      .selectFrom('casino_crash_rounds')
      .select('crash_point')
      .where('id', 'in', measured.length ? measured : [0])
      .orderBy('id')
      .execute();
    return {
      players,
      playerProcesses: processes,
      hands: HANDS_APART ? 'apart (one process of their own)' : "with each player's socket",
      connected,
      rounds: measured.length,
      crashPoints: points.map((p) => Number(p.crash_point) / 100),
      seconds: tenth(seconds),
      cashOutAcks: cashOuts.length,
      // Not sent: the round's crash was pushed before the player's target (as a person would).
      cashOutsWithdrawn: results.reduce((s, r) => s + r.cashOutsWithdrawn, 0),
      cashOutAckP50Ms: tenth(percentile(cashOuts, 50)),
      cashOutAckP99Ms: tenth(percentile(cashOuts, 99)),
      // Of the cash-outs taken: sent → the server's arrival time, and arrival → answer read.
      cashOutToServerP50P99Ms: [tenth(percentile(toServer, 50)), tenth(percentile(toServer, 99))],
      cashOutInServerP50P99Ms: [tenth(percentile(inServer, 50)), tenth(percentile(inServer, 99))],
      betAckP50Ms: tenth(percentile(bets, 50)),
      betAckP99Ms: tenth(percentile(bets, 99)),
      answers: statuses,
      roundPushesExpected: expected,
      roundPushesDelivered: delivered,
      deliveredFraction: expected ? Number((delivered / expected).toFixed(5)) : null,
      disconnects: results.reduce((s, r) => s + r.disconnects, 0),
      serverCpuPercentOfOneCore: tenth((cpu / seconds) * 100),
      playersCpuPercentOfOneCore: results.map((r) => r.cpuPercentOfOneCore),
      playersLoopDelayMs: results.map((r) => r.loopDelayMs),
      postgresCpuPercentOfOneCore: tenth((postgresCpu / seconds) * 100),
      machineBusyPercent: tenth(
        ((machineAtEnd.busy - machineAtGo.busy) / (machineAtEnd.total - machineAtGo.total)) * 100,
      ),
      ...(probed ? { serverProbe: probed, connectionActivitySamples: activity } : {}),
      serverRssMbAtStart: rssAtGo,
      serverRssMbMax: rssMax,
      loadAverage1m: tenth(os.loadavg()[0] ?? 0),
      cores: os.cpus().length,
      ledgerOk: ledger.ok,
      goals: {
        cashOutAckP99Within50Ms: cashOuts.length > 0 && percentile(cashOuts, 99) <= 50,
        everyPushDelivered: expected > 0 && delivered === expected,
      },
    };
  } finally {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await database.close();
    await server.stop();
    await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
  }
}

const unreachable = await reachable(DATABASE_URL);
if (unreachable) {
  report({ skipped: `PostgreSQL is not reachable at DATABASE_URL (${unreachable})` });
} else {
  for (const players of SIZES) report(await run(players));
}
