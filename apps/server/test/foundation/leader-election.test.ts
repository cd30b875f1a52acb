import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoundLeader, type RoundRunner } from '../../src/modules/casino/games/round-leader';
import { createTestDatabase } from '../helpers/test-database';
import { bigintLock, holderOf, terminate, waitFor } from './leader-kit';

// Advisory locks need a PostgreSQL server; PGlite is one process, where nothing is elected.
const onPostgres = Boolean(process.env.DATABASE_URL);
const quiet = { info: () => undefined, error: () => undefined };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  if (onPostgres) database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** A game loop that only records whether it runs, and how often it was started and stopped. */
class FakeRunner implements RoundRunner {
  running = false;
  starts = 0;
  stops = 0;
  start(): void {
    this.running = true;
    this.starts += 1;
  }
  async stop(): Promise<void> {
    if (this.running) this.stops += 1;
    this.running = false;
  }
}

describe.skipIf(!onPostgres)('leaders when their database session dies (ADR 127)', () => {
  it('the leader whose session is terminated stops at once; exactly one leads afterwards', async () => {
    const lockKey = randomInt(1, 2 ** 31 - 1);
    const lock = bigintLock(lockKey);
    const runners = [new FakeRunner(), new FakeRunner()];
    const leaders = runners.map(
      (runner) =>
        new RoundLeader(database.db, runner, {
          lockKey,
          name: 'test',
          elect: true,
          retryMs: 100,
          heartbeatMs: 100,
          log: quiet,
        }),
    );
    try {
      for (const leader of leaders) leader.start();
      await waitFor(async () => runners.some((r) => r.running));
      const first = runners.findIndex((r) => r.running);
      const killed = await holderOf(database.db, lock);
      expect(killed).not.toBeNull();

      await terminate(database.db, killed ?? 0);
      // The killed leader stopped its loop; a live session holds the lock and exactly one
      // loop runs (without step-down both would play: the killed one never notices).
      await waitFor(async () => {
        const holder = await holderOf(database.db, lock);
        return (
          (runners[first]?.stops ?? 0) >= 1 &&
          holder !== null &&
          holder !== killed &&
          runners.filter((r) => r.running).length === 1
        );
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(runners.filter((r) => r.running)).toHaveLength(1);
      expect(leaders.filter((l) => l.isLeader())).toHaveLength(1);

      // The one that lost its session stands again: it leads once the other closes.
      const now = runners.findIndex((r) => r.running);
      await leaders[now]?.close();
      await waitFor(async () => runners[1 - now]?.running === true);
    } finally {
      for (const leader of leaders) await leader.close();
    }
    expect(runners.every((r) => !r.running)).toBe(true);
    expect(await holderOf(database.db, lock)).toBeNull();
  });

  it('a leader that cannot reach the database keeps standing, and leads once it can', async () => {
    const lockKey = randomInt(1, 2 ** 31 - 1);
    const lock = bigintLock(lockKey);
    const runner = new FakeRunner();
    const leader = new RoundLeader(database.db, runner, {
      lockKey,
      name: 'test',
      elect: true,
      retryMs: 100,
      heartbeatMs: 100,
      log: quiet,
    });
    try {
      leader.start();
      await waitFor(async () => runner.running);
      // Killed three times in a row: every time it steps down and wins again on a new session.
      for (let i = 1; i <= 3; i += 1) {
        const holder = await holderOf(database.db, lock);
        await terminate(database.db, holder ?? 0);
        await waitFor(async () => runner.stops === i && runner.starts === i + 1);
      }
    } finally {
      await leader.close();
    }
  });
});
