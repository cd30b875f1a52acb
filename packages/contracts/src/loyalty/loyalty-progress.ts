import { z } from 'zod';

/**
 * `GET {core}/loyalty/GetProgress` (issue #8 item 7). The spec names the loyalty fields
 * (doc 2 §3: progressPrc, progressCount, progressTargetCount) but no call; this one answers them
 * for the session's user with the week and its reward.
 */
export const loyaltyProgressResponseSchema = z.object({
  /** Whole percent toward the weekly target, 0-100. */
  progressPrc: z.number().int(),
  /** Settled bets counted this week (at most the target). */
  progressCount: z.number().int(),
  progressTargetCount: z.number().int(),
  /** The least cash stake a bet needs to count, currency units. */
  minStake: z.number(),
  /** The free bet for reaching the target, currency units. */
  rewardAmount: z.number(),
  /** Whether this week's free bet has been credited. */
  rewardGranted: z.boolean(),
  /** Monday 00:00 site time of this week and of the next one, ISO. */
  weekStart: z.string(),
  weekEnd: z.string(),
});
export type LoyaltyProgressResponse = z.infer<typeof loyaltyProgressResponseSchema>;

/** Pushed as `LoyaltyReward` when the weekly free bet is credited. */
export interface LoyaltyRewardPush {
  weekStart: string;
  /** Currency units. */
  amount: number;
  message: string;
}
