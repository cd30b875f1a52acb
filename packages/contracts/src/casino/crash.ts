import { z } from 'zod';
import { stakeSchema } from './games';

/**
 * High Flyer, Dau's crash game (issue #14 item 1, docs/decisions/190-high-flyer-crash.md): one
 * shared round for all players. Betting is open for ~5 s (`takeoffAt`), then the plane takes off
 * and the multiplier grows by the curve of `@dau/domain/games/crash` until the crash point drawn
 * from the round's link of a published hash chain; after a short pause the next round opens.
 *
 * Multipliers on the wire are decimals with two places (1.87 = 1.87×); money is in currency units
 * with two decimals, as elsewhere in the casino. Every call that moves money needs a signed-in
 * player and goes through the seamless game wallet (debit on bet, credit on cash-out).
 *
 * Socket.IO: `JoinCrash` (optionally `{ lite: true }` with data saving on) puts a socket in the
 * crash room: `CrashRound` at every phase change and `CrashBets` with the live bets list
 * (batched every 250 ms; every 2 s with data saving). Each player also gets `CrashCashOut` in
 * their user room when one of their bets is cashed out (an auto cash-out fires even when no
 * browser is connected).
 */
export const CRASH_SLUG = 'REDO-high-flyer';
export const CRASH_CLIENT_SEED_WIRE = 'high-flyer';

/** Below `{games}` (`/api/games`). */
export const CRASH_PATHS = {
  /** GET: the round now, the last 20 crash points and this round's bets (first paint). */
  current: '/crash/current',
  /** GET: recent crashed rounds, newest first, seeds revealed (`?count=`, default 20). */
  recent: '/crash/rounds',
  /** GET: one round by number (its seed and crash point once crashed). */
  round: (roundId: number) => `/crash/rounds/${roundId}`,
  /** GET: the hash chain being played: terminating hash, length, rounds played. */
  chain: '/crash/chain',
  /** POST `{ roundId, slot, stake, autoCashOut? }`: a bet on the round still taking bets. */
  bets: '/crash/bets',
  /** POST `{ roundId, slot }`: cash out now (judged by the server's clock on arrival). */
  cashOut: '/crash/cashout',
  /** GET: the player's bets (`?roundId=` for one round, else the latest 20). */
  myBets: '/crash/my-bets',
} as const;

export const CRASH_PHASES = ['betting', 'flying', 'crashed'] as const;
export type CrashPhase = (typeof CRASH_PHASES)[number];

/** Two independent bets per round and player. */
export const CRASH_SLOTS = [1, 2] as const;
export type CrashSlot = (typeof CRASH_SLOTS)[number];

/** Auto cash-out targets: 1.01× to 10 000×, two decimals. */
export const CRASH_TARGET_MIN = 1.01;
export const CRASH_TARGET_MAX = 10_000;

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const crashRoundSchema = z.object({
  /** The round number; also the nonce of its fairness reference. */
  roundId: z.number().int(),
  phase: z.enum(CRASH_PHASES),
  /** ISO times: betting opened; take-off (betting closes); the crash (once crashed). */
  openedAt: z.string(),
  takeoffAt: z.string(),
  crashedAt: z.string().nullable(),
  /** The server's clock when this was sent, so clients can correct their own. */
  serverTime: z.string(),
  /** SHA-256 of this round's seed: the previous round's seed (the chain runs backwards). */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The hash chain: its published terminating hash and this round's place in it (1-based). */
  chainId: z.number().int(),
  chainIndex: z.number().int(),
  terminatingHash: z.string(),
  /** Null until the plane flies away. */
  crashPoint: z.number().nullable(),
  serverSeed: z.string().nullable(),
});
export type CrashRound = z.infer<typeof crashRoundSchema>;

