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
import { betLoad } from './place-bet-load';
import { fundedUsers, listeningWithPicks, withBenchServer } from './server-kit';

const USERS = Number(process.env.BENCH_USERS ?? 16);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CLIENTS = process.env.BENCH_CLIENTS === 'in-process' ? 'in-process' : 'process';

const unreachable = await reachable(DATABASE_URL);
if (unreachable) {
  process.stderr.write(`PostgreSQL is not reachable at DATABASE_URL (${unreachable})\n`);
  process.exit(1);
}

await withBenchServer('bench_profile', {}, async (server) => {
  const { base, picks } = await listeningWithPicks(server);
  const cookies = (await fundedUsers(server.deps.db, USERS)).map((u) => u.cookie);
  const load = await betLoad(base, picks, cookies, CLIENTS);
  await load.warm(20);

  // One bet alone: its statements in order, without queueing behind other bets.
  const alone = profileQueries();
  await load.placeOne();
  alone.stop();
  process.stderr.write(`one bet alone:\n${profileLines(alone, 1, 'bet')}\n`);

  const profile = profileQueries();
  const cpu = process.cpuUsage();
  const window = [process.hrtime.bigint() / 1000n];
  const { latencies, seconds } = await load.load(DURATION_MS);
  const used = process.cpuUsage(cpu);
  window.push(process.hrtime.bigint() / 1000n);
  // The load's window on the CPU profile's clock (µs), to read only the load's samples.
  process.stderr.write(`load window (µs): ${window.join(' ')}\n`);
  profile.stop();
  load.close();
  const summary = latencySummary(latencies, seconds);
  const rate = `${summary.perSecond} bets/s, p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms`;
  process.stderr.write(
    `${USERS} users (clients: ${CLIENTS}) for ${seconds.toFixed(1)} s: ${rate}\n`,
  );
  const cpuMs = (used.user + used.system) / 1000;
  process.stderr.write(
    `server process CPU: ${(cpuMs / 1000 / seconds).toFixed(2)} cores, ${(cpuMs / latencies.length).toFixed(2)} ms per bet\n`,
  );
  process.stderr.write(profileLines(profile, latencies.length, 'bet'));
});
