import { z } from 'zod';

/** `POST {core}/betslip/GetBetSlipCount` (spec doc 2 §7): BetSlipStatusId 0 counts open bets. */
export const betSlipCountRequestSchema = z
  .object({
    siteid: z.union([z.number(), z.string()]).optional(),
    country: z.string().max(10).optional(),
    lang: z.string().max(10).optional(),
    BetSlipStatusId: z.coerce.number().int().min(0).max(3).default(0),
  })
  .nullish();

export const betSlipCountResponseSchema = z.object({
  /** Empty means OK. */
  errorMsg: z.string(),
  totalCount: z.number().int(),
});
export type BetSlipCountResponse = z.infer<typeof betSlipCountResponseSchema>;

/** BetSlipStatusId → bet status: 0 open, 1 won, 2 lost, 3 void. */
export const BET_SLIP_STATUS_IDS = ['open', 'won', 'lost', 'void'] as const;
