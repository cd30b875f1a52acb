import { z } from 'zod';
import { invalid, type ConfigContext } from './area';

/** Virtual football's matchday clock (docs/decisions/195). */
export const virtualsEnv = {
  /**
   * `run`: this server plays the matchdays (one instance, elected through a PostgreSQL advisory
   * lock when REDIS_URL is set and the database is PostgreSQL); `off`: none are played (bets
   * are refused as no matchday is open). Default: `run`, `off` in tests.
   */
  VIRTUALS_MODE: z.enum(['run', 'off']).optional(),
  /** Time between two kick-offs: also the betting window of the next matchday. */
  VIRTUALS_CYCLE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(180_000),
  /** How long the 90 simulated minutes take. */
  VIRTUALS_PLAY_MS: z.coerce.number().int().min(500).max(600_000).default(60_000),
  VIRTUALS_ELECTION_RETRY_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
};

export interface VirtualsTiming {
  cycleMs: number;
  playMs: number;
}

export interface VirtualsConfig extends VirtualsTiming {
  mode: 'run' | 'off';
  electionRetryMs: number;
}

type VirtualsEnv = z.output<z.ZodObject<typeof virtualsEnv>>;

export function virtualsConfig(e: VirtualsEnv, context: ConfigContext): VirtualsConfig {
  if (e.VIRTUALS_PLAY_MS >= e.VIRTUALS_CYCLE_MS) {
    throw invalid('VIRTUALS_PLAY_MS', 'must be shorter than VIRTUALS_CYCLE_MS');
  }
  return {
    mode: e.VIRTUALS_MODE ?? (context.env === 'test' ? 'off' : 'run'),
    cycleMs: e.VIRTUALS_CYCLE_MS,
    playMs: e.VIRTUALS_PLAY_MS,
    electionRetryMs: e.VIRTUALS_ELECTION_RETRY_MS,
  };
}
