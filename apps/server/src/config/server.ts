import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SITE_ID, isSiteId, type SiteId } from '@dau/domain/sites';
import { booleanFromEnv, type ConfigContext } from './area';

/** `host=siteId` pairs separated by commas, e.g. `tz.dau.local=4,ug.dau.local=1`. */
const siteHostsFromEnv = z.string().transform((value, ctx) => {
  const map: Record<string, SiteId> = {};
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [host, id] = pair.split('=');
    const siteId = Number(id);
    if (!host || !isSiteId(siteId)) {
      ctx.addIssue({ code: 'custom', message: `invalid SITE_HOSTS entry "${pair}"` });
      return z.NEVER;
    }
    map[host.toLowerCase()] = siteId;
  }
  return map;
});

/** The process: HTTP, database, Redis, sites, sandboxes, request limits and sign-in limits. */
export const serverEnv = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key (rate limits, adapter channels), so deployments can share one. */
  REDIS_PREFIX: z.string().default('dau:'),
  DATA_DIR: z.string().default('./.data'),
  SITE_ID: z.coerce
    .number()
    .refine(isSiteId, 'SITE_ID must be 1, 2, 3 or 4')
    .default(DEFAULT_SITE_ID)
    .transform((n) => n as SiteId),
  SITE_HOSTS: siteHostsFromEnv.default({}),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** Built-in sandboxes (odds feed controls, mobile money, SMS outbox). Refused in production. */
  SANDBOX: booleanFromEnv.optional(),
  SEED_DEMO: booleanFromEnv.optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  /** Failed logins per account before a lock-out starts. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /**
   * Failed logins per IP before a lock-out starts. Kenyan mobile carriers put many subscribers
   * behind one carrier-grade NAT address, so deployments may raise it.
   */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(5),
  /** Signs the `bbJWT` handed to game providers; random per process when unset (set it in production). */
  BB_JWT_SECRET: z.string().min(32).optional(),
  /** Largest download and upload of the connection test. */
  CONNECTION_TEST_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
};

export interface ServerConfig {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  dataDir: string;
  siteId: SiteId;
  siteHosts: Record<string, SiteId>;
  logLevel: string;
  webDist: string;
  publicUrl: string | undefined;
  sandbox: boolean;
  seedDemo: boolean;
  trustProxy: boolean;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  shutdownGraceMs: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  bbJwtSecret: string;
  connectionTestMaxBytes: number;
}

type ServerEnv = z.output<z.ZodObject<typeof serverEnv>>;

export function serverConfig(
  e: ServerEnv,
  context: ConfigContext,
  defaultWebDist: string,
): ServerConfig {
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    dataDir: path.resolve(e.DATA_DIR),
    siteId: e.SITE_ID,
    siteHosts: e.SITE_HOSTS,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist,
    publicUrl: e.PUBLIC_URL,
    sandbox: context.sandbox,
    seedDemo: e.SEED_DEMO ?? !context.isProduction,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    bbJwtSecret: e.BB_JWT_SECRET ?? randomBytes(32).toString('hex'),
    connectionTestMaxBytes: e.CONNECTION_TEST_MAX_BYTES,
  };
}
