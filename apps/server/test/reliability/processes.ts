/**
 * Real processes for the crash and outage tests: a PostgreSQL cluster and a Redis server the test
 * starts itself (its own temporary folder and port, never the machine's shared servers), and
 * Dau's server process, which the tests SIGKILL and restart. The server runs from an esbuild
 * bundle built once per test file (`scripts/build.mjs`), as `npm start` runs it: under tsx a
 * restart took 15-35 s on a loaded machine, the bundle starts in about a second.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';

const run = promisify(execFile);
const serverRoot = path.resolve(import.meta.dirname, '../..');

/** The reliability suite's port range (team board: 4700-4799). */
const PORTS = { from: 4700, to: 4799 };
const taken = new Set<number>();

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const start = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from));
  for (let i = 0; i <= PORTS.to - PORTS.from; i += 1) {
    const port = PORTS.from + ((start - PORTS.from + i) % (PORTS.to - PORTS.from + 1));
    if (taken.has(port)) continue;
    if (await portFree(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORTS.from}-${PORTS.to}`);
}

function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

function redisBinary(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/bin', '/usr/local/bin'])) {
    const candidate = path.join(dir, 'redis-server');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * Why the crash and outage tests cannot run here (binaries missing), or null. With
 * RELIABILITY_REQUIRE_SERVERS=true (.ci/run sets it where they are installed) a missing binary
 * is a failure, not a skip.
 */
export function serversMissing(): string | null {
  const missing = [
    postgresBinDir() ? null : 'PostgreSQL (/usr/lib/postgresql/*/bin/initdb)',
    redisBinary() ? null : 'redis-server',
  ].filter(Boolean);
  if (missing.length === 0) return null;
  const why = `${missing.join(' and ')} not installed`;
  if (process.env.RELIABILITY_REQUIRE_SERVERS === 'true') throw new Error(why);
  return why;
}

/** PostgreSQL refuses to run as root: there, its commands run as the `postgres` user. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ['runuser', ['-u', 'postgres', '--', command, ...args]];
}

export interface OwnPostgres {
  port: number;
  url: string;
  /** Stops it at once (like a crash: `-m immediate`), or cleanly with `fast`. */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries are not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dau-reliability-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const port = await freePort();
  const [initdb, initArgs] = asPostgres(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  await run(initdb, initArgs);
  const pgCtl = (args: string[]) => {
    const [command, all] = asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, ...args]);
    return run(command, all);
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const pg: OwnPostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pgCtl(['-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
    },
    async stop(mode = 'immediate') {
      await pgCtl(['-m', mode, '-w', 'stop']);
    },
    async destroy() {
      await pg.stop('immediate').catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
      taken.delete(port);
    },
  };
  await pg.start();
  return pg;
}

export interface OwnRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startRedis(): Promise<OwnRedis> {
  const binary = redisBinary();
  if (!binary) throw new Error('redis-server is not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dau-reliability-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const redis: OwnRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        binary,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { cwd: dir, stdio: 'ignore' },
      );
      await waitForPort(port, 20_000);
    },
    async stop() {
      const current = child;
      child = null;
      if (!current || current.exitCode !== null) return;
      const exited = new Promise((r) => current.once('exit', r));
      current.kill('SIGKILL');
      await exited;
    },
    async destroy() {
      await redis.stop();
      fs.rmSync(dir, { recursive: true, force: true });
      taken.delete(port);
    },
  };
  await redis.start();
  return redis;
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface DauProcess {
  url: string;
  port: number;
  /** The process's output so far (for failure messages). */
  output(): string;
  /** Exit code or signal once it has ended, else null. */
  ended(): string | null;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Stops it answering without closing its connections (SIGSTOP), until `thaw` (SIGCONT). */
  freeze(): void;
  thaw(): void;
  /** Starts it again on the same port and folder. */
  restart(): Promise<void>;
  /** Kills it and removes its folder. */
  destroy(): Promise<void>;
}

let bundle: Promise<string> | null = null;

/** Bundles of earlier runs whose process is gone (a run stopped before its exit handler ran). */
function removeStaleBundles(): void {
  const dir = path.join(serverRoot, '.reliability-build');
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    const pid = Number(/^main-(\d+)\.js/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      fs.rmSync(path.join(dir, name), { force: true });
    }
  }
}

/**
 * The server bundled once for this test file, beside `dist/` (the same depth, so its default
 * content folder is the repository's); removed when the process ends.
 */
function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    removeStaleBundles();
    const file = path.join('.reliability-build', `main-${process.pid}.js`);
    await run(process.execPath, ['scripts/build.mjs', file], { cwd: serverRoot });
    const absolute = path.join(serverRoot, file);
    process.once('exit', () => {
      fs.rmSync(absolute, { force: true });
      fs.rmSync(`${absolute}.map`, { force: true });
    });
    return absolute;
  })();
  return bundle;
}

/**
 * Dau's server process (the bundle of `src/main.ts`) on a port of our range, with `env` on top
 * of a quiet development configuration; resolves once /healthz answers.
 */
export async function startDau(env: Record<string, string>): Promise<DauProcess> {
  const main = await serverBundle();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dau-reliability-app-'));
  let child: ChildProcess | null = null;
  let output = '';
  let end: string | null = null;
  const url = `http://127.0.0.1:${port}`;
  const launch = async () => {
    output = '';
    end = null;
    const started = spawn(process.execPath, ['--enable-source-maps', main], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        WEB_DIST: '/nonexistent-web-dist',
        RATE_LIMIT_PER_MINUTE: '100000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on(
      'data',
      (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)),
    );
    started.stderr?.on(
      'data',
      (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)),
    );
    started.once('exit', (code, signal) => (end = signal ?? `exit ${code}`));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (end) throw new Error(`Dau exited early (${end}):\n${output}`);
      try {
        const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`Dau did not become healthy:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const dau: DauProcess = {
    url,
    port,
    output: () => output,
    ended: () => end,
    async kill(signal = 'SIGKILL') {
      const current = child;
      if (!current || end) return;
      const exited = new Promise((r) => current.once('exit', r));
      current.kill(signal);
      await exited;
    },
    freeze() {
      if (child && !end) child.kill('SIGSTOP');
    },
    thaw() {
      if (child && !end) child.kill('SIGCONT');
    },
    restart: launch,
    async destroy() {
      await dau.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      taken.delete(port);
    },
  };
  await launch();
  return dau;
}

/**
 * A PostgreSQL and a Redis of this test file's own and two Dau processes on them (`env` on top),
 * started one after the other (the first migrates and, with an election, leads), with a pool of
 * the test's own; registers its `beforeAll` and `afterAll` (`beforeClose` runs first there).
 * Nothing starts when the binaries are missing: the tests skip on `missing`.
 */
export function useOwnCluster(
  env: Record<string, string>,
  beforeClose?: () => void | Promise<void>,
) {
  const missing = serversMissing();
  const state: {
    pg?: OwnPostgres;
    redis?: OwnRedis;
    database?: DatabaseHandle;
    instances: DauProcess[];
  } = { instances: [] };
  beforeAll(async () => {
    if (missing) return;
    state.pg = await startPostgres();
    state.redis = await startRedis();
    const all = { DATABASE_URL: state.pg.url, REDIS_URL: state.redis.url, ...env };
    for (let i = 0; i < 2; i += 1) state.instances.push(await startDau(all));
    state.database = await openDatabase({ databaseUrl: state.pg.url, poolSize: 2 });
  }, 300_000);
  afterAll(async () => {
    await beforeClose?.();
    await state.database?.close();
    for (const instance of state.instances) await instance.destroy();
    await state.redis?.destroy();
    await state.pg?.destroy();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useOwnCluster: it starts in beforeAll');
    return value;
  };
  return {
    missing,
    instances: state.instances,
    get pg() {
      return started(state.pg);
    },
    get redis() {
      return started(state.redis);
    },
    get database() {
      return started(state.database);
    },
  };
}
