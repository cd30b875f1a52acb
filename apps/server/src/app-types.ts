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
import type { ContentSource } from './modules/content/content-source';
import type { FeedService } from './modules/feed/feed.service';
import type { SmsProvider } from './modules/notifications/sms.provider';
import type { MobileMoneyOperators } from './modules/payments/mobile-money.operator';
import type { MobileMoneyProvider } from './modules/payments/mobile-money.provider';
import type { Realtime } from './realtime/socket-server';

/** Everything modules need from the outside world, created once and passed in. */
export interface AppDeps {
  config: Config;
  db: Db;
  /**
   * The priority pool (ADR 187): short statements only, no transactions — a cash-out's session
   * lookup and UPDATE, which must not queue behind bets and credits on `db`. `db` itself on
   * PGlite.
   */
  priorityDb: Db;
  databaseKind: 'pglite' | 'postgres';
  realtime: Realtime;
  /** The clock; tests may replace it. */
  now: () => Date;
  /** Odds feed: read model, ingestion, sandbox simulator (issue #6). */
  feed: FeedService;
  // External services, each picked from configuration in `composition.ts`.
  /** Text messages: the sandbox outbox, Africa's Talking, or none (SMS_PROVIDER). */
  sms: SmsProvider;
  /** M-Pesa over Daraja: Safaricom's API or the built-in Daraja sandbox. */
  mobileMoney: MobileMoneyProvider;
  /** MTN MoMo, Airtel Money, Vodacom M-Pesa: one operator per provider and site. */
  mobileMoneyOperators: MobileMoneyOperators;
  /** Content: the `content/` folder or the Storyblok CDN. */
  content: ContentSource;
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
  interface FastifyContextConfig {
    /**
     * Refusals (in the error envelope) of a route whose answer is not JSON (an image): listed
     * in the OpenAPI document without a response serializer, which would JSON-encode the image.
     */
    refusals?: { status: number; description: string }[];
  }
  interface FastifyRequest {
    site: SiteConfig;
    /**
     * Minutes east of UTC the client shows times in: its `timeOffset` query or `x-time-offset`
     * header, else the site's own (docs/decisions/141).
     */
    timeOffsetMinutes: number;
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
