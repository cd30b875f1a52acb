import { z } from 'zod';
import { booleanFromEnv, invalid, type ConfigContext } from './area';

/** The odds feed: which provider, the simulator's world, and the ingestion election. */
export const feedEnv = {
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
};

export interface FeedConfig {
  mode: 'simulator' | 'manual' | 'off';
  seed: number;
  speed: number;
  fixturesPerTournament: number;
  liveTarget: number;
  outages: boolean;
  election: 'auto' | 'always' | 'never';
  electionRetryMs: number;
}

type FeedEnv = z.output<z.ZodObject<typeof feedEnv>>;

export function feedConfig(e: FeedEnv, context: ConfigContext): FeedConfig {
  if (context.isProduction && e.FEED_MODE && e.FEED_MODE !== 'off') {
    throw invalid('FEED_MODE', 'the feed simulator is a sandbox');
  }
  return {
    mode:
      e.FEED_MODE ??
      (context.isProduction || context.sandboxSetting === false
        ? 'off'
        : context.env === 'test'
          ? 'manual'
          : 'simulator'),
    seed: e.FEED_SEED,
    speed: e.FEED_SPEED,
    fixturesPerTournament: e.FEED_FIXTURES_PER_TOURNAMENT,
    liveTarget: e.FEED_LIVE_TARGET,
    outages: e.FEED_OUTAGES,
    election: e.FEED_ELECTION,
    electionRetryMs: e.FEED_ELECTION_RETRY_MS,
  };
}
