import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/database';
import { createServer, type RunningServer } from '../../src/server';
import { createTestDatabase } from './test-database';

export interface Instance {
  server: RunningServer;
  url: string;
}

export interface TwoInstances {
  /** The shared test database (set in `beforeAll`). */
  readonly database: DatabaseHandle;
  /** Both listening instances (filled in `beforeAll`). */
  readonly servers: Instance[];
}

export interface TwoInstancesOptions {
  /** Settings of instance `index` (0 or 1) over the defaults (`FEED_MODE=off`, ...). */
  env?: (index: number) => Record<string, string>;
  /** Runs once the first instance listens, before the second starts (and loads the feed). */
  afterFirst?: (first: Instance) => Promise<void>;
}

/**
 * Two server instances in this process on one test database and the Redis at `redisUrl`, under
 * a key prefix of their own, listening on free ports: what the cross-instance tests (sockets,
 * the SignalR hub, the websocket API) stand on. Registers its own `beforeAll` and `afterAll`;
 * `beforeClose` runs first there (close the clients before the servers).
 */
export function useTwoInstances(
  redisUrl: string,
  beforeClose?: () => Promise<void> | void,
  options: TwoInstancesOptions = {},
) {
  const state: { database?: DatabaseHandle; servers: Instance[] } = { servers: [] };
  beforeAll(async () => {
    state.database = await createTestDatabase();
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    for (let i = 0; i < 2; i += 1) {
      const config = loadConfig({
        NODE_ENV: 'test',
        SEED_DEMO: 'false',
        WEB_DIST: '/nonexistent-web-dist',
        FEED_MODE: 'off',
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        ...options.env?.(i),
      });
      const server = await createServer(config, { database: state.database });
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      state.servers.push({ server, url: `http://127.0.0.1:${port}` });
      if (i === 0) await options.afterFirst?.(state.servers[0]!);
    }
  });
  afterAll(async () => {
    await beforeClose?.();
    for (const { server } of state.servers) await server.close();
    await state.database?.close();
  });
  return {
    get database() {
      if (!state.database) throw new Error('useTwoInstances: the database opens in beforeAll');
      return state.database;
    },
    servers: state.servers,
  } satisfies TwoInstances;
}
