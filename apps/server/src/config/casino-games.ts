import { z } from 'zod';
import type { ConfigContext } from './area';

/** The in-house game engines: Roulette's shared rounds (docs/decisions/172). */
export const casinoGamesEnv = {
  /**
   * `run`: this server plays Roulette's rounds (one instance, elected through a PostgreSQL
   * advisory lock when REDIS_URL is set and the database is PostgreSQL); `off`: no rounds are
   * played (bets are refused as no round is open). Default: `run`, `off` in tests.
   */
  ROULETTE_MODE: z.enum(['run', 'off']).optional(),
  ROULETTE_BETTING_MS: z.coerce.number().int().min(500).max(600_000).default(20_000),
  ROULETTE_SPIN_MS: z.coerce.number().int().min(100).max(60_000).default(6_000),
  ROULETTE_RESULT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000),
  ROULETTE_ELECTION_RETRY_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
};

export interface RouletteTiming {
  bettingMs: number;
  spinMs: number;
  resultMs: number;
}

export interface CasinoGamesConfig {
  roulette: RouletteTiming & { mode: 'run' | 'off'; electionRetryMs: number };
}

type CasinoGamesEnv = z.output<z.ZodObject<typeof casinoGamesEnv>>;

export function casinoGamesConfig(e: CasinoGamesEnv, context: ConfigContext): CasinoGamesConfig {
  return {
    roulette: {
      mode: e.ROULETTE_MODE ?? (context.env === 'test' ? 'off' : 'run'),
      bettingMs: e.ROULETTE_BETTING_MS,
      spinMs: e.ROULETTE_SPIN_MS,
      resultMs: e.ROULETTE_RESULT_MS,
      electionRetryMs: e.ROULETTE_ELECTION_RETRY_MS,
    },
  };
}
