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
  /**
   * The odds feed: `simulator` runs the sandbox simulator on its own clock, `manual` creates
   * it but leaves the clock to the caller (tests), `off` has no provider. Default: `simulator`
   * with sandboxes on, `manual` in tests, `off` in production.
   */
  FEED_MODE: z.enum(['simulator', 'manual', 'off']).optional(),
  FEED_SEED: z.coerce.number().int().default(20261121),
  /** Simulated seconds per real second. */
  FEED_SPEED: z.coerce.number().positive().max(3600).default(1),
  FEED_FIXTURES_PER_TOURNAMENT: z.coerce.number().int().min(1).max(100).default(14),
  FEED_LIVE_TARGET: z.coerce.number().int().min(0).max(100).default(6),
  /** Let the simulator drop producers by itself now and then. */
  FEED_OUTAGES: booleanFromEnv.default(false),
  /**
   * Which instance ingests: `auto` elects one through a PostgreSQL advisory lock when REDIS_URL
   * is set (several instances) and the database is PostgreSQL; `always` / `never` force it.
   */
  FEED_ELECTION: z.enum(['auto', 'always', 'never']).default('auto'),
  FEED_ELECTION_RETRY_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
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
  feed: {
    mode: 'simulator' | 'manual' | 'off';
    seed: number;
    speed: number;
    fixturesPerTournament: number;
    liveTarget: number;
    outages: boolean;
    election: 'auto' | 'always' | 'never';
    electionRetryMs: number;
  };
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

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
  if (isProduction && e.FEED_MODE && e.FEED_MODE !== 'off') {
    throw new ConfigError('Invalid configuration:\n  FEED_MODE: the feed simulator is a sandbox');
  }
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
    feed: {
      mode:
        e.FEED_MODE ??
        (isProduction || e.SANDBOX === false
          ? 'off'
          : e.NODE_ENV === 'test'
            ? 'manual'
            : 'simulator'),
      seed: e.FEED_SEED,
      speed: e.FEED_SPEED,
      fixturesPerTournament: e.FEED_FIXTURES_PER_TOURNAMENT,
      liveTarget: e.FEED_LIVE_TARGET,
      outages: e.FEED_OUTAGES,
      election: e.FEED_ELECTION,
      electionRetryMs: e.FEED_ELECTION_RETRY_MS,
    },
  };
}
