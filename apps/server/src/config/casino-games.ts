import { z } from 'zod';
import type { ConfigContext } from './area';

/** The in-house game engines: Roulette's and High Flyer's shared rounds (ADRs 172, 190). */
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
  /**
   * High Flyer (docs/decisions/190): `run` plays the crash rounds (one elected instance, as
   * Roulette), `off` plays none. Default: `run`, `off` in tests.
   */
  CRASH_MODE: z.enum(['run', 'off']).optional(),
  CRASH_BETTING_MS: z.coerce.number().int().min(500).max(600_000).default(5_000),
  CRASH_PAUSE_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /** How long after the crash open bets are marked lost (cash-outs judged in time still land). */
  CRASH_GRACE_MS: z.coerce.number().int().min(0).max(10_000).default(300),
  CRASH_CHAIN_LENGTH: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  CRASH_ELECTION_RETRY_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Live bets list batching: the crash room, and the data-saving room. */
  CRASH_LIST_MS: z.coerce.number().int().min(50).max(10_000).default(250),
  CRASH_LITE_LIST_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
};

export interface RouletteTiming {
  bettingMs: number;
  spinMs: number;
  resultMs: number;
}

export interface CrashSettings {
  mode: 'run' | 'off';
  bettingMs: number;
  pauseMs: number;
  graceMs: number;
  chainLength: number;
  electionRetryMs: number;
  listMs: number;
  liteListMs: number;
}

export interface CasinoGamesConfig {
  roulette: RouletteTiming & { mode: 'run' | 'off'; electionRetryMs: number };
  crash: CrashSettings;
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
    crash: {
      mode: e.CRASH_MODE ?? (context.env === 'test' ? 'off' : 'run'),
      bettingMs: e.CRASH_BETTING_MS,
      pauseMs: e.CRASH_PAUSE_MS,
      graceMs: e.CRASH_GRACE_MS,
      chainLength: e.CRASH_CHAIN_LENGTH,
      electionRetryMs: e.CRASH_ELECTION_RETRY_MS,
      listMs: e.CRASH_LIST_MS,
      liteListMs: e.CRASH_LITE_LIST_MS,
    },
  };
}
