import { z } from 'zod';
import { ROULETTE_BET_KINDS } from '@dau/domain/games/roulette';
import { stakeSchema } from './games';

/**
 * Roulette's shared live RNG rounds (issue #13 item 4, docs/decisions/172): one European
 * (single zero) round for every player every ~30 s, no video dealer. Betting is open for
 * ROULETTE_TIMING.bettingMs; then the wheel spins to the pocket drawn from the round's seed
 * (committed by its hash when betting opened) and the round settles and reveals its seed.
 *
 * Socket.IO: `JoinRoulette` puts a socket in the roulette room, which gets `RouletteRound` at
 * each phase change; each player gets `RouletteResult` for their own bets (user room).
 */
export const ROULETTE_PATHS = {
  /** GET: the round now (for the first paint; sockets then push every change). */
  current: '/roulette/current',
  /** GET: recent settled rounds (`?count=`, default 20): the pockets strip and verification. */
  recent: '/roulette/rounds',
  /** GET: one round by number (its seed once settled). */
  round: (roundId: number) => `/roulette/rounds/${roundId}`,
  /** POST `{ roundId, bets }`: place bets on the open round (signed-in). */
  bets: '/roulette/bets',
  /** GET: the player's bets in a round (`?roundId=`), signed-in. */
  myBets: '/roulette/my-bets',
} as const;

/** Phase lengths of a round, milliseconds: betting, spinning, showing the result. */
export const ROULETTE_TIMING = { bettingMs: 20_000, spinMs: 6_000, resultMs: 4_000 } as const;
/** The client seed of every shared round (the nonce is the round number). */
export const ROULETTE_CLIENT_SEED = 'roulette';
/** Most bets one request may carry. */
export const ROULETTE_MAX_BETS = 40;

export const ROULETTE_PHASES = ['betting', 'spinning', 'settled'] as const;
export type RoulettePhase = (typeof ROULETTE_PHASES)[number];

export const rouletteRoundSchema = z.object({
  /** The round number, also the nonce of its seed. */
  roundId: z.number().int(),
  phase: z.enum(ROULETTE_PHASES),
  /** ISO times: betting opened, betting closes (the wheel spins), the result is settled. */
  openedAt: z.string(),
  bettingClosesAt: z.string(),
  settlesAt: z.string(),
  /** The server's clock when this was sent, so clients can correct their countdown. */
  serverTime: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Null while betting; the pocket once the wheel spins. */
  pocket: z.number().int().nullable(),
  /** Revealed once the round is settled. */
  serverSeed: z.string().nullable(),
});
export type RouletteRound = z.infer<typeof rouletteRoundSchema>;

export const rouletteBetSchema = z.object({
  kind: z.enum(ROULETTE_BET_KINDS as [string, ...string[]]),
  /** Covered numbers for inside bets, [1|2|3] for dozen and column, [] for even-money bets. */
  numbers: z.array(z.number().int().min(0).max(36)).max(6).default([]),
  stake: stakeSchema,
});
export type RouletteBetInput = z.input<typeof rouletteBetSchema>;

export const rouletteBetsRequestSchema = z.object({
  roundId: z.number().int().positive(),
  bets: z.array(rouletteBetSchema).min(1).max(ROULETTE_MAX_BETS),
});
export type RouletteBetsRequest = z.input<typeof rouletteBetsRequestSchema>;

export const placedRouletteBetSchema = z.object({
  kind: z.string(),
  numbers: z.array(z.number().int()),
  stake: z.number(),
  /** Set once the round settled (currency units). */
  win: z.number().nullable(),
});

export const rouletteBetsResponseSchema = z.object({
  roundId: z.number().int(),
  /** Every bet of the player in this round so far. */
  bets: z.array(placedRouletteBetSchema),
  totalStake: z.number(),
  balance: z.number(),
});
export type RouletteBetsResponse = z.infer<typeof rouletteBetsResponseSchema>;

export const rouletteRecentResponseSchema = z.object({ rounds: z.array(rouletteRoundSchema) });

/** Pushed to a player's room when a round they bet on settles. */
export interface RouletteResultPush {
  roundId: number;
  pocket: number;
  stake: number;
  win: number;
  balance: number;
}
