import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_PATHS } from '@dau/contracts/casino/crash';
import { elapsedToReach } from '@dau/domain/games/crash';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';
import { crashWalletRound } from '../../src/modules/casino/games/crash/crash.service';
import { createSignedInUser } from '../helpers/factories';
import { expectLedgerBalanced, fundUser } from '../wallet/ledger-assertions';

/**
 * High Flyer's leader killed for real (issue #14, ADR 190): two server processes on one
 * PostgreSQL database (and Redis, which turns the election on), the one playing the rounds is
 * SIGKILLed in flight, the other takes the advisory lock and finishes the round by its fixed
 * crash point — cash-outs recorded before the kill paid once, an auto cash-out the curve passes
 * after the kill paid at its target, an open bet lost — and goes on playing rounds.
 *
 * Runs when DATABASE_URL and REDIS_URL are set (the CI's PostgreSQL stage); skipped otherwise
 * (PGlite has no second process and no election). Each run uses a database of its own, so the
 * advisory lock (per database) is not shared with anything else on the server.
 */
const PG_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const STAKE = 10;

interface Proc {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
  dataDir: string;
}

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

async function until<T>(what: string, check: () => Promise<T | undefined>, ms: number) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const LEADS = 'crash: this instance leads';

/** The server from source (tsx), on `databaseUrl`, playing High Flyer with short phases. */
async function startServer(name: string, databaseUrl: string, redisPrefix: string) {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `dau-crash-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS_URL!,
      REDIS_PREFIX: redisPrefix,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent-web-dist',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      FEED_MODE: 'off',
      RATE_LIMIT_PER_MINUTE: '100000',
      CRASH_MODE: 'run',
      CRASH_BETTING_MS: '2500',
      CRASH_PAUSE_MS: '500',
      CRASH_CHAIN_LENGTH: '2000',
      CRASH_ELECTION_RETRY_MS: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await until(
    `${name} to answer /healthz`,
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited early:\n${output}`);
      const res = await fetch(`${url}/healthz`).catch(() => null);
      return res?.ok ? true : undefined;
    },
    120_000,
  );
  return { name, url, child, output: () => output, dataDir } satisfies Proc;
}

