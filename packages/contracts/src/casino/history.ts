import { z } from 'zod';

/**
 * `GET {games}/history` (issue #13 item 7): the signed-in user's casino rounds, newest first,
 * for /my-bets/casino-history (the last 30 days) and /my-bets/casino-history/old (`period=old`:
 * older than 30 days). `provider` narrows to one provider's rounds
 * (/my-bets/casino-prag-stp-history).
 */
export const CASINO_HISTORY_RECENT_DAYS = 30;

export const casinoHistoryQuerySchema = z.object({
  period: z.enum(['recent', 'old']).default('recent'),
  provider: z.string().trim().max(60).optional(),
  lang: z.enum(['en', 'sw']).default('en'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type CasinoHistoryQuery = z.infer<typeof casinoHistoryQuerySchema>;

export const ROUND_STATUSES = ['open', 'settled', 'rolled_back'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

export const casinoRoundSchema = z.object({
  /** The provider's round id: in-house rounds link to /fairness?round={roundId}. */
  roundId: z.string(),
  game: z.object({ slug: z.string(), name: z.string(), image: z.string() }),
  provider: z.string(),
  status: z.enum(ROUND_STATUSES),
  /** Staked in the round, net of rolled-back debits; currency units. */
  stake: z.number(),
  /** Won in the round (jackpot wins included), currency units. */
  win: z.number(),
  /** Of which a jackpot, currency units (0 when none). */
  jackpotWin: z.number(),
  /** When the round started and when it closed (null while open), ISO. */
  startedAt: z.string(),
  closedAt: z.string().nullable(),
  /** Whether its outcome verifies on /fairness (Dau's own games). */
  provablyFair: z.boolean(),
  /**
   * In-house rounds: the seeds /fairness recomputes the outcome from, as the game engine
   * recorded them (the server seed itself is revealed once the player rotates it).
   */
  fairness: z
    .object({
      serverSeedHash: z.string(),
      clientSeed: z.string(),
      nonce: z.number().int(),
      serverSeed: z.string().nullable(),
    })
    .nullable(),
});
export type CasinoRound = z.infer<typeof casinoRoundSchema>;

export const casinoHistoryResponseSchema = z.object({
  period: z.enum(['recent', 'old']),
  rounds: z.array(casinoRoundSchema),
  total: z.number().int(),
});
export type CasinoHistoryResponse = z.infer<typeof casinoHistoryResponseSchema>;

/**
 * `GET {games}/history/{roundId}`: one of the user's own rounds with what the engine recorded,
 * for /fairness?round={roundId}: the round's input (the game's parameters, e.g.
 * `{ game: 'plinko', rows, risk }`) and outcome, to recompute in the browser.
 */
export const casinoRoundDetailResponseSchema = casinoRoundSchema.extend({
  input: z.unknown(),
  outcome: z.unknown(),
});
export type CasinoRoundDetailResponse = z.infer<typeof casinoRoundDetailResponseSchema>;
