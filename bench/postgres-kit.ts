/**
 * What the PostgreSQL benchmarks share: the server of DATABASE_URL, admin queries, percentiles and
 * pgbench's TPC-B figure on the same server in the same run (the machine-independent yardstick).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export async function reachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

function pgbenchBinary(): string | undefined {
  const candidates = [
    process.env.PGBENCH,
    ...(process.env.PATH ?? '').split(':').map((dir) => `${dir}/pgbench`),
    '/usr/lib/postgresql/17/bin/pgbench',
    '/usr/lib/postgresql/16/bin/pgbench',
    '/usr/lib/postgresql/15/bin/pgbench',
  ].filter((p): p is string => !!p);
  return candidates.find((p) => existsSync(p));
}

/** Runs pgbench with `args` against DATABASE_URL, with `schema` first on the search path. */
function runPgbench(binary: string, schema: string, args: string[]): Promise<string> {
  const env = { ...process.env, PGOPTIONS: `-c search_path=${schema}` };
  return new Promise<string>((resolve, reject) => {
    const child = spawn(binary, [...args, DATABASE_URL], { env });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`pgbench exited ${code}: ${out}`)),
    );
  });
}

function tpsOf(out: string): number {
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
  if (!tps) throw new Error(`no tps in pgbench output: ${out}`);
  return Number(tps);
}

/**
 * A checkpoint before a timed run, so that the WAL written by what ran just before (a bench's
 * own load, pgbench's init) is not flushed during it: pgbench's TPC-B on this host measured
 * 806 tps right after a game-rounds run and 1,764 a minute earlier, which moved the ratio more
 * than any change did. Needs a superuser (as the bench's admin connection is); skipped if not.
 */
export async function settle(): Promise<void> {
  await admin((c) => c.query('checkpoint')).catch(() => undefined);
}

/** pgbench's TPC-B-like run on the same server: its own schema, scale 1, N clients. */
export async function pgbenchTps(
  clients: number,
  seconds: number,
): Promise<{ tps: number } | { skipped: string }> {
  const binary = pgbenchBinary();
  if (!binary) return { skipped: 'pgbench is not on PATH' };
  const schema = `bench_pgbench_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create schema ${schema}`));
  try {
    await runPgbench(binary, schema, ['-i', '-s', '1', '-q', '-n']);
    await settle();
    const out = await runPgbench(binary, schema, [
      '-n',
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      String(seconds),
    ]);
    return { tps: tpsOf(out) };
  } finally {
    await admin((c) => c.query(`drop schema ${schema} cascade`));
  }
}

/**
 * pgbench running a script of ours (`-f`) in `schema`, N clients: transactions per second of
 * that script from a C client, beside what the same work costs through a server.
 */
export async function pgbenchScriptTps(
  schema: string,
  script: string,
  clients: number,
  seconds: number,
): Promise<{ tps: number } | { skipped: string }> {
  const binary = pgbenchBinary();
  if (!binary) return { skipped: 'pgbench is not on PATH' };
  const dir = await mkdtemp(path.join(tmpdir(), 'dau-pgbench-'));
  const file = path.join(dir, 'script.sql');
  try {
    await writeFile(file, script);
    await settle();
    const args = ['-n', '-f', file, '-c', String(clients), '-j', '2', '-T', String(seconds)];
    return { tps: tpsOf(await runPgbench(binary, schema, args)) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One decimal. */
export const tenth = (n: number) => Math.round(n * 10) / 10;

/** Rate per second and p50/p99 of a run's sorted latencies, one decimal each. */
export function latencySummary(sorted: number[], seconds: number) {
  return {
    perSecond: tenth(sorted.length / seconds),
    p50Ms: tenth(percentile(sorted, 50)),
    p99Ms: tenth(percentile(sorted, 99)),
  };
}

export interface QueryProfile {
  /** Statements sent, by their SQL text (first 90 characters), with total milliseconds. */
  statements: { sql: string; count: number; ms: number }[];
  total: number;
  stop(): void;
}

/**
 * Counts the statements this process sends through `pg` (and the time until each answer) while
 * it runs — where a request's time goes, in round trips. BENCH_PROFILE=1 turns it on in a run.
 */
export function profileQueries(): QueryProfile {
  const proto = pg.Client.prototype as unknown as {
    query: (...args: unknown[]) => unknown;
  };
  const original = proto.query;
  const seen = new Map<string, { count: number; ms: number }>();
  const profile: QueryProfile = {
    statements: [],
    total: 0,
    stop() {
      proto.query = original;
      profile.statements = [...seen.entries()]
        .map(([sql, s]) => ({ sql, count: s.count, ms: Math.round(s.ms) }))
        .sort((a, b) => b.count - a.count);
      profile.total = profile.statements.reduce((sum, s) => sum + s.count, 0);
    },
  };
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '?'))
      .replace(/\s+/g, ' ')
      .slice(0, 90);
    const began = performance.now();
    const result = original.apply(this, args);
    const entry = seen.get(text) ?? { count: 0, ms: 0 };
    seen.set(text, entry);
    entry.count += 1;
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      void (result as Promise<unknown>).then(
        () => (entry.ms += performance.now() - began),
        () => (entry.ms += performance.now() - began),
      );
    }
    return result;
  };
  return profile;
}

/** A stopped profile as text: statements per `unit` (a bet, a round), each with its mean time. */
export function profileLines(profile: QueryProfile, units: number, unit: string): string {
  return `${(profile.total / units).toFixed(1)} statements per ${unit}\n${profile.statements
    .map((s) => `${(s.count / units).toFixed(2)}× ${(s.ms / s.count).toFixed(1)} ms  ${s.sql}`)
    .join('\n')}\n`;
}
