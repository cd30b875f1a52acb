import path from 'node:path';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import type { AppDeps, AppInstance } from './app-types';
import { buildApp } from './app';
import type { Config } from './config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database';
import { seedDemoData, seedDemoDataAfterFeed } from './db/seed';
import { resolveSession } from './modules/accounts/session.service';
import { FeedService } from './modules/feed/feed.service';
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
  const feedLog = pino({ level: config.logLevel }).child({ module: 'feed' });
  const feed = new FeedService({ config, db: database.db, realtime, now, log: feedLog });
  const deps: AppDeps = {
    config,
    db: database.db,
    databaseKind: database.kind,
    now,
    realtime,
    feed,
  };
  const app = await buildApp({ deps });
  await realtime.attach(app.server, app.log);
  if (config.seedDemo) await seedDemoData(deps);
  await feed.load();
  await app.ready();
  // The simulated feed plays on its own clock for `npm start`; tests step it themselves.
  if (config.feed.mode === 'simulator') {
    const elect =
      database.kind === 'postgres' &&
      (config.feed.election === 'always' || (config.feed.election === 'auto' && !!config.redisUrl));
    if (elect) feed.startElection();
    else {
      await feed.connect({ run: true });
      if (config.seedDemo) await seedDemoDataAfterFeed(deps, app.log);
    }
  }

  let closed = false;
  return {
    app,
    deps,
    async close() {
      if (closed) return;
      closed = true;
      await feed.close();
      await realtime.close();
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
