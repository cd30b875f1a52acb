import { z } from 'zod';

/**
 * Recent games (spec doc 2 §3, §4, §5, §7): `POST {games}/track` saves a list of recent games
 * for the signed-in user (the guest's local ones are uploaded, then cleared), and
 * `GET {games}/track?count=10` answers them newest first. An entry is kept only with a name
 * and an image; saving needs a slug.
 */
export const RECENT_GAMES_KEPT = 10;

export const recentGameSchema = z.object({
  gameSlug: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(100),
  image: z.string().trim().min(1).max(500),
  /** When the game was opened: epoch milliseconds or an ISO date. */
  timestamp: z.union([z.number().int().nonnegative(), z.string().min(1).max(40)]),
});
export type RecentGame = z.infer<typeof recentGameSchema>;

/** One game or a list (the upload of local ones); at most the number kept. */
export const trackRequestSchema = z.union([
  recentGameSchema,
  z.array(recentGameSchema).max(RECENT_GAMES_KEPT * 5),
]);

export const trackQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(RECENT_GAMES_KEPT).default(RECENT_GAMES_KEPT),
});

/** Newest first; `timestamp` as epoch milliseconds. */
export const recentGamesResponseSchema = z.array(
  recentGameSchema.extend({ timestamp: z.number().int() }),
);
export type RecentGamesResponse = z.infer<typeof recentGamesResponseSchema>;
