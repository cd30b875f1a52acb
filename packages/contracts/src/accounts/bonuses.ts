import { z } from 'zod';
import { API_BASE } from '../http';
import { datasourceEntrySchema } from './common';

/** `GET {core}/customer/bonus/{siteId}/{country}/{lang}` (doc 2 §7). */
export const BONUSES_PATH = `${API_BASE.core}/customer/bonus/:siteId/:country/:lang`;

export const bonusesResponseSchema = z.object({
  /** Bonus errors: entries with error_triggered become the client's bonus messages. */
  cmsStatusMsg: z.object({
    hasErrors: z.boolean(),
    datasource_entries: z.array(datasourceEntrySchema),
  }),
  /**
   * The user's active bonus money and free bets, from the wallet's ledger accounts. The wallet
   * keeps balances, not individual grants, so there is one entry per non-empty balance.
   */
  bonuses: z.array(
    z.object({
      type: z.enum(['bonus', 'freebet']),
      /** Currency units. */
      amount: z.number(),
      amountDisplay: z.string(),
    }),
  ),
});
export type BonusesResponse = z.infer<typeof bonusesResponseSchema>;
