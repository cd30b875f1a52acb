/**
 * Where a PlaceBet's time goes (issue #19 item 1): the load of `bets-per-second.bench.ts` (N
 * signed-in users placing three-leg multiples through the HTTP API on PostgreSQL, the server in
 * this process), with every statement the server sends counted and timed until its answer.
 * Prints statements per bet, each statement's mean time, and the run's bets per second (slower
 * than the bench's: counting costs a little). Not a benchmark of its own (`bench/run.ts` skips
 * it); run `npx tsx bench/place-bet-profile.ts`, or with `node --cpu-prof --import tsx` for a
 * CPU profile of the same run.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  DATABASE_URL,
  latencySummary,
  profileLines,
  profileQueries,
  reachable,
} from './postgres-kit';
import { fundedUsers, openPicks, postPlaceBet, withBenchServer, type Pick } from './server-kit';

const USERS = Number(process.env.BENCH_USERS ?? 16);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);

const unreachable = await reachable(DATABASE_URL);
if (unreachable) {
  process.stderr.write(`PostgreSQL is not reachable at DATABASE_URL (${unreachable})\n`);
  process.exit(1);
}

await withBenchServer('bench_profile', {}, async (server) => {
  await server.deps.feed.connect();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const picks = await openPicks(base);
  if (picks.length < 10) throw new Error(`only ${picks.length} open pre-match events`);
  const cookies = (await fundedUsers(server.deps.db, USERS)).map((u) => u.cookie);

  let sequence = 0;
  const place = async (cookie: string): Promise<number> => {
    sequence += 1;
    const start = sequence * 7;
    const legs = [0, 1, 2].map((k) => picks[(start + k * 3) % picks.length] as Pick);
    const began = performance.now();
    const res = await postPlaceBet(
      base,
      cookie,
      legs,
      `profile-${sequence}-${randomBytes(6).toString('hex')}`,
    );
    const body = await res.text();
    if (res.status !== 200) throw new Error(`PlaceBet answered ${res.status}: ${body}`);
    return performance.now() - began;
  };

  for (let i = 0; i < 20; i++) await place(cookies[i % USERS] as string);

  // One bet alone: its statements in order, without queueing behind other bets.
  const alone = profileQueries();
  await place(cookies[0] as string);
  alone.stop();
  process.stderr.write(`one bet alone:\n${profileLines(alone, 1, 'bet')}\n`);

  const profile = profileQueries();
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + DURATION_MS;
  await Promise.all(
    cookies.map(async (cookie) => {
      while (performance.now() < end) latencies.push(await place(cookie));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  profile.stop();
  latencies.sort((a, b) => a - b);
  const summary = latencySummary(latencies, seconds);
  const rate = `${summary.perSecond} bets/s, p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms`;
  process.stderr.write(`${USERS} users for ${seconds.toFixed(1)} s: ${rate}\n`);
  process.stderr.write(profileLines(profile, latencies.length, 'bet'));
});
