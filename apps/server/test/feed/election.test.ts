import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createServer, type RunningServer } from '../../src/server';
import { createTestDatabase } from '../helpers/test-database';
import { holderOf, terminate, type AdvisoryLock } from '../foundation/leader-kit';

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

// The ingestion lock (feed.service.ts): class 200001, and a hash of the schema.
const ingestionLock: AdvisoryLock = {
  classid: sql`200001`,
  objid: sql`hashtext(current_schema())`,
  objsubid: 2,
};

it.skipIf(!process.env.DATABASE_URL)(
  'a leader whose database session dies stops ingesting; exactly one instance ingests (ADR 127)',
  async () => {
    const database = await createTestDatabase();
    const config = electionConfig();
    const servers: RunningServer[] = [];
    try {
      servers.push(await createServer(config, { database }));
      servers.push(await createServer(config, { database }));
      await waitFor(() => servers.some((s) => s.deps.feed.isIngesting()));
      const killed = await holderOf(database.db, ingestionLock);
      expect(killed).not.toBeNull();
      await terminate(database.db, killed ?? 0);

      // Before ADR 127 the old leader never noticed (or its process died of the connection's
      // unhandled 'error'), and both instances ingested once the follower took the free lock.
      let holder: number | null = null;
      const end = Date.now() + 15_000;
      for (;;) {
        holder = await holderOf(database.db, ingestionLock);
        const ingesting = servers.filter((s) => s.deps.feed.isIngesting()).length;
        if (holder !== null && holder !== killed && ingesting === 1) break;
        if (Date.now() > end) throw new Error(`timed out: ${ingesting} ingesting`);
        await sleep(50);
      }
      // Past a heartbeat (2 s), still one.
      await sleep(2_500);
      expect(servers.filter((s) => s.deps.feed.isIngesting())).toHaveLength(1);
      expect(await holderOf(database.db, ingestionLock)).toBe(holder);
    } finally {
      for (const s of servers) await s.close();
      await database.close();
    }
  },
);
