import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SITE_ID, isSiteId, type SiteId } from '@dau/domain/sites';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

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

const envSchema = z.object({
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
  /** Folder of the content service's JSON (stories, datasources). */
  CONTENT_DIR: z.string().optional(),
  /** How long loaded content is trusted before the folder is read again (0: every request). */
  CONTENT_RELOAD_MS: z.coerce.number().int().min(0).default(2_000),
  /** With a Storyblok delivery token the content service reads the real Storyblok CDN. */
  STORYBLOK_TOKEN: z.string().optional(),
  STORYBLOK_REGION: z.enum(['eu', 'us', 'ap', 'ca', 'cn']).default('eu'),
  STORYBLOK_CACHE_MS: z.coerce.number().int().min(0).default(60_000),
  /** Largest download and upload of the connection test. */
  CONNECTION_TEST_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
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
  content: {
    dir: string;
    reloadMs: number;
    storyblok: { token: string; region: 'eu' | 'us' | 'ap' | 'ca' | 'cn'; cacheMs: number } | null;
  };
  connectionTestMaxBytes: number;
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');
// src/ and dist/ sit at the same depth, so this is the repository's content/ folder from both.
const defaultContentDir = path.resolve(import.meta.dirname, '../../../content');

export class ConfigError extends Error {}

/** Validates the environment once, at start-up. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const blankAsMissing = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(blankAsMissing);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && e.SANDBOX) {
    throw new ConfigError('Invalid configuration:\n  SANDBOX: sandboxes are refused in production');
  }
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
    sandbox: e.SANDBOX ?? !isProduction,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    content: {
      dir: e.CONTENT_DIR ? path.resolve(e.CONTENT_DIR) : defaultContentDir,
      reloadMs: e.CONTENT_RELOAD_MS,
      storyblok: e.STORYBLOK_TOKEN
        ? { token: e.STORYBLOK_TOKEN, region: e.STORYBLOK_REGION, cacheMs: e.STORYBLOK_CACHE_MS }
        : null,
    },
    connectionTestMaxBytes: e.CONNECTION_TEST_MAX_BYTES,
  };
}
