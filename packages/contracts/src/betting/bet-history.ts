import { z } from 'zod';
import { payoutFiguresSchema } from './place-bet';

/** `GET {core}/betslip/history`: the signed-in user's bets, newest first, paged. */
export const betHistoryQuerySchema = z.object({
  /** 'settled' is every finished bet: won, lost, void and cashed out. */
  status: z.enum(['open', 'settled', 'won', 'lost', 'void', 'cashed_out']).optional(),
  /** YYYY-MM-DD (whole day, UTC) or an ISO instant. */
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type BetHistoryQuery = z.infer<typeof betHistoryQuerySchema>;

export const betStatusSchema = z.enum(['open', 'won', 'lost', 'void', 'cashed_out']);

export const betSummarySchema = z.object({
  betId: z.string(),
  betType: z.enum(['single', 'multiple']),
  status: betStatusSchema,
  placedAt: z.string(),
  settledAt: z.string().nullable(),
  selectionsCount: z.number().int(),
  /** The first legs (up to 3), so lists can name the matches ('+N more' for the rest). */
  legs: z.array(z.object({ eventName: z.string(), outcomeName: z.string() })),
  figures: payoutFiguresSchema,
  /** What the bet has paid so far, net of withholding: settlement plus any cash-out. */
  payout: z.number(),
});
export type BetSummary = z.infer<typeof betSummarySchema>;

export const betHistoryResponseSchema = z.object({
  items: z.array(betSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type BetHistoryResponse = z.infer<typeof betHistoryResponseSchema>;

export const betDetailParamsSchema = z.object({ betId: z.string().regex(/^\d{1,15}$/) });

export const betSelectionDetailSchema = z.object({
  eventId: z.number(),
  marketId: z.number(),
  specifier: z.string(),
  outcomeId: z.number(),
  eventName: z.string(),
  marketName: z.string(),
  outcomeName: z.string(),
  odds: z.number(),
  isLive: z.boolean(),
  /** open until the feed settles the outcome; void for cancelled or fully void legs. */
  result: z.enum(['open', 'won', 'lost', 'void', 'half-won', 'half-lost']),
  voidFactor: z.number().nullable(),
  deadHeatFactor: z.number().nullable(),
  /** Final score when the event settled, e.g. '2:1'. */
  score: z.string().nullable(),
});

export const betDetailResponseSchema = betSummarySchema.extend({
  selections: z.array(betSelectionDetailSchema),
  withholdingPaid: z.number(),
  timeline: z.array(z.object({ status: z.string(), reason: z.string(), at: z.string() })),
});
export type BetDetailResponse = z.infer<typeof betDetailResponseSchema>;

/**
 * `GET {core}/betslip/history/days` (bet-history-v3 layout): the same page of bets as
 * `history`, grouped by site-local day with each day's totals.
 */
export const betHistoryDaysResponseSchema = z.object({
  days: z.array(
    z.object({
      /** Site-local date, YYYY-MM-DD. */
      date: z.string(),
      /**
       * Totals over the whole site-local day (every page, same status filter), computed by the
       * server: `totalStake` is cash plus free-bet stakes, `totalFreebetStake` the free-bet
       * part, `totalPayout` what settlement paid (net of withholding, tax boost included).
       */
      betsCount: z.number().int(),
      totalStake: z.number(),
      totalFreebetStake: z.number(),
      totalPayout: z.number(),
      bets: z.array(betSummarySchema),
    }),
  ),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type BetHistoryDaysResponse = z.infer<typeof betHistoryDaysResponseSchema>;
