import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createServer, type RunningServer } from '../../src/server';
import { createTestDatabase } from '../helpers/test-database';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(50);
  }
}

function electionConfig() {
  return loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    FEED_MODE: 'simulator',
    FEED_ELECTION: 'always',
    FEED_ELECTION_RETRY_MS: '200',
    FEED_FIXTURES_PER_TOURNAMENT: '1',
  });
}

// Advisory locks need a PostgreSQL server (PGlite is one process, one instance).
it.skipIf(!process.env.DATABASE_URL)(
  'lets exactly one instance ingest; a follower takes over when the leader stops',
  async () => {
    const database = await createTestDatabase();
    const config = electionConfig();
    const servers: RunningServer[] = [];
    try {
      servers.push(await createServer(config, { database }));
      servers.push(await createServer(config, { database }));
      await waitFor(() => servers.some((s) => s.deps.feed.isIngesting()));
      await sleep(600);
      const leaders = servers.filter((s) => s.deps.feed.isIngesting());
      expect(leaders).toHaveLength(1);
      const [leader] = leaders;
      const follower = servers.find((s) => s !== leader);
      // The follower serves what the leader ingested, read from the database.
      await waitFor(() => (follower?.deps.feed.model.events.size ?? 0) > 0);

      await leader?.close();
      await waitFor(
        () =>
          follower?.deps.feed.isIngesting() === true &&
          !follower.deps.feed.status().uofDisconnected,
      );
      expect(leader?.deps.feed.isIngesting()).toBe(false);
    } finally {
      for (const s of servers) await s.close();
      await database.close();
    }
  },
);

it.skipIf(!process.env.DATABASE_URL)(
  'elects a leader per schema: deployments in separate schemas of one server never contend',
  async () => {
    const databases = [await createTestDatabase(), await createTestDatabase()];
    const config = electionConfig();
    const servers: RunningServer[] = [];
    try {
      for (const database of databases) servers.push(await createServer(config, { database }));
      await waitFor(() => servers.every((s) => s.deps.feed.isIngesting()));
      expect(servers.map((s) => s.deps.feed.isIngesting())).toEqual([true, true]);
    } finally {
      for (const s of servers) await s.close();
      for (const database of databases) await database.close();
    }
  },
);
