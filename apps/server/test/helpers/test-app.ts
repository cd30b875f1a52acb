import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from '../../src/config';
import { createServer, type RunningServer } from '../../src/server';
import { createTestDatabase } from './test-database';

export interface TestApp extends RunningServer {
  /** Base URL once `listen()` has been called (for socket clients and real HTTP). */
  url: string;
  listen(): Promise<string>;
}

/**
 * The real application on a fresh database, configured for tests. Requests go through
 * `app.inject`; call `listen()` for a real port (Socket.IO clients).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { now?: () => Date } = {},
): Promise<TestApp> {
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    ...(process.env.REDIS_URL
      ? {
          REDIS_URL: process.env.REDIS_URL,
          REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
        }
      : {}),
    ...env,
  });
  const database = await createTestDatabase();
  const server = await createServer(config, { database, ...options });
  const testApp: TestApp = {
    ...server,
    url: '',
    async listen() {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      testApp.url = `http://127.0.0.1:${port}`;
      return testApp.url;
    },
    async close() {
      await server.close();
      await database.close();
    },
  };
  return testApp;
}

/**
 * A listening app with a small sandbox world (two fixtures per tournament) on a fixed clock,
 * its feed connected: what the realtime tests' Socket.IO and hub clients talk to.
 */
export async function createFeedSocketApp(): Promise<TestApp> {
  const t = await createTestApp(
    { FEED_FIXTURES_PER_TOURNAMENT: '2' },
    { now: () => new Date('2026-11-21T12:00:00Z') },
  );
  await t.listen();
  await t.deps.feed.connect();
  return t;
}
