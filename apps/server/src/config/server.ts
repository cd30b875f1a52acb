import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SITE_ID, isSiteId, type SiteId } from '@dau/domain/sites';
import { isAddressOrNetwork, type TrustProxy } from '../plugins/client-address';
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

/** `siteId=url` pairs separated by commas, e.g. `1=https://ug.dau.example,4=https://tz.dau.example`. */
const sitePublicUrlsFromEnv = z.string().transform((value, ctx) => {
  const map: Partial<Record<SiteId, string>> = {};
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    const siteId = Number(pair.slice(0, at));
    const url = pair.slice(at + 1);
    if (at < 1 || !isSiteId(siteId) || !z.string().url().safeParse(url).success) {
      ctx.addIssue({ code: 'custom', message: `invalid SITE_PUBLIC_URLS entry "${pair}"` });
      return z.NEVER;
    }
    map[siteId] = url.replace(/\/+$/, '');
  }
  return map;
});

/**
 * TRUST_PROXY: `false`, the number of proxies in front of the server (hops), or the addresses
 * and networks of the trusted proxies separated by commas. `true` is refused: it would trust the
 * left-most `X-Forwarded-For` address, which the client writes itself (decision 121).
 */
const trustProxyFromEnv = z.string().transform((value, ctx): TrustProxy => {
  const v = value.trim().toLowerCase();
  if (['false', '0', 'no'].includes(v)) return false;
  if (['true', 'yes'].includes(v)) {
    ctx.addIssue({
      code: 'custom',
      message:
        "true would trust the client's own X-Forwarded-For; give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,192.168.1.5)",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) {
      ctx.addIssue({ code: 'custom', message: 'at most 10 proxy hops' });
      return z.NEVER;
    }
    return hops === 0 ? false : hops;
  }
  const entries = v
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrNetwork(entry));
  if (bad !== undefined || entries.length === 0) {
    ctx.addIssue({ code: 'custom', message: `"${bad ?? value}" is not an address or network` });
    return z.NEVER;
  }
  return entries;
});

