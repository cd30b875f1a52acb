/**
 * Settling a market with many open bets on it (issue #19 item 2, ADR 215), on PostgreSQL: N
 * singles on one event's home win, the event settled by the feed, then `processSettlements`
 * timed — once in batches (today's way) and once with every bet in the message's own
 * transaction (the old way), each on its own event of N bets, in the same run. Meanwhile four
 * users keep placing bets on other events, and their p99 is reported for each way: placement
 * must not stop while a big market settles.
 *
 * BENCH_SETTLE_BETS (default 10,000) bets per way. DATABASE_URL as for the other PostgreSQL
 * benchmarks; without a reachable server the benchmark says so and skips.
 */
import { randomBytes } from 'node:crypto';
import { processSettlements } from '../apps/server/src/modules/betting/settlement.service';
import { DATABASE_URL, latencySummary, reachable } from './postgres-kit';
import {
  fundedUsers,
  listeningWithPicks,
  postPlaceBet,
  reporter,
  withBenchServer,
  type Pick,
} from './server-kit';

const BETS = Number(process.env.BENCH_SETTLE_BETS ?? 10_000);
const PLACERS = 16;
const NAME = `Settling a market with ${BETS} open bets (PostgreSQL), placement beside it`;

const report = reporter(NAME);

async function run(): Promise<Record<string, unknown>> {
  return withBenchServer('bench_settle', {}, async (server) => {
    const { base, picks } = await listeningWithPicks(server);
    const [batched, single, ...others] = picks as [Pick, Pick, ...Pick[]];
    // The manual feed's producers go down after 20 s without an alive: the simulator's own
    // timer, paused, keeps them up (alive every 10 s) with the prices standing still.
    const simulator = server.deps.feed.simulator;
    if (!simulator) throw new Error('the bench needs the simulated feed');
    await simulator.pause();
    simulator.run();
    const users = await fundedUsers(server.deps.db, PLACERS + 4);
    const placers = users.slice(0, PLACERS).map((u) => u.cookie);
    const bystanders = users.slice(PLACERS).map((u) => u.cookie);

    let sequence = 0;
    const place = async (cookie: string, pick: Pick): Promise<number> => {
      sequence += 1;
      const began = performance.now();
      const res = await postPlaceBet(
        base,
        cookie,
        [pick],
        `bench-${sequence}-${randomBytes(6).toString('hex')}`,
      );
      const body = await res.text();
      if (res.status !== 200) throw new Error(`PlaceBet answered ${res.status}: ${body}`);
      return performance.now() - began;
    };
    const fill = async (pick: Pick) => {
      let left = BETS;
      await Promise.all(
        placers.map(async (cookie) => {
          while (left > 0) {
            left -= 1;
            await place(cookie, pick);
          }
        }),
      );
    };
    await fill(batched);
    await fill(single);

    /** Settles `pick`'s event and times it, with the bystanders placing bets meanwhile. */
    const settle = async (pick: Pick, inlineMaxBets: number) => {
      await simulator.settleNow(pick.eventId, { home: 1, away: 0 });
      await simulator.idle();
      let settling = true;
      const latencies: number[] = [];
      const bystanding = Promise.all(
        bystanders.map(async (cookie, i) => {
          let k = i;
          while (settling) {
            latencies.push(await place(cookie, others[k % others.length] as Pick));
            k += bystanders.length;
          }
        }),
      );
      const began = performance.now();
      const result = await processSettlements(server.deps, { inlineMaxBets });
      const seconds = (performance.now() - began) / 1000;
      settling = false;
      await bystanding;
      latencies.sort((a, b) => a - b);
      const placement = latencySummary(latencies, seconds);
      return {
        betsSettled: result.betsChanged,
        failed: result.failed,
        seconds: Number(seconds.toFixed(2)),
        betsSettledPerSecond: Math.round(result.betsChanged / seconds),
        placedMeanwhile: latencies.length,
        placementP50Ms: placement.p50Ms,
        placementP99Ms: placement.p99Ms,
        placementMaxMs: Math.round(latencies.at(-1) ?? 0),
      };
    };
    try {
      const inBatches = await settle(batched, 200);
      const inOne = await settle(single, Number.MAX_SAFE_INTEGER);
      return { inBatches, inOneTransaction: inOne };
    } finally {
      await simulator.stop();
    }
  });
}

const unreachable = await reachable(DATABASE_URL);
if (unreachable) {
  report({ skipped: `PostgreSQL is not reachable at DATABASE_URL (${unreachable})` });
} else {
  const result = await run();
  report({ betsPerMarket: BETS, ...result, goal: 'bounded time; placement p99 not stalled' });
}
