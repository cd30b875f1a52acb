import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import type { AppDeps, AppInstance } from './app-types';
import { buildApp } from './app';
import { composeProviders } from './composition';
import type { Config } from './config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database';
import { seedDemoData, seedDemoDataAfterFeed } from './demo-data';
import { isAllowedSocketOrigin } from './config/server';
import { liveSessionIds, resolveSession } from './modules/accounts/session.service';
import { addressKey, clientAddress } from './plugins/client-address';
import type { OddsChangePush } from '@dau/contracts/sports/realtime-payloads';
import { FeedService } from './modules/feed/feed.service';
import { feedChannelCatchUp } from './modules/feed/feed-subscriptions';
import { receiptStatus } from './modules/betting/betting.pushes';
import { activeCriticalNotices } from './modules/notices/notices.service';
import { PushTap } from './realtime/push-tap';
import { HUB_PATH, SignalRHub } from './realtime/signalr-hub';
import { SocketRealtime } from './realtime/socket-server';
import { WebSocketApi } from './realtime/websocket-api';

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
      poolSize: config.databasePoolSize,
      priorityPoolSize: config.databasePriorityPoolSize,
      pgliteDataDir: path.join(config.dataDir, 'pglite'),
    }));
  await migrateToLatest(database.db as unknown as Kysely<unknown>);

  const now = options.now ?? (() => new Date());
  const socketAddress = (request: IncomingMessage) =>
    addressKey(
      clientAddress(
        request.socket.remoteAddress,
        request.headers['x-forwarded-for'],
        config.trustProxy,
      ),
    );
  const realtime = new SocketRealtime({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    resolveToken: (token) => resolveSession(database.db, token, now(), config.sessionIdleMs),
    // Sockets end with their session (decision 123).
    liveSessions: (ids) => liveSessionIds(database.db, ids, now(), config.sessionIdleMs),
    sessionCheckMs: config.socketSessionCheckMs,
    allowOrigin: (origin, host) => isAllowedSocketOrigin(config, origin, host),
    clientAddress: socketAddress,
    maxConnectionsPerAddress: config.socketMaxConnectionsPerIp,
  });
  const log = pino({ level: config.logLevel });
  // The built-in sandboxes answer on this server once it listens.
  let listening: AppInstance | null = null;
  const selfUrl = () => {
    const address = listening?.server.address() as AddressInfo | string | null | undefined;
    if (!address || typeof address === 'string') throw new Error('the server is not listening yet');
    return `http://127.0.0.1:${address.port}`;
  };
  const providers = composeProviders({ config, db: database.db, now, log, selfUrl });
  const feed = new FeedService({
    config,
    db: database.db,
    realtime,
    now,
    log: log.child({ module: 'feed' }),
    provider: providers.feed.provider,
    simulator: providers.feed.simulator,
  });
  const deps: AppDeps = {
    config,
    db: database.db,
    priorityDb: database.priorityDb,
    databaseKind: database.kind,
    now,
    realtime,
    feed,
    sms: providers.sms,
    mobileMoney: providers.mobileMoney,
    mobileMoneyOperators: providers.mobileMoneyOperators,
    content: providers.content,
  };
  const app = await buildApp({ deps });
  listening = app;
  await realtime.attach(app.server, app.log);
  // One tap feeds the endpoints beside Socket.IO, relayed between instances over Redis (214).
  const tap = new PushTap({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    logger: app.log,
  });
  const siteNotices = (siteId: number, send: (target: 'Critical', notice: unknown) => void) => {
    activeCriticalNotices(database.db, siteId)
      .then((notices) => {
        for (const notice of notices) send('Critical', notice);
      })
      .catch((err: unknown) => app.log.warn({ err }, 'site notices'));
  };
  // The SignalR event hub of spec doc 2 §7 (decision 212).
  const hub = new SignalRHub({
    allowOrigin: (origin, host) => isAllowedSocketOrigin(config, origin, host),
    logger: app.log,
    // A hub client registering a site gets its critical notices in force (issue #15 item 14).
    onRegisterSite: siteNotices,
    // A hub client joining an event or a sport gets its events' summaries (ADR 230).
    onJoin: (room, send) => {
      for (const summary of feed.snapshots.room(room)) send('EventUpdated', summary);
    },
  });
  // The websocket API and realtime events service of spec doc 2 §7 (decision 214).
  const feedCatchUp = feedChannelCatchUp(feed);
  const wsApi = new WebSocketApi({
    resolveToken: (token) => resolveSession(database.db, token, now(), config.sessionIdleMs),
    liveSessions: (ids) => liveSessionIds(database.db, ids, now(), config.sessionIdleMs),
    sessionCheckMs: config.socketSessionCheckMs,
    allowOrigin: (origin, host) => isAllowedSocketOrigin(config, origin, host),
    clientAddress: socketAddress,
    maxConnectionsPerAddress: config.socketMaxConnectionsPerIp,
    logger: app.log,
    onInit: feedCatchUp.onInit,
    onSubscribe: (channel, send) => {
      feedCatchUp.onSubscribe(channel, send);
      const [kind, siteId] = channel.split(':');
      if (kind === 'site') siteNotices(Number(siteId), send);
    },
    onAuth: (user, bid, send) => {
      if (bid === undefined) return;
      receiptStatus(database.db, user.userId, bid)
        .then((status) => {
          if (status) send('BetsStatus_v2', status);
        })
        .catch((err: unknown) => app.log.warn({ err }, 'ws receipt status'));
    },
  });
  if (realtime.io) {
    // Prices pushed by the ingesting instance keep this one's snapshots current (ADR 230).
    tap.listen({
      wants: (push) => push.target === 'oddsChange',
      deliver: (push) => feed.snapshots.priceSeen(push.args[0] as OddsChangePush),
    });
    hub.attach(app.server, tap);
    wsApi.attach(app.server, tap);
    await tap.attach(realtime.io);
  }
  app.post(`${HUB_PATH}/negotiate`, { schema: { hide: true } }, async (request) => {
    const version = Number(
      new URL(request.url, 'http://localhost').searchParams.get('negotiateVersion'),
    );
    return hub.negotiate(Number.isFinite(version) ? version : 0);
  });
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
      hub.close();
      wsApi.close();
      await tap.close();
      await realtime.close();
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
