import { randomBytes } from 'node:crypto';
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

/** `key=value` pairs of whole numbers separated by commas, e.g. `1=5000,2=8000`. */
const numberMapFromEnv = (label: string) =>
  z.string().transform((value, ctx) => {
    const map: Record<number, number> = {};
    for (const pair of value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [key, raw] = pair.split('=');
      const id = Number(key);
      const n = Number(raw);
      if (!Number.isInteger(id) || raw === undefined || !Number.isFinite(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: `invalid ${label} entry "${pair}"` });
        return z.NEVER;
      }
      map[id] = n;
    }
    return map;
  });

/** `siteId=min:max` pairs in currency units, e.g. `1=1:100000,4=0.5:50000`. */
const stakeLimitsFromEnv = z.string().transform((value, ctx) => {
  const map: Record<number, { min: number; max: number }> = {};
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [site, range] = pair.split('=');
    const [min, max] = (range ?? '').split(':').map(Number);
    const siteId = Number(site);
    if (
      !isSiteId(siteId) ||
      !(min !== undefined && min > 0) ||
      !(max !== undefined && max >= min)
    ) {
      ctx.addIssue({ code: 'custom', message: `invalid BET_STAKE_LIMITS entry "${pair}"` });
      return z.NEVER;
    }
    map[siteId] = { min, max };
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
  /** Failed logins per account before a lock-out starts. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /**
   * Failed logins per IP before a lock-out starts. Kenyan mobile carriers put many subscribers
   * behind one carrier-grade NAT address, so deployments may raise it.
   */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(5),
  /** Signs the `bbJWT` handed to game providers; random per process when unset (set it in production). */
  BB_JWT_SECRET: z.string().min(32).optional(),
  /**
   * M-Pesa Daraja. Unset base URL with SANDBOX on: the built-in Daraja sandbox of this server.
   * Safaricom's sandbox: https://sandbox.safaricom.co.ke with the app's key and secret.
   */
  DARAJA_BASE_URL: z.string().url().optional(),
  DARAJA_CONSUMER_KEY: z.string().default('dau-sandbox-key'),
  DARAJA_CONSUMER_SECRET: z.string().default('dau-sandbox-secret'),
  /** Paybill / till for STK push and C2B (Safaricom's sandbox shortcode by default). */
  DARAJA_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/)
    .default('174379'),
  DARAJA_PASSKEY: z
    .string()
    .default('bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919'),
  DARAJA_B2C_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/)
    .default('600000'),
  DARAJA_INITIATOR_NAME: z.string().default('testapi'),
  DARAJA_SECURITY_CREDENTIAL: z.string().default('sandbox-security-credential'),
  /** Public base URL Daraja calls back (e.g. https://api.dau.co.ke); unset: this server. */
  PAYMENTS_CALLBACK_BASE_URL: z.string().url().optional(),
  /**
   * Secret path segment of the callback URLs, so only Daraja (who got the URL) can call them.
   * Random per process when unset: set it in production, or callbacks after a restart are lost
   * to reconciliation.
   */
  PAYMENTS_CALLBACK_TOKEN: z.string().min(16).optional(),
  /** How long the built-in sandbox waits before it calls back (the PIN prompt). */
  DARAJA_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).default(3_000),
  DEPOSIT_MAX: z.coerce.number().int().positive().default(250_000),
  WITHDRAWAL_MIN: z.coerce.number().int().positive().default(10),
  WITHDRAWAL_MAX: z.coerce.number().int().positive().default(150_000),
  /** Spec: one withdrawal per 15 minutes. */
  WITHDRAWAL_MIN_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60_000),
  /** The spec does not show the 24-hour count limit: configured here. */
  WITHDRAWAL_MAX_PER_24H: z.coerce.number().int().positive().default(5),
  PAYMENTS_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** A payment pending longer than this is queried (STK) or released (B2C). */
  PAYMENTS_STALE_AFTER_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60_000),
  /**
   * A payout M-Pesa accepted but never reported on is released only after this long: releasing
   * earlier could pay the user twice if the result is merely late.
   */
  PAYMENTS_B2C_GIVE_UP_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60_000),
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
  /**
   * Which instance ingests: `auto` elects one through a PostgreSQL advisory lock when REDIS_URL
   * is set (several instances) and the database is PostgreSQL; `always` / `never` force it.
   */
  FEED_ELECTION: z.enum(['auto', 'always', 'never']).default('auto'),
  FEED_ELECTION_RETRY_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** How long a bet with live selections waits before its markets are checked again. */
  BET_LIVE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Per-sport live delays overriding BET_LIVE_DELAY_MS: `sportId=ms,...`. */
  BET_LIVE_DELAY_BY_SPORT: numberMapFromEnv('BET_LIVE_DELAY_BY_SPORT').default({}),
  /** Stake limits of every site, currency units; BET_STAKE_LIMITS overrides per site. */
  BET_MIN_STAKE: z.coerce.number().positive().default(1),
  BET_MAX_STAKE: z.coerce.number().positive().default(500_000),
  BET_STAKE_LIMITS: stakeLimitsFromEnv.default({}),
  /** How often the settlement engine drains the feed's settlement outbox (0: never, tests). */
  BET_SETTLEMENT_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  /** Booking codes stop loading this many hours after their last event's kick-off at most. */
  BOOKING_CODE_HOURS_AFTER_START: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(12),
  /** Loyalty: settled bets per week for the free bet (0 switches the programme off). */
  LOYALTY_WEEKLY_TARGET: z.coerce.number().int().min(0).max(1000).default(10),
  /** Least cash stake (currency units) for a settled bet to count. */
  LOYALTY_MIN_STAKE: z.coerce.number().min(0).default(50),
  /** The weekly free bet, currency units. */
  LOYALTY_REWARD_AMOUNT: z.coerce.number().positive().default(50),
  /** Loyalty weeks start Monday 00:00 at this offset from UTC (the spec's clock: UTC+3). */
  LOYALTY_WEEK_UTC_OFFSET_MINUTES: z.coerce.number().int().min(-720).max(840).default(180),
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
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  bbJwtSecret: string;
  payments: PaymentsConfig;
  content: {
    dir: string;
    reloadMs: number;
    storyblok: { token: string; region: 'eu' | 'us' | 'ap' | 'ca' | 'cn'; cacheMs: number } | null;
  };
  connectionTestMaxBytes: number;
  betting: BettingConfig;
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

