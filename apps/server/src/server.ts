import path from 'node:path';
import type { Kysely } from 'kysely';
import type { AppDeps, AppInstance } from './app-types';
import { buildApp } from './app';
import type { Config } from './config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database';
import { seedDemoData } from './db/seed';
import { resolveSession } from './modules/accounts/session.service';
import { SocketRealtime } from './realtime/socket-server';

export interface RunningServer {
  app: AppInstance;
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * Opens the database (PGlite under DATA_DIR unless DATABASE_URL is set), migrates, seeds demo
 * data when configured, builds the app and attaches the realtime server. Nothing listens yet.
 */
export async function createServer(
  config: Config,
  options: { database?: DatabaseHandle; now?: () => Date } = {},
): Promise<RunningServer> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDataDir: path.join(config.dataDir, 'pglite'),
    }));
  await migrateToLatest(database.db as unknown as Kysely<unknown>);

  const now = options.now ?? (() => new Date());
  const realtime = new SocketRealtime({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    resolveToken: (token) => resolveSession(database.db, token, now()),
  });
  const deps: AppDeps = { config, db: database.db, databaseKind: database.kind, now, realtime };
  const app = await buildApp({ deps });
  await realtime.attach(app.server, app.log);
  if (config.seedDemo) await seedDemoData(deps);
  await app.ready();

  let closed = false;
  return {
    app,
    deps,
    async close() {
      if (closed) return;
      closed = true;
      await realtime.close();
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
