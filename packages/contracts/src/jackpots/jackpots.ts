import { z } from 'zod';

/**
 * Sports jackpots (issue #21 items 4–6, docs/decisions/225 and 226): rounds of 13 or 17
 * matches with one 1X2 pick per match on each line. Amounts are currency units, as on the
 * other wire shapes; times are ISO strings.
 */

export const jackpotPickSchema = z.enum(['1', 'X', '2']);
export type JackpotPickWire = z.infer<typeof jackpotPickSchema>;

export const JACKPOT_ROUND_STATUSES = ['open', 'closed', 'settled', 'void'] as const;
export const jackpotRoundStatusSchema = z.enum(JACKPOT_ROUND_STATUSES);

export const jackpotMatchSchema = z.object({
  /** 1-based position on the coupon. */
  number: z.number().int(),
  eventId: z.number().int(),
  home: z.string(),
  away: z.string(),
  tournament: z.string(),
  kickoffAt: z.string(),
  /** The 1X2 result once the feed settled it; `cancelled` counts as right on every line. */
  result: z.enum(['1', 'X', '2', 'cancelled']).nullable(),
});
export type JackpotMatch = z.infer<typeof jackpotMatchSchema>;

export const jackpotTierSchema = z.object({
  /** Correct picks for this tier (17, 16, 15 or 13, 12, 11). */
  hits: z.number().int(),
  /** The tier's prize now: its guarantee or its share of the stakes, whichever is larger. */
  prize: z.number(),
  /** Once settled: winning lines, and the (smallest) share each was paid. */
  winners: z.number().int().nullable(),
  share: z.number().nullable(),
});
export type JackpotTier = z.infer<typeof jackpotTierSchema>;

export const jackpotRoundSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: jackpotRoundStatusSchema,
  matchCount: z.number().int(),
  /** Price of one line. */
  stakePerLine: z.number(),
  currency: z.string(),
  /** Tickets are sold until the first kick-off. */
  closesAt: z.string(),
  settledAt: z.string().nullable(),
  /** The top tier's prize, for the headline. */
  jackpot: z.number(),
  tiers: z.array(jackpotTierSchema),
  matches: z.array(jackpotMatchSchema),
  maxLines: z.number().int(),
});
export type JackpotRound = z.infer<typeof jackpotRoundSchema>;

/**
 * `SportsJackpotPrizes` (ADR 221): an open round's prizes after tickets were bought, to the
 * sockets that joined with `JoinSportsJackpots`. Prizes of an open round never go down.
 */
export interface SportsJackpotPrizesPush {
  roundId: number;
  jackpot: number;
  tiers: { hits: number; prize: number }[];
}

export const jackpotRoundsResponseSchema = z.object({
  rounds: z.array(jackpotRoundSchema),
  serverTime: z.string(),
});
export type JackpotRoundsResponse = z.infer<typeof jackpotRoundsResponseSchema>;

export const jackpotRoundParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(1e12),
});

/**
 * One line per entry, one pick per match in coupon order. A `null` (or a short line) is a
 * missing pick and is refused with 400 `MISSING_PICK`; a repeated line 400 `DUPLICATE_LINE`.
 */
export const jackpotBuyRequestSchema = z.object({
  lines: z.array(z.array(jackpotPickSchema.nullable()).max(40)).max(200),
  /**
   * The client's key for this purchase: a retry with the same key (a lost answer) returns the
   * ticket already bought and charges nothing more. New picks, new key.
   */
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type JackpotBuyRequest = z.infer<typeof jackpotBuyRequestSchema>;

export const jackpotTicketStatusSchema = z.enum(['open', 'won', 'lost', 'void']);

export const jackpotTicketSchema = z.object({
  ticketId: z.string(),
  roundId: z.number().int(),
  roundName: z.string(),
  roundStatus: jackpotRoundStatusSchema,
  status: jackpotTicketStatusSchema,
  lineCount: z.number().int(),
  stakePerLine: z.number(),
  /** lines × stake per line. */
  price: z.number(),
  excise: z.number(),
  /** Prizes won before withholding, the tax withheld, and what was paid. */
  gross: z.number(),
  withholding: z.number(),
  payout: z.number(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
  closesAt: z.string(),
  lines: z.array(
    z.object({
      picks: z.array(jackpotPickSchema),
      /** Once settled. */
      hits: z.number().int().nullable(),
      prize: z.number(),
    }),
  ),
});
export type JackpotTicket = z.infer<typeof jackpotTicketSchema>;

export const jackpotBuyResponseSchema = z.object({
  ticket: jackpotTicketSchema,
  /** The buyer's cash after the purchase. */
  balance: z.number(),
});
export type JackpotBuyResponse = z.infer<typeof jackpotBuyResponseSchema>;

export const jackpotTicketsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export const jackpotTicketsResponseSchema = z.object({
  items: z.array(jackpotTicketSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type JackpotTicketsResponse = z.infer<typeof jackpotTicketsResponseSchema>;

export const jackpotResultsResponseSchema = z.object({
  /** Settled and void rounds, newest first, with the winning picks and winners per tier. */
  rounds: z.array(jackpotRoundSchema),
});
export type JackpotResultsResponse = z.infer<typeof jackpotResultsResponseSchema>;
