/**
 * In-house casino rounds per second on PostgreSQL: N players (BENCH_USERS, default 16) each
 * play Dice rounds back to back through the seamless game wallet's signed HTTP API — debit,
 * the provably fair outcome (the domain's playDice over a server seed, client seed and nonce),
 * credit — for BENCH_DURATION_MS, with p50/p99 of a whole round, beside pgbench's TPC-B on the
 * same server in the same run (`ratioRoundsToTpcb`; goal ≥ 0.5). Each settled round also feeds
 * the jackpots, so the measured path is the real one.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WALLET_HEADERS } from '../packages/contracts/src/casino/wallet-seam';
import { playDice } from '../packages/domain/src/games/dice';
import { payoutCents } from '../packages/domain/src/games/payout';
import type { Cents } from '../packages/domain/src/money';
import { postTransaction } from '../apps/server/src/modules/wallet/ledger.service';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger.service';
import { signBbJwt } from '../apps/server/src/modules/wallet/wallet.service';
import { reporter, withBenchServer } from './server-kit';
import {
  DATABASE_URL,
  latencySummary,
  pgbenchTps,
  profileLines,
  profileQueries,
  reachable,
} from './postgres-kit';

const USERS = Number(process.env.BENCH_USERS ?? 16);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const NAME = 'In-house game rounds (debit + outcome + credit, PostgreSQL) vs pgbench TPC-B';
const SECRET = randomBytes(24).toString('hex');

const report = reporter(NAME);

async function roundsRun(): Promise<Record<string, number>> {
  return withBenchServer(
    'bench_rounds',
    {
      FEED_MODE: 'off',
      CASINO_WALLET_SECRETS: `dau-originals=${SECRET}`,
      CASINO_RECOVERY_INTERVAL_MS: '0',
    },
    async (server) => {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}/api/games/wallet/dau-originals`;
      const { db } = server.deps;
      const players: { playerId: string; token: string }[] = [];
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

      const call = async (operation: string, body: Record<string, unknown>) => {
        const payload = JSON.stringify({ requestId: randomBytes(12).toString('hex'), ...body });
        const timestamp = String(Math.floor(Date.now() / 1000));
        const signature = createHmac('sha256', SECRET)
          .update(`${timestamp}.${payload}`)
          .digest('hex');
        const res = await fetch(`${base}/${operation}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [WALLET_HEADERS.timestamp]: timestamp,
            [WALLET_HEADERS.signature]: signature,
          },
          body: payload,
        });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${operation} answered ${res.status}: ${text}`);
      };

      const serverSeed = randomBytes(32).toString('hex');
      let nonce = 0;
      const play = async (p: { playerId: string; token: string }): Promise<number> => {
        nonce += 1;
        const roundId = `dice-bench-${nonce}-${randomBytes(4).toString('hex')}`;
        const stake = 10_00 as Cents;
        const began = performance.now();
        await call('debit', {
          playerId: p.playerId,
          token: p.token,
          gameSlug: 'dice',
          roundId,
          transactionId: `${roundId}:stake`,
          amount: stake,
        });
        const result = playDice(
          { serverSeed, clientSeed: p.playerId.slice(0, 8), nonce },
          { target: 5000, direction: 'under' },
        );
        await call('credit', {
          playerId: p.playerId,
          gameSlug: 'dice',
          roundId,
          transactionId: `${roundId}:win`,
          amount: result.win ? payoutCents(stake, result.multiplier) : 0,
        });
        return performance.now() - began;
      };

      for (let i = 0; i < 20; i++) await play(players[i % USERS]!);
      const latencies: number[] = [];
      const profile = process.env.BENCH_PROFILE ? profileQueries() : null;
      const started = performance.now();
      const end = started + DURATION_MS;
      await Promise.all(
        players.map(async (p) => {
          while (performance.now() < end) latencies.push(await play(p));
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      if (profile) {
        profile.stop();
        process.stderr.write(profileLines(profile, latencies.length, 'round'));
      }
      latencies.sort((a, b) => a - b);
      const settled = await db
        .selectFrom('casino_rounds')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'settled')
        .executeTakeFirstOrThrow();
      if (Number(settled.n) !== latencies.length + 20) {
        throw new Error(`settled ${settled.n} rounds for ${latencies.length + 20} plays`);
      }
      const ledger = await checkLedger(db);
      if (!ledger.ok) throw new Error(`ledger check failed: ${ledger.problems.join('; ')}`);
      const { perSecond, p50Ms, p99Ms } = latencySummary(latencies, seconds);
      return { rounds: latencies.length, roundsPerSecond: perSecond, p50Ms, p99Ms };
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
    ...rounds,
    ...('tps' in pgbench
      ? {
          pgbenchTpcbTps: Math.round(pgbench.tps),
          pgbenchClients: USERS,
          ratioRoundsToTpcb: Number((rounds.roundsPerSecond! / pgbench.tps).toFixed(3)),
        }
      : { pgbench: pgbench.skipped }),
  });
}
