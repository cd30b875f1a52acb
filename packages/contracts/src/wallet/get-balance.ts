import { z } from 'zod';
import { cmsStatusOkSchema } from './cms-status';

/** `POST {core}/customer/getbalance` (doc 1 §3, doc 2 §7). The session names the user. */
export const getBalanceRequestSchema = z
  .object({
    siteid: z.union([z.number(), z.string()]).optional(),
    country: z.string().max(10).optional(),
    lang: z.string().max(10).optional(),
  })
  .nullish();

/** Amounts are currency units with two decimals (5000.5 = KSh 5,000.50); displays are formatted. */
export const getBalanceResponseSchema = z.object({
  cmsStatusMsg: cmsStatusOkSchema.extend({
    balance: z.number(),
    freebetbalance: z.number(),
    bonusbalance: z.number(),
    totalbalance: z.number(),
    bonusreserved: z.number(),
    balanceDisplay: z.string(),
    freebetBalanceDisplay: z.string(),
    bonusBalanceDisplay: z.string(),
    totalBalanceDisplay: z.string(),
    reservedDisplay: z.string(),
    /** True when cash is below `deposit_min_bal_notify`: the client shows the balance notice. */
    lowBalance: z.boolean(),
  }),
  /** Short-lived signed token naming the user, for game providers (HS256 JWT). */
  bbJWT: z.string(),
});
export type GetBalanceResponse = z.infer<typeof getBalanceResponseSchema>;

/** Value of the balance cookie (`dau_balance`, 6 h): what the header shows before any call. */
export interface BalanceCookie {
  balance: number;
  freebetbalance: number;
  totalbalance: number;
}
