/**
 * Where a PlaceBet's time goes (issue #19 item 1): the load of `bets-per-second.bench.ts` (N
 * signed-in users placing three-leg multiples through the HTTP API on PostgreSQL, the server in
 * this process), with every statement the server sends counted and timed until its answer.
 * Prints statements per bet, each statement's mean time, and the run's bets per second (slower
 * than the bench's: counting costs a little). Not a benchmark of its own (`bench/run.ts` skips
 * it); run `npx tsx bench/place-bet-profile.ts`, or with `node --cpu-prof --import tsx` for a
 * CPU profile of the same run.
 */
import {
  DATABASE_URL,
  latencySummary,
  profileLines,
  profileQueries,
  reachable,
} from './postgres-kit';
import {
  fundedUsers,
  listeningWithPicks,
  multiplePlacer,
  placeFor,
  withBenchServer,
} from './server-kit';

const USERS = Number(process.env.BENCH_USERS ?? 16);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);

const unreachable = await reachable(DATABASE_URL);
if (unreachable) {
  process.stderr.write(`PostgreSQL is not reachable at DATABASE_URL (${unreachable})\n`);
  process.exit(1);
}

await withBenchServer('bench_profile', {}, async (server) => {
  const { base, picks } = await listeningWithPicks(server);
  const cookies = (await fundedUsers(server.deps.db, USERS)).map((u) => u.cookie);
  const { place } = multiplePlacer(base, picks, 'profile');

  for (let i = 0; i < 20; i++) await place(cookies[i % USERS] as string);

  // One bet alone: its statements in order, without queueing behind other bets.
  const alone = profileQueries();
  await place(cookies[0] as string);
  alone.stop();
  process.stderr.write(`one bet alone:\n${profileLines(alone, 1, 'bet')}\n`);

  const profile = profileQueries();
  const { latencies, seconds } = await placeFor(cookies, DURATION_MS, place);
  profile.stop();
  const summary = latencySummary(latencies, seconds);
  const rate = `${summary.perSecond} bets/s, p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms`;
  process.stderr.write(`${USERS} users for ${seconds.toFixed(1)} s: ${rate}\n`);
  process.stderr.write(profileLines(profile, latencies.length, 'bet'));
});
