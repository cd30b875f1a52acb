import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SiteConfig } from '@dau/domain/sites';
import type { Config } from './config';
import type { Db } from './db/database';
import type { FeedService } from './modules/feed/feed.service';
import type { Realtime } from './realtime/socket-server';

/** Everything modules need from the outside world, created once and passed in. */
export interface AppDeps {
  config: Config;
  db: Db;
  databaseKind: 'pglite' | 'postgres';
  realtime: Realtime;
  /** The clock; tests may replace it. */
  now: () => Date;
  /** Odds feed: read model, ingestion, sandbox simulator (issue #6). */
  feed: FeedService;
}

export interface SessionUser {
  userId: number;
  externalId: string;
  siteId: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    site: SiteConfig;
    /** The signed-in user, set by `requireUser` / `optionalUser`. */
    user: SessionUser | null;
  }
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