async function stopServer(p: Proc | undefined): Promise<void> {
  if (!p) return;
  if (p.child.exitCode === null && p.child.signalCode === null) {
    const exited = new Promise((r) => p.child.once('exit', r));
    p.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  }
  await fs.rm(p.dataDir, { recursive: true, force: true });
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!PG_URL || !REDIS_URL)('High Flyer: SIGKILL of the leading server process', () => {
  const dbName = `dau_crash_kill_${randomBytes(4).toString('hex')}`;
  let handle: DatabaseHandle | undefined;
  let a: Proc | undefined;
  let b: Proc | undefined;

  beforeAll(async () => {
    await admin(`create database ${dbName}`);
    const url = new URL(PG_URL!);
    url.pathname = `/${dbName}`;
    const prefix = `dau-crashkill-${randomBytes(3).toString('hex')}:`;
    // A first (it migrates the new database and takes the lock), then B.
    a = await startServer('A', url.toString(), prefix);
    await until('A to lead', async () => (a!.output().includes(LEADS) ? true : undefined), 60_000);
    b = await startServer('B', url.toString(), prefix);
    handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  }, 300_000);

  afterAll(async () => {
    await stopServer(a);
    await stopServer(b);
    await handle?.close();
    await admin(`drop database if exists ${dbName} with (force)`);
  }, 60_000);

  it('the other instance takes over and settles the killed leader’s round exactly once', async () => {
    const db = handle!.db;
    expect(b!.output()).not.toContain(LEADS);
    const players = await Promise.all(
      ['hand', 'auto', 'open', 'late'].map(async () => {
        const u = await createSignedInUser(db);
        await fundUser(db, u.user.id, 500_00);
        return u;
      }),
    );
    const [hand, auto, open, late] = players as [
      (typeof players)[0],
      (typeof players)[0],
      (typeof players)[0],
      (typeof players)[0],
    ];
    const post = (to: Proc, who: { token: string }, route: string, body: object) =>
      fetch(`${to.url}/api/games${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `authBB=${who.token}` },
        body: JSON.stringify(body),
      });

    // A round still taking bets for at least a second that will fly past 2.00× (≥ 8.6 s) and
    // not much longer (≤ 20×, 37 s).
    const round = await until(
      'a round crashing between 2.00× and 20×',
      async () => {
        const row = await db
          .selectFrom('casino_crash_rounds')
          .select(['id', 'crash_point', 'takeoff_at', 'crash_at', 'phase'])
          .where('phase', '=', 'betting')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (!row || Number(row.crash_point) < 200 || Number(row.crash_point) > 2_000) return;
        return row.takeoff_at.getTime() - Date.now() > 1_000 ? row : undefined;
      },
      180_000,
    );
    const roundId = Number(round.id);
    const takeoff = round.takeoff_at.getTime();
    // Every bet goes to B (any instance takes bets); the auto target 1.50× is passed after the kill.
    const bets: [typeof hand, Record<string, unknown>][] = [
      [hand, { roundId, slot: 1, stake: STAKE }],
      [auto, { roundId, slot: 1, stake: STAKE, autoCashOut: 1.5 }],
      [open, { roundId, slot: 2, stake: STAKE }],
      [late, { roundId, slot: 1, stake: STAKE }],
    ];
    for (const [who, body] of bets) {
      const res = await post(b!, who, CRASH_PATHS.bets, body);
      expect(res.status, await res.clone().text()).toBe(200);
    }

    // A takes off; at 1.20× `hand` cashes out (judged by B's clock), then A is SIGKILLed.
    await until(
      'take-off',
      async () => {
        const row = await db
          .selectFrom('casino_crash_rounds')
          .select('phase')
          .where('id', '=', roundId)
          .executeTakeFirstOrThrow();
        return row.phase === 'flying' ? true : undefined;
      },
      30_000,
    );
    await new Promise((r) =>
      setTimeout(r, Math.max(0, takeoff + elapsedToReach(120) - Date.now())),
    );
    const handOut = await post(b!, hand, CRASH_PATHS.cashOut, { roundId, slot: 1 });
    expect(handOut.status, await handOut.clone().text()).toBe(200);
    const handWin = Math.round(((await handOut.json()) as { bet: { win: number } }).bet.win * 100);
    expect(handWin).toBeGreaterThanOrEqual(1200);
    const killedAt = Date.now();
    a!.child.kill('SIGKILL');
    await new Promise((r) => a!.child.once('exit', r));
    // Still flying (the crash is ≥ 8.6 s after take-off): no one leads yet or B just took over.
    expect(killedAt).toBeLessThan(takeoff + elapsedToReach(150));
    const lateOut = await post(b!, late, CRASH_PATHS.cashOut, { roundId, slot: 1 });
    expect(lateOut.status, await lateOut.clone().text()).toBe(200);
    const lateWin = Math.round(((await lateOut.json()) as { bet: { win: number } }).bet.win * 100);
    expect(lateWin).toBeGreaterThan(1000);

    // B takes the lock and settles the round by its fixed crash point.
    await until('B to lead', async () => (b!.output().includes(LEADS) ? true : undefined), 60_000);
    await until(
      'the round settled',
      async () => {
        const row = await db
          .selectFrom('casino_crash_rounds')
          .select('settled_at')
          .where('id', '=', roundId)
          .executeTakeFirstOrThrow();
        return row.settled_at ? true : undefined;
      },
      90_000,
    );
    // …and goes on playing: a later round takes off.
    await until(
      'a later round flying under B',
      async () => {
        const row = await db
          .selectFrom('casino_crash_rounds')
          .select('id')
          .where('id', '>', roundId)
          .where('phase', '<>', 'betting')
          .executeTakeFirst();
        return row ? true : undefined;
      },
      60_000,
    );

    const expected: [typeof hand, number, string, number][] = [
      [hand, 1, 'cashed_out', handWin],
      [auto, 1, 'cashed_out', 1500],
      [open, 2, 'lost', 0],
      [late, 1, 'cashed_out', lateWin],
    ];
    for (const [who, slot, status, win] of expected) {
      const bet = await db
        .selectFrom('casino_crash_bets')
        .select(['status'])
        .where('round_no', '=', roundId)
        .where('user_id', '=', who.user.id)
        .where('slot', '=', slot)
        .executeTakeFirstOrThrow();
      expect(bet.status).toBe(status);
      // One debit, one credit: the wallet round of the bet, as the ledger saw it.
      const moves = await db
        .selectFrom('casino_transactions as x')
        .innerJoin('casino_rounds as r', 'r.id', 'x.round_pk')
        .select(['x.kind', 'x.amount'])
        .where('r.round_id', '=', crashWalletRound(roundId, who.user.id, slot))
        .orderBy('x.id')
        .execute();
      expect(moves.map((m) => [m.kind, Number(m.amount)])).toEqual([
        ['debit', STAKE * 100],
        ['credit', win],
      ]);
      const cash = await db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('user_id', '=', who.user.id)
        .where('kind', '=', 'cash')
        .executeTakeFirstOrThrow();
      expect(Number(cash.balance)).toBe(500_00 - STAKE * 100 + win);
    }
    await expectLedgerBalanced(db);
  }, 400_000);
});
