import { z } from 'zod';
import { DICE_OUTCOMES } from '@dau/domain/games/dice';
import { KENO_MAX_PICKS, KENO_NUMBERS } from '@dau/domain/games/keno';
import { MINES_MAX, MINES_MIN, MINES_TILES } from '@dau/domain/games/mines';
import { PLINKO_RISKS } from '@dau/domain/games/plinko';
import { CLIENT_SEED_PATTERN } from '@dau/domain/games/fairness';

/**
 * The in-house game engines on the wire (issue #13 item 4, docs/decisions/170-172): seed pairs
 * for provable fairness, one-step games (dice, plinko, scratch card, keno), Mines. Roulette's
 * shared rounds are in roulette.ts. Money is in currency units with two decimals (as the
 * catalogue); multipliers are integers in ten-thousandths (19 800 = 1.98×), as in
 * `@dau/domain/games/payout`. Every call needs a signed-in player.
 */

/** Below `{games}` (`/api/games`). */
export const GAME_ENGINE_PATHS = {
  /** GET: the player's current seed pair (server seed hash, client seed, next nonce). */
  seeds: '/fairness/seeds',
  /** POST `{ clientSeed }`: set the client seed; the pair rotates (the old seed is revealed). */
  clientSeed: '/fairness/client-seed',
  /** POST `{ clientSeed? }`: reveal the current server seed and start a new pair. */
  rotate: '/fairness/rotate',
  /** GET: one of the player's seed pairs by its hash (the seed itself once revealed). */
  seedByHash: (hash: string) => `/fairness/seeds/${encodeURIComponent(hash)}`,
  /** POST `{ stake, params }`: play one round of a one-step game (dice, plinko, scratch-card, keno). */
  play: (slug: string) => `/play/${encodeURIComponent(slug)}`,
  minesStart: '/mines/start',
  minesActive: '/mines/active',
  minesReveal: (roundId: string) => `/mines/${encodeURIComponent(roundId)}/reveal`,
  minesCashOut: (roundId: string) => `/mines/${encodeURIComponent(roundId)}/cashout`,
} as const;

/** Catalogue slugs of the one-step games and the engine each runs. */
export const ONE_STEP_GAMES = {
  dice: 'dice',
  plinko: 'plinko',
  'scratch-card': 'scratch',
  keno: 'keno',
} as const;
export type OneStepSlug = keyof typeof ONE_STEP_GAMES;
export const MINES_SLUG = 'mines';
export const ROULETTE_SLUG = 'roulette';

const clientSeed = z
  .string()
  .regex(CLIENT_SEED_PATTERN, 'A client seed is 1-64 letters, digits, _ or -.');

/** Currency units, positive, at most two decimals (checked again as cents by the server). */
export const stakeSchema = z.number().positive().max(1_000_000_000);

export const seedPairSchema = z.object({
  /** SHA-256 of the current server seed: the commitment shown before play. */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next round will use (= rounds played with this pair). */
  nonce: z.number().int(),
});

export const revealedSeedPairSchema = seedPairSchema.extend({
  /** The server seed, once revealed (rotation); null while the pair can still play. */
  serverSeed: z.string().nullable(),
  createdAt: z.string(),
  revealedAt: z.string().nullable(),
});
export type RevealedSeedPair = z.infer<typeof revealedSeedPairSchema>;

export const seedsResponseSchema = seedPairSchema.extend({
  /** The pair just rotated out (its seed revealed), or the last one rotated out before. */
  previous: revealedSeedPairSchema.nullable(),
});
export type SeedsResponse = z.infer<typeof seedsResponseSchema>;

export const clientSeedRequestSchema = z.object({ clientSeed });
export const rotateRequestSchema = z.object({ clientSeed: clientSeed.optional() });

export const diceParamsSchema = z.object({
  /** Target in hundredths (5000 = 50.00). */
  target: z
    .number()
    .int()
    .min(0)
    .max(DICE_OUTCOMES - 1),
  direction: z.enum(['under', 'over']),
});
export const plinkoParamsSchema = z.object({
  rows: z.union([z.literal(8), z.literal(12), z.literal(16)]),
  risk: z.enum(PLINKO_RISKS),
});
export const kenoParamsSchema = z.object({
  picks: z
    .array(z.number().int().min(1).max(KENO_NUMBERS))
    .min(1)
    .max(KENO_MAX_PICKS)
    .refine((p) => new Set(p).size === p.length, 'Pick each number once.'),
});
export const scratchParamsSchema = z.object({}).strict();

/** Per-game params, by catalogue slug (validated by the server for the slug in the path). */
export const ONE_STEP_PARAMS = {
  dice: diceParamsSchema,
  plinko: plinkoParamsSchema,
  'scratch-card': scratchParamsSchema,
  keno: kenoParamsSchema,
} as const;

export const playRequestSchema = z.object({
  stake: stakeSchema,
  params: z.record(z.string(), z.unknown()).default({}),
});
export type PlayRequest = z.input<typeof playRequestSchema>;

export const fairnessRefSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type FairnessRef = z.infer<typeof fairnessRefSchema>;

export const playResponseSchema = z.object({
  roundId: z.string(),
  game: z.string(),
  stake: z.number(),
  win: z.number(),
  multiplier: z.number().int(),
  /** The domain's RoundInput: what `replayRound` needs besides the seed. */
  input: z.record(z.string(), z.unknown()),
  /** The domain's ReplayedRound: what the engine computed (the /fairness page recomputes it). */
  outcome: z.record(z.string(), z.unknown()),
  fairness: fairnessRefSchema,
  /** Cash balance after the round, currency units. */
  balance: z.number(),
});
export type PlayResponse = z.infer<typeof playResponseSchema>;

export const minesStartRequestSchema = z.object({
  stake: stakeSchema,
  mines: z.number().int().min(MINES_MIN).max(MINES_MAX),
});
export const minesRevealRequestSchema = z.object({
  tile: z
    .number()
    .int()
    .min(0)
    .max(MINES_TILES - 1),
});

export const minesRoundSchema = z.object({
  roundId: z.string(),
  stake: z.number(),
  mines: z.number().int(),
  revealed: z.array(z.number().int()),
  status: z.enum(['playing', 'lost', 'cashed_out']),
  /** The tile that hit a mine, when lost. */
  hit: z.number().int().nullable(),
  /** Cash-out multiplier now (after the safe tiles so far). */
  multiplier: z.number().int(),
  /** Multiplier after one more safe tile; null when none is left. */
  nextMultiplier: z.number().int().nullable(),
  /** Paid when the round ended (currency units; 0 while playing or lost). */
  win: z.number(),
  /** The mines, only once the round is over. */
  mineTiles: z.array(z.number().int()).nullable(),
  fairness: fairnessRefSchema,
  balance: z.number(),
});
export type MinesRound = z.infer<typeof minesRoundSchema>;
export const minesActiveResponseSchema = z.object({ round: minesRoundSchema.nullable() });
