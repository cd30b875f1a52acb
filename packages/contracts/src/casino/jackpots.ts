import { z } from 'zod';

/**
 * `POST /api/games/Fazi/jackpots` (spec doc 2 §4 and §7): three items, each a jackpot type and
 * its current value. Pools grow by a share of in-house stakes (docs/decisions/162).
 */
export const JACKPOT_TYPES = ['Mini', 'Major', 'Mega'] as const;
export type JackpotType = (typeof JACKPOT_TYPES)[number];

export const jackpotsRequestSchema = z
  .object({ siteId: z.union([z.number().int(), z.string().regex(/^\d+$/)]).optional() })
  .nullish();

export const jackpotItemSchema = z.object({
  JackpotType: z.enum(JACKPOT_TYPES),
  /** The pool now, currency units with two decimals. */
  JackpotValue: z.number(),
});
export type JackpotItem = z.infer<typeof jackpotItemSchema>;

export const jackpotsResponseSchema = z.array(jackpotItemSchema);
export type JackpotsResponse = z.infer<typeof jackpotsResponseSchema>;

/** Pushed as `jackpots` to the site's room whenever a pool moves (at most every few seconds). */
export interface JackpotsPush {
  siteId: number;
  items: JackpotItem[];
}

/** Pushed as `JackpotWon` to the winner, and (masked) to the site's room. */
export interface JackpotWonPush {
  JackpotType: JackpotType;
  /** Currency units. */
  amount: number;
  gameSlug: string;
  roundId: string;
  /** The winner's masked name (the winner's own push says "you"). */
  winner: string;
  message: string;
}