/** The process: HTTP, database, Redis, sites, sandboxes, request limits and sign-in limits. */
export const serverEnv = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL connections per instance (docs/deployment.md sizes it). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /**
   * PostgreSQL connections per instance kept for short latency-critical statements, so they
   * never queue behind the main pool's transactions (a cash-out; ADR 187). 0: none, they use
   * the main pool.
   */
  DATABASE_PRIORITY_POOL_SIZE: z.coerce.number().int().min(0).max(50).default(2),
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
  /** The public address of the app; links in SMS are built from it. Required in production. */
  PUBLIC_URL: z.string().url().optional(),
  /** Per-site public addresses (`siteId=url` pairs, e.g. `1=https://ug.dau.example`). */
  SITE_PUBLIC_URLS: sitePublicUrlsFromEnv.default({}),
  /** Built-in sandboxes (odds feed controls, mobile money, SMS outbox). Refused in production. */
  SANDBOX: booleanFromEnv.optional(),
  SEED_DEMO: booleanFromEnv.optional(),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  /** Login attempts per account in 15 minutes (four times as many a day; ADR 120). */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /**
   * Failed logins per network address (IPv6: per /64) in 15 minutes, ten times as many a day.
   * Kenyan mobile carriers put many subscribers behind one carrier-grade NAT address: successes
   * do not count, known browsers are counted apart, and the limit is high (ADR 120).
   */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  /** A session unused this long ends (beside the absolute 30 days after login; ADR 122). */
  SESSION_IDLE_HOURS: z.coerce.number().positive().max(720).default(168),
  /**
   * How long a session read from the database may answer this instance's later requests without
   * another read (ADR 188); 0 = every request reads its session. Ended sessions are forgotten at
   * once (on every instance through Redis); this is the bound only for what no announcement covers.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /** The same for the High Flyer cash-out (the priority pool's route, ADR 187 and 188). */
  SESSION_CACHE_PRIORITY_SECONDS: z.coerce.number().int().min(0).max(60).default(30),
  /** Socket.IO connections one client address (IPv6: /64) may hold on one instance (ADR 123). */
  SOCKET_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().positive().default(200),
  /** How often each instance re-checks the sessions of its signed-in sockets (ADR 123). */
  SOCKET_SESSION_CHECK_SECONDS: z.coerce.number().positive().default(60),
  /** The OpenAPI document and its viewer at /api/docs; off in production unless enabled. */
  API_DOCS: booleanFromEnv.optional(),
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
  databasePoolSize: number;
  databasePriorityPoolSize: number;
  redisUrl: string | undefined;
  redisPrefix: string;
  dataDir: string;
  siteId: SiteId;
  siteHosts: Record<string, SiteId>;
  logLevel: string;
  webDist: string;
  publicUrl: string | undefined;
  sitePublicUrls: Partial<Record<SiteId, string>>;
  sandbox: boolean;
  seedDemo: boolean;
  trustProxy: TrustProxy;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  shutdownGraceMs: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  sessionIdleMs: number;
  sessionCacheMs: number;
  sessionCachePriorityMs: number;
  socketMaxConnectionsPerIp: number;
  socketSessionCheckMs: number;
  apiDocs: boolean;
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
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePriorityPoolSize: e.DATABASE_PRIORITY_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    dataDir: path.resolve(e.DATA_DIR),
    siteId: e.SITE_ID,
    siteHosts: e.SITE_HOSTS,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    sitePublicUrls: e.SITE_PUBLIC_URLS,
    sandbox: context.sandbox,
    seedDemo: e.SEED_DEMO ?? !context.isProduction,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3_600_000,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    sessionCachePriorityMs: e.SESSION_CACHE_PRIORITY_SECONDS * 1000,
    socketMaxConnectionsPerIp: e.SOCKET_MAX_CONNECTIONS_PER_IP,
    socketSessionCheckMs: e.SOCKET_SESSION_CHECK_SECONDS * 1000,
    apiDocs: e.API_DOCS ?? !context.isProduction,
    bbJwtSecret: e.BB_JWT_SECRET ?? randomBytes(32).toString('hex'),
    connectionTestMaxBytes: e.CONNECTION_TEST_MAX_BYTES,
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The base of links this server sends out of band (SMS) for a site: the site's configured
 * public URL, else PUBLIC_URL. Without either (never in production, which requires PUBLIC_URL)
 * the request's own address is used only when it is a configured site host or loopback, so a
 * forged `Host` or `X-Forwarded-Host` never ends up in a genuine SMS (decision 121).
 */
export function publicBaseUrl(
  config: Pick<ServerConfig, 'publicUrl' | 'sitePublicUrls' | 'siteHosts' | 'port'>,
  siteId: SiteId,
  request: { protocol: string; host: string; hostname: string },
): string {
  const configured = config.sitePublicUrls[siteId] ?? config.publicUrl;
  if (configured) return configured;
  const hostname = request.hostname.toLowerCase();
  if (LOOPBACK_HOSTS.has(hostname) || config.siteHosts[hostname] !== undefined) {
    return `${request.protocol === 'https' ? 'https' : 'http'}://${request.host}`;
  }
  return `http://localhost:${config.port}`;
}

/**
 * Whether a browser page at `origin` may open a socket (decision 123): its host must be the host
 * the handshake was sent to, a SITE_HOSTS host, or the host of a configured public URL. Any other
 * origin is refused, including another subdomain or port of the same site, whose handshakes the
 * SameSite=Lax `authBB` cookie would otherwise travel with.
 */
export function isAllowedSocketOrigin(
  config: Pick<ServerConfig, 'publicUrl' | 'sitePublicUrls' | 'siteHosts'>,
  origin: string,
  requestHost: string | undefined,
): boolean {
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  if (page.protocol !== 'http:' && page.protocol !== 'https:') return false;
  if (requestHost && page.host === requestHost.toLowerCase()) return true;
  if (config.siteHosts[page.hostname] !== undefined) return true;
  const configured = [config.publicUrl, ...Object.values(config.sitePublicUrls)];
  return configured.some((url) => url !== undefined && new URL(url).host === page.host);
}
