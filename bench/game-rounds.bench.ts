/**
 * In-house casino rounds per second on PostgreSQL: N players (BENCH_USERS, default 16) each
 * play Dice rounds back to back through the seamless game wallet's signed HTTP API — the
 * provably fair outcome (the domain's playDice over a server seed, client seed and nonce), the
 * stake and the win — for BENCH_DURATION_MS, with p50/p99 of a whole round, beside pgbench's
 * TPC-B on the same server in the same run (`ratioRoundsToTpcb`; goal ≥ 0.5). A round is one
 * `debit-credit` call (ADR 206), as Dau's own one-step games post it; BENCH_ROUND_CALLS=2 plays
 * it as a `debit` and a `credit` (a provider's multi-step round), the SQL-only figure likewise.
 * The players run in a process of their own (`game-round-players.ts`), as pgbench's clients
 * do; this process is the server. Each settled round also feeds the jackpots, so the measured
 * path is the real one. BENCH_PROFILE=1 prints the statements the server sends per round.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { postTransaction } from '../apps/server/src/modules/wallet/ledger.service';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger.service';
import { signBbJwt } from '../apps/server/src/modules/wallet/wallet.service';
import { benchChild } from './child-kit';
import { sqlRoundsScript } from './game-rounds-sql';
import type { RoundPlayersResult, RoundPlayersStart } from './game-round-players';
import { reporter, withBenchServer } from './server-kit';
import {
  DATABASE_URL,
  latencySummary,
  pgbenchScriptTps,
  pgbenchTps,
  settle,
  profileLines,
  profileQueries,
  reachable,
} from './postgres-kit';

const USERS = Number(process.env.BENCH_USERS ?? 16);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const NAME = 'In-house game rounds (debit + outcome + credit, PostgreSQL) vs pgbench TPC-B';
const SECRET = randomBytes(24).toString('hex');
const WARMUP = 20;
const CALLS: 1 | 2 = process.env.BENCH_ROUND_CALLS === '2' ? 2 : 1;

const report = reporter(NAME);

/**
 * The timed run: the players play in a process of their own (bench/game-round-players.ts), as
 * pgbench's clients do, so this process is the server only. BENCH_PROFILE=1 counts the
 * statements the server sends during it.
 */
async function playRounds(
  base: string,
  players: RoundPlayersStart['players'],
): Promise<RoundPlayersResult & { serverCpuMsPerRound: number }> {
  const child = benchChild('game-round-players.ts', 'the players process');
  try {
    await child.next('started');
    child.child.send({
      type: 'start',
      base,
      secret: SECRET,
      players,
      warmup: WARMUP,
      durationMs: DURATION_MS,
      calls: CALLS,
    } satisfies RoundPlayersStart);
    await child.next('warm');
    const profile = process.env.BENCH_PROFILE ? profileQueries() : null;
    const cpu = process.cpuUsage();
    child.child.send({ type: 'go' });
    const { result } = (await child.next('result')) as { result: RoundPlayersResult };
    const used = process.cpuUsage(cpu);
    if (profile) {
      profile.stop();
      process.stderr.write(profileLines(profile, result.latencies.length, 'round'));
    }
    // The server's own CPU time (this process: HTTP, wallet, pg client) per round.
    const serverCpuMsPerRound = (used.user + used.system) / 1000 / result.latencies.length;
    return { ...result, serverCpuMsPerRound: Number(serverCpuMsPerRound.toFixed(2)) };
  } finally {
    if (child.child.exitCode === null) child.child.kill();
  }
}

async function roundsRun(): Promise<Record<string, number>> {
  return withBenchServer(
    'bench_rounds',
    {
      FEED_MODE: 'off',
      CASINO_WALLET_SECRETS: `dau-originals=${SECRET}`,
      CASINO_RECOVERY_INTERVAL_MS: '0',
    },
    async (server, schema) => {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}/api/games/wallet/dau-originals`;
      const { db } = server.deps;
      const players: RoundPlayersStart['players'] = [];
      const userIds: number[] = [];
      for (let i = 0; i < USERS; i++) {
        const user = await db
          .insertInto('users')
          .values({
            site_id: 2,
            phone: `+2547${String(20_000_000 + i)}`,
            username: null,
            password_hash: 'x',
            status: 'active',
            email: null,
          })
          .returning(['id', 'external_id'])
          .executeTakeFirstOrThrow();
        userIds.push(user.id);
        await db.transaction().execute((tx) =>
          postTransaction(tx, {
            kind: 'bench_grant',
            idempotencyKey: null,
            userId: user.id,
            entries: [
              { account: { userId: user.id, kind: 'cash' }, amount: 100_000_000 },
              { account: { system: 'house' }, amount: -100_000_000 },
            ],
          }),
        );
        const token = signBbJwt(
          server.deps.config.bbJwtSecret,
          { externalId: user.external_id, siteId: 2 },
          new Date(),
        );
        players.push({ playerId: user.external_id, token });
      }

      await settle();
      const { latencies, seconds, serverCpuMsPerRound } = await playRounds(base, players);
      latencies.sort((a, b) => a - b);
      const settled = await db
        .selectFrom('casino_rounds')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'settled')
        .executeTakeFirstOrThrow();
      if (Number(settled.n) !== latencies.length + WARMUP) {
        throw new Error(`settled ${settled.n} rounds for ${latencies.length + WARMUP} plays`);
      }
      let ledger = await checkLedger(db);
      if (!ledger.ok) throw new Error(`ledger check failed: ${ledger.problems.join('; ')}`);
      const { perSecond, p50Ms, p99Ms } = latencySummary(latencies, seconds);
      // The same rounds as SQL alone from pgbench's C clients (bench/game-rounds-sql.ts).
      const dice = await db
        .selectFrom('casino_games')
        .select(['id', 'provider_id'])
        .where('slug', '=', 'dice')
        .executeTakeFirstOrThrow();
      const script = sqlRoundsScript({
        providerId: dice.provider_id,
        gameId: dice.id,
        siteId: 2,
        userIds,
        calls: CALLS,
      });
      const sql = await pgbenchScriptTps(schema, script, USERS, Math.round(seconds));
      ledger = await checkLedger(db);
      if (!ledger.ok) throw new Error(`ledger check failed: ${ledger.problems.join('; ')}`);
      return {
        rounds: latencies.length,
        roundsPerSecond: perSecond,
        p50Ms,
        p99Ms,
        serverCpuMsPerRound,
        ...('tps' in sql ? { sqlOnlyRoundsPerSecond: Math.round(sql.tps) } : {}),
      };
    },
  );
}

const unreachable = await reachable(DATABASE_URL);
if (unreachable) {
  report({ skipped: `PostgreSQL is not reachable at DATABASE_URL (${unreachable})` });
} else {
  const rounds = await roundsRun();
  const pgbench = await pgbenchTps(USERS, Math.max(1, Math.round(DURATION_MS / 1000)));
  report({
    users: USERS,
    durationMs: DURATION_MS,
    callsPerRound: CALLS,
    ...rounds,
    ...('tps' in pgbench
      ? {
          pgbenchTpcbTps: Math.round(pgbench.tps),
          pgbenchClients: USERS,
          ratioRoundsToTpcb: Number((rounds.roundsPerSecond! / pgbench.tps).toFixed(3)),
          ...(rounds.sqlOnlyRoundsPerSecond
            ? {
                ratioSqlOnlyRoundsToTpcb: Number(
                  (rounds.sqlOnlyRoundsPerSecond / pgbench.tps).toFixed(3),
                ),
              }
            : {}),
        }
      : { pgbench: pgbench.skipped }),
  });
}
