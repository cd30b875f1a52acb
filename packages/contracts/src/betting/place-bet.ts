import { z } from 'zod';

/**
 * `POST {core}/betslip/PlaceBet` (issue #8; the spec shows the betslip but no placement call).
 * Amounts are currency units with at most two decimals; odds are decimal odds (1.85) as the
 * user saw them. The session names the user.
 */
/** Ids are stored as PostgreSQL `integer`: larger ones cannot exist and are refused here. */
export const INT32_MAX = 2_147_483_647;
const id = () => z.number().int().positive().max(INT32_MAX);

export const placeBetSelectionSchema = z.object({
  eventId: id(),
  marketId: id(),
  /** Empty for markets without a specifier (e.g. `total=2.5` otherwise). */
  specifier: z.string().max(100).default(''),
  outcomeId: id(),
  odds: z.number().positive().max(100_000),
});
export type PlaceBetSelection = z.infer<typeof placeBetSelectionSchema>;

export const placeBetRequestSchema = z.object({
  siteId: z.number().int().min(1).max(4),
  betType: z.enum(['single', 'multiple']),
  stake: z.number().min(0),
  freebetStake: z.number().min(0).default(0),
  /** none: refuse any change; higher: accept better odds; any: accept every change. */
  acceptOddsChanges: z.enum(['none', 'higher', 'any']).default('none'),
  /** Chosen by the client per slip submission; a retry with the same key places nothing new. */
  idempotencyKey: z.string().min(8).max(100),
  /** Up to 100 legs: the Multibet Bonus's top rate starts at 45 (issue #15). */
  selections: z.array(placeBetSelectionSchema).min(1).max(100),
});
export type PlaceBetRequest = z.infer<typeof placeBetRequestSchema>;

export const placedSelectionSchema = z.object({
  eventId: z.number(),
  marketId: z.number(),
  specifier: z.string(),
  outcomeId: z.number(),
  /** Odds the bet was taken at (may differ from the requested odds under `higher`/`any`). */
  odds: z.number(),
  requestedOdds: z.number(),
  isLive: z.boolean(),
  eventName: z.string(),
  marketName: z.string(),
  outcomeName: z.string(),
});

/** Every payout figure of the bet, in currency units (two decimals). */
export const payoutFiguresSchema = z.object({
  stake: z.number(),
  freebetStake: z.number(),
  excise: z.number(),
  stakeAfterExcise: z.number(),
  /** Decimal odds; above 2^53 hundredths a number is approximate, `totalOddsText` is exact. */
  totalOdds: z.number(),
  totalOddsText: z.string(),
  winBoostPercentage: z.number(),
  winBoostAmount: z.number(),
  grossPossibleWin: z.number(),
  withholdingTax: z.number(),
  /** Tax boost percentage and the part of the withholding tax it pays (ADR 150). */
  taxBoostPercentage: z.number(),
  taxBoostAmount: z.number(),
  /** What the bettor receives: gross possible win − withholding tax + tax boost. */
  netPayout: z.number(),
  /** True when the win was capped at the maximum winning. */
  capped: z.boolean(),
});
export type PayoutFigures = z.infer<typeof payoutFiguresSchema>;

export const placeBetResponseSchema = z.object({
  hasErrors: z.literal(false),
  betId: z.string(),
  betType: z.enum(['single', 'multiple']),
  status: z.literal('open'),
  placedAt: z.string(),
  figures: payoutFiguresSchema,
  selections: z.array(placedSelectionSchema),
});
export type PlaceBetResponse = z.infer<typeof placeBetResponseSchema>;