export interface BettingConfig {
  liveDelayMs: number;
  liveDelayBySport: Record<number, number>;
  /** Currency units. */
  stakeLimits: { min: number; max: number };
  stakeLimitsBySite: Record<number, { min: number; max: number }>;
  settlementIntervalMs: number;
  bookingCodeHoursAfterStart: number;
  loyalty: LoyaltyConfig;
}

export interface LoyaltyConfig {
  weeklyTarget: number;
  /** Cents. */
  minStake: number;
  /** Cents. */
  rewardAmount: number;
  weekOffsetMinutes: number;
}

export interface PaymentsConfig {
  darajaBaseUrl: string | undefined;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  b2cShortcode: string;
  initiatorName: string;
  securityCredential: string;
  callbackBaseUrl: string | undefined;
  callbackToken: string;
  sandboxDelayMs: number;
  /** Whole currency units. */
  depositMax: number;
  withdrawalMin: number;
  withdrawalMax: number;
  withdrawalMinIntervalMs: number;
  withdrawalMaxPer24h: number;
  reconcileIntervalMs: number;
  staleAfterMs: number;
  b2cGiveUpMs: number;
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
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    bbJwtSecret: e.BB_JWT_SECRET ?? randomBytes(32).toString('hex'),
    payments: {
      darajaBaseUrl: e.DARAJA_BASE_URL,
      consumerKey: e.DARAJA_CONSUMER_KEY,
      consumerSecret: e.DARAJA_CONSUMER_SECRET,
      shortcode: e.DARAJA_SHORTCODE,
      passkey: e.DARAJA_PASSKEY,
      b2cShortcode: e.DARAJA_B2C_SHORTCODE,
      initiatorName: e.DARAJA_INITIATOR_NAME,
      securityCredential: e.DARAJA_SECURITY_CREDENTIAL,
      callbackBaseUrl: e.PAYMENTS_CALLBACK_BASE_URL,
      callbackToken: e.PAYMENTS_CALLBACK_TOKEN ?? randomBytes(16).toString('hex'),
      sandboxDelayMs: e.DARAJA_SANDBOX_DELAY_MS,
      depositMax: e.DEPOSIT_MAX,
      withdrawalMin: e.WITHDRAWAL_MIN,
      withdrawalMax: e.WITHDRAWAL_MAX,
      withdrawalMinIntervalMs: e.WITHDRAWAL_MIN_INTERVAL_MS,
      withdrawalMaxPer24h: e.WITHDRAWAL_MAX_PER_24H,
      reconcileIntervalMs: e.PAYMENTS_RECONCILE_INTERVAL_MS,
      staleAfterMs: e.PAYMENTS_STALE_AFTER_MS,
      b2cGiveUpMs: e.PAYMENTS_B2C_GIVE_UP_MS,
    },
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
    content: {
      dir: e.CONTENT_DIR ? path.resolve(e.CONTENT_DIR) : defaultContentDir,
      reloadMs: e.CONTENT_RELOAD_MS,
      storyblok: e.STORYBLOK_TOKEN
        ? { token: e.STORYBLOK_TOKEN, region: e.STORYBLOK_REGION, cacheMs: e.STORYBLOK_CACHE_MS }
        : null,
    },
    connectionTestMaxBytes: e.CONNECTION_TEST_MAX_BYTES,
    betting: {
      liveDelayMs: e.BET_LIVE_DELAY_MS,
      liveDelayBySport: e.BET_LIVE_DELAY_BY_SPORT,
      stakeLimits: { min: e.BET_MIN_STAKE, max: e.BET_MAX_STAKE },
      stakeLimitsBySite: e.BET_STAKE_LIMITS,
      settlementIntervalMs: e.BET_SETTLEMENT_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 1_000),
      bookingCodeHoursAfterStart: e.BOOKING_CODE_HOURS_AFTER_START,
      loyalty: {
        weeklyTarget: e.LOYALTY_WEEKLY_TARGET,
        minStake: Math.round(e.LOYALTY_MIN_STAKE * 100),
        rewardAmount: Math.round(e.LOYALTY_REWARD_AMOUNT * 100),
        weekOffsetMinutes: e.LOYALTY_WEEK_UTC_OFFSET_MINUTES,
      },
    },
  };
}
