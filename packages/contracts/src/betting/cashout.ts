import { z } from 'zod';
import { betDetailParamsSchema } from './bet-history';

/**
 * Cash-out of an open bet (issue #21, ADR 220). Amounts are currency units with at most two
 * decimals, as everywhere on the wire; the server prices in integer cents.
 */
export const cashoutParamsSchema = betDetailParamsSchema;

/** Why a bet has no cash-out offer now. */
export const cashoutUnavailableReasonSchema = z.enum([
  /** Staked (partly) with a free bet: operator money. */
  'freebet',
  /** A leg carries a price boost. */
  'boosted-leg',
  /** Switched off by configuration (site, sport or market). */
  'disabled',
  /** Every leg has settled already. */
  'no-open-leg',
  /** A settled leg lost. */
  'lost',
  /** An open leg's market is suspended or closed. */
  'suspended',
  /** The feed's producer of an open leg is down. */
  'producer-down',
]);
export type CashoutUnavailableReason = z.infer<typeof cashoutUnavailableReasonSchema>;

export const cashoutOfferSchema = z.object({
  betId: z.string(),
  available: z.boolean(),
  /** Null while an offer is available. */
  reason: cashoutUnavailableReasonSchema.nullable(),
  /** The stake still running (cash), currency units. */
  stake: z.number(),
  /** What the bettor receives for the whole running stake now (null when unavailable). */
  value: z.number().nullable(),
  /** Before tax: the fair value less the margin. */
  gross: z.number().nullable(),
  withholdingTax: z.number().nullable(),
  taxBoostAmount: z.number().nullable(),
  /** Gross possible win if every open leg wins (what the value is a share of). */
  potentialWin: z.number().nullable(),
  /** Smallest part of the stake a partial cash-out takes (one currency step). */
  partialStep: z.number(),
});
export type CashoutOfferResponse = z.infer<typeof cashoutOfferSchema>;

export const cashoutRequestSchema = z.object({
  /** The value the bettor was offered (currency units): for the part when `stake` is given. */
  value: z.number().min(0).max(1_000_000_000),
  /** Part of the running stake to cash out (currency units); absent: all of it. */
  stake: z.number().positive().max(1_000_000_000).optional(),
  /** none: pay only the offered value; higher: also a better one; any: whatever it is now. */
  acceptChanges: z.enum(['none', 'higher', 'any']).default('none'),
});
export type CashoutRequest = z.infer<typeof cashoutRequestSchema>;

export const cashoutResponseSchema = z.object({
  betId: z.string(),
  /** cashed_out when the whole stake was taken, open when part of it keeps running. */
  status: z.enum(['open', 'cashed_out']),
  /** What was paid to the cash balance, currency units. */
  paid: z.number(),
  cashedStake: z.number(),
  remainingStake: z.number(),
  withholdingTax: z.number(),
});
export type CashoutResponse = z.infer<typeof cashoutResponseSchema>;