/** One bet in the live list: the player's name masked. */
export const crashLiveBetSchema = z.object({
  betId: z.number().int(),
  player: z.string(),
  slot: z.number().int(),
  stake: z.number(),
  /** The multiplier it was cashed out at, once it was. */
  cashOut: z.number().nullable(),
  win: z.number().nullable(),
});
export type CrashLiveBet = z.infer<typeof crashLiveBetSchema>;

/** `CrashBets` push: bets new or changed since the last push of this round. */
export interface CrashBetsPush {
  roundId: number;
  bets: CrashLiveBet[];
}

/** `CrashCashOut` push to the bet's owner. */
export interface CrashCashOutPush {
  roundId: number;
  betId: number;
  slot: number;
  cashOut: number;
  win: number;
  auto: boolean;
}

export const crashRecentSchema = z.object({ roundId: z.number().int(), crashPoint: z.number() });

export const crashCurrentResponseSchema = z.object({
  round: crashRoundSchema.nullable(),
  /** Crash points of the last 20 rounds, newest first. */
  recent: z.array(crashRecentSchema),
  /** This round's bets (the biggest 100), names masked. */
  bets: z.array(crashLiveBetSchema),
});
export type CrashCurrentResponse = z.infer<typeof crashCurrentResponseSchema>;

export const crashRecentResponseSchema = z.object({ rounds: z.array(crashRoundSchema) });

export const crashChainSchema = z.object({
  chainId: z.number().int(),
  terminatingHash: z.string(),
  length: z.number().int(),
  /** Rounds of this chain played so far (the next round takes index played + 1). */
  played: z.number().int(),
  createdAt: z.string(),
});
export type CrashChain = z.infer<typeof crashChainSchema>;

const multiplierSchema = z
  .number()
  .min(CRASH_TARGET_MIN)
  .max(CRASH_TARGET_MAX)
  .refine(twoDecimals, 'A multiplier has at most two decimals.');

export const crashBetRequestSchema = z.object({
  roundId: z.number().int().positive(),
  slot: z.union([z.literal(1), z.literal(2)]),
  stake: stakeSchema,
  /** Cash out by itself at this multiplier (1.01-10000, two decimals). */
  autoCashOut: multiplierSchema.nullable().optional(),
});
export type CrashBetRequest = z.input<typeof crashBetRequestSchema>;

export const crashCashOutRequestSchema = z.object({
  roundId: z.number().int().positive(),
  slot: z.union([z.literal(1), z.literal(2)]),
});
export type CrashCashOutRequest = z.input<typeof crashCashOutRequestSchema>;

export const CRASH_BET_STATUSES = ['pending', 'open', 'cashed_out', 'lost', 'rolled_back'] as const;

export const crashMyBetSchema = z.object({
  betId: z.number().int(),
  roundId: z.number().int(),
  slot: z.number().int(),
  stake: z.number(),
  autoCashOut: z.number().nullable(),
  status: z.enum(CRASH_BET_STATUSES),
  cashOut: z.number().nullable(),
  win: z.number().nullable(),
  /** The round's crash point, once crashed. */
  crashPoint: z.number().nullable(),
  /** The casino round id of the bet (casino history, /fairness?round=). */
  walletRoundId: z.string(),
  placedAt: z.string(),
});
export type CrashMyBet = z.infer<typeof crashMyBetSchema>;

export const crashBetResponseSchema = z.object({
  bet: crashMyBetSchema,
  /** Cash balance after the debit, currency units. */
  balance: z.number(),
});
export type CrashBetResponse = z.infer<typeof crashBetResponseSchema>;

export const crashCashOutResponseSchema = z.object({
  bet: crashMyBetSchema,
  /** Server time the cash-out was judged at. */
  judgedAt: z.string(),
});
export type CrashCashOutResponse = z.infer<typeof crashCashOutResponseSchema>;

export const crashMyBetsResponseSchema = z.object({ bets: z.array(crashMyBetSchema) });
export type CrashMyBetsResponse = z.infer<typeof crashMyBetsResponseSchema>;
