/**
 * What the benchmarks that drive a real server share: signed-in users funded through the ledger,
 * and the open pre-match prices the sports list serves.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Db } from '../apps/server/src/db/database';
import { hashPassword } from '../apps/server/src/modules/accounts/password';
import { createSession } from '../apps/server/src/modules/accounts/session.service';
import { postTransaction } from '../apps/server/src/modules/wallet/ledger.service';
import { createServer } from '../apps/server/src/server';
import { admin, DATABASE_URL } from './postgres-kit';
import type { Pick } from './place-bet-load';

export { postPlaceBet, type Pick } from './place-bet-load';

export type BenchServer = Awaited<ReturnType<typeof createServer>>;

/**
 * Runs `run` against a Dau server on the PostgreSQL of DATABASE_URL, in a schema of its own
 * (named `<prefix>_<random>`) that is dropped afterwards; `env` adds to or overrides the quiet
 * defaults (no logs, no demo data, no web build, manual feed, no rate limit).
 */
export async function withBenchServer<T>(
  prefix: string,
  env: Record<string, string>,
  run: (server: BenchServer, schema: string) => Promise<T>,
): Promise<T> {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create schema ${schema}`));
  const database = await openDatabase({ databaseUrl: DATABASE_URL, schema, poolSize: 10 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    FEED_MODE: 'manual',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...env,
  });
  const server = await createServer(config, { database });
  try {
    return await run(server, schema);
  } finally {
    await server.close();
    await database.close();
    await admin((c) => c.query(`drop schema ${schema} cascade`));
  }
}

export interface BenchUser {
  id: number;
  token: string;
  /** `authBB=<token>`, for a request's cookie header. */
  cookie: string;
}

/**
 * `count` Kenyan users, each with a session and `cents` of cash granted by the house; `first`
 * numbers their phones (several calls at once each take their own range).
 */
export async function fundedUsers(
  db: Db,
  count: number,
  cents = 100_000_000,
  first = 0,
): Promise<BenchUser[]> {
  const passwordHash = await hashPassword(randomBytes(12).toString('hex'));
  const users: BenchUser[] = [];
  for (let i = 0; i < count; i++) {
    const user = await db
      .insertInto('users')
      .values({
        site_id: 2,
        phone: `+2547${String(10_000_000 + first + i)}`,
        username: null,
        password_hash: passwordHash,
        status: 'active',
        email: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.transaction().execute((tx) =>
      postTransaction(tx, {
        kind: 'bench_grant',
        idempotencyKey: null,
        userId: user.id,
        entries: [
          { account: { userId: user.id, kind: 'cash' }, amount: cents },
          { account: { system: 'house' }, amount: -cents },
        ],
      }),
    );
    const { token } = await createSession(db, user.id, { now: new Date() });
    users.push({ id: user.id, token, cookie: `authBB=${token}` });
  }
  return users;
}

/** Pre-match football events with an open 1x2 home price, as the sports list serves them. */
export async function openPicks(base: string): Promise<Pick[]> {
  const url = `${base}/api/uof/match/event/ListAllPreEvents?sportId=1&marketId=1&nrOfPre=150&siteid=2`;
  const body = (await (await fetch(url)).json()) as {
    sports: {
      eventMin: {
        id: number;
        odds: { uid: string; ibs: boolean; m: { id: number; o: number }[] }[];
      }[];
    }[];
  };
  const picks: Pick[] = [];
  for (const event of body.sports[0]?.eventMin ?? []) {
    const market = event.odds.find((m) => m.uid === '1' && !m.ibs);
    const home = market?.m.find((o) => o.id === 1);
    if (home && home.o > 1) picks.push({ eventId: event.id, odds: home.o });
  }
  return picks;
}

/** Prints a benchmark's JSON result under its name (what `npm run bench` collects). */
export function reporter(name: string): (result: Record<string, unknown>) => void {
  return (result) =>
    process.stdout.write(`${JSON.stringify({ benchmark: name, ...result }, null, 2)}\n`);
}

/** Connects the feed, listens on a free port, and reads the open prices (at least ten). */
export async function listeningWithPicks(
  server: BenchServer,
): Promise<{ base: string; picks: Pick[] }> {
  await server.deps.feed.connect();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const picks = await openPicks(base);
  if (picks.length < 10) throw new Error(`only ${picks.length} open pre-match events`);
  return { base, picks };
}
