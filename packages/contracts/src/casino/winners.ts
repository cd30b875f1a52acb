import { z } from 'zod';

/**
 * `GET {games}/winners` (issue #13 item 7): the biggest recent wins from real settled casino
 * rounds and sportsbook bets, winners' names masked, for /all-winners and /all-winners/{slug}
 * (`game`: one game's winners; `sports` for bets only).
 */
export const winnersQuerySchema = z.object({
  game: z.string().trim().max(100).optional(),
  days: z.coerce.number().int().min(1).max(90).default(7),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  lang: z.enum(['en', 'sw']).default('en'),
});
export type WinnersQuery = z.infer<typeof winnersQuerySchema>;

export const winnerSchema = z.object({
  /** e.g. "07••••123" or "de••o": never the whole name or number. */
  player: z.string(),
  kind: z.enum(['casino', 'sports', 'jackpot']),
  /** The game (casino and jackpot) or "Sports bet". */
  title: z.string(),
  gameSlug: z.string().nullable(),
  image: z.string().nullable(),
  stake: z.number(),
  win: z.number(),
  /** win / stake, two decimals. */
  multiplier: z.number(),
  at: z.string(),
});
export type Winner = z.infer<typeof winnerSchema>;

export const winnersResponseSchema = z.object({ winners: z.array(winnerSchema) });
export type WinnersResponse = z.infer<typeof winnersResponseSchema>;
