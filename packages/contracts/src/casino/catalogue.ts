import { z } from 'zod';
import { CASINO_LOBBIES } from './paths';

/**
 * The casino catalogue on the wire (issue #13 item 1). Money is in currency units with two
 * decimals (like every other amount on Dau's wire); the server keeps integer cents. Names and
 * descriptions come in the language asked for (`lang`, en or sw; English by default).
 */

export const casinoLangSchema = z.enum(['en', 'sw']).default('en');
export type CasinoLang = z.infer<typeof casinoLangSchema>;

export const casinoLobbySchema = z.enum(CASINO_LOBBIES);

export const VOLATILITIES = ['low', 'medium', 'high'] as const;
export type Volatility = (typeof VOLATILITIES)[number];

/**
 * What kind of game it is, which decides its page: `rng` and `instant` play on their own,
 * `live-rng` joins shared rounds (Roulette: a server draw every ~30 s, no video dealer),
 * `crash` and `virtual` are the games of issue #11.
 */
export const GAME_KINDS = ['rng', 'instant', 'live-rng', 'crash', 'virtual'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

export const casinoProviderSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** `in-house`: Dau's own provably fair games; `studio`: a third party behind the wallet seam. */
  kind: z.enum(['in-house', 'studio']),
  /** Playable games of this provider. */
  gameCount: z.number().int(),
});
export type CasinoProvider = z.infer<typeof casinoProviderSchema>;

export const casinoCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Games of this category in the lobby asked about (all lobbies for the game's own). */
  gameCount: z.number().int(),
  /** The lobbies that show this category as a chip. */
  lobbies: z.array(casinoLobbySchema),
});
export type CasinoCategory = z.infer<typeof casinoCategorySchema>;

export const casinoGameSchema = z.object({
  id: z.number().int(),
  /** The id of the game's pages: /game/info/{slug}, /game/play/{slug}, /game/demo/{slug}. */
  slug: z.string(),
  name: z.string(),
  provider: z.object({ slug: z.string(), name: z.string() }),
  /** The game's main category. */
  category: z.object({ slug: z.string(), name: z.string() }),
  /** Every category it is listed in. */
  categories: z.array(z.string()),
  /** The lobbies that list it. */
  lobbies: z.array(casinoLobbySchema),
  kind: z.enum(GAME_KINDS),
  /** Which engine plays it (mines, dice, plinko, scratch, keno, roulette, crash, virtual-football). */
  engine: z.string(),
  /** Return to player, percent (97 = 97 %). */
  rtp: z.number(),
  /** Stake limits per round (or per bet), currency units. */
  minStake: z.number(),
  maxStake: z.number(),
  volatility: z.enum(VOLATILITIES),
  tags: z.array(z.string()),
  /** Artwork URL (an SVG made for Dau), same origin; tiles are 4:3. */
  image: z.string(),
  /** One line for tiles and the info page. */
  description: z.string(),
  /** Whether /game/demo/{slug} offers a fun-balance round (never touches the wallet). */
  demo: z.boolean(),
  /** Whether the game can be played now; false sends players to /game/not-available. */
  playable: z.boolean(),
});
export type CasinoGame = z.infer<typeof casinoGameSchema>;

/** `GET {games}/lobby/{lobby}`: the filters of the lobby page. */
export const lobbyQuerySchema = z.object({
  /** A category slug (a chip); absent for the lobby's index. */
  category: z.string().trim().max(60).optional(),
  /** A provider slug. */
  provider: z.string().trim().max(60).optional(),
  /** Words of a game's name, tags or provider (case-insensitive). */
  search: z.string().trim().max(60).optional(),
  lang: casinoLangSchema,
  limit: z.coerce.number().int().min(1).max(100).default(60),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type LobbyQuery = z.infer<typeof lobbyQuerySchema>;

export const lobbyResponseSchema = z.object({
  lobby: casinoLobbySchema,
  /** The lobby's chips (categories with games in it), in display order. */
  categories: z.array(casinoCategorySchema),
  /** Providers with games in this lobby. */
  providers: z.array(casinoProviderSchema),
  games: z.array(casinoGameSchema),
  /** Games matching the filters (for paging). */
  total: z.number().int(),
});
export type LobbyResponse = z.infer<typeof lobbyResponseSchema>;

/**
 * `GET {games}/catalogue`: the whole catalogue in one cacheable answer (a few kilobytes):
 * what the lobby endpoint filters, for clients that filter themselves.
 */
export const catalogueResponseSchema = z.object({
  providers: z.array(casinoProviderSchema),
  categories: z.array(casinoCategorySchema),
  games: z.array(casinoGameSchema),
});
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;

export const providersResponseSchema = z.object({ providers: z.array(casinoProviderSchema) });
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;

export const langQuerySchema = z.object({ lang: casinoLangSchema });

/**
 * `GET {games}/catalogue/{slug or id}`: the game info page (/game/info/{id}, /game-rt/info/{id}).
 */
export const gameDetailResponseSchema = z.object({
  game: casinoGameSchema,
  /** How to play, paragraphs in the language asked for. */
  rules: z.array(z.string()),
  /** Largest payout of one round, currency units. */
  maxWin: z.number(),
  /** True for games whose outcomes verify on /fairness (server seed, client seed, nonce). */
  provablyFair: z.boolean(),
});
export type GameDetailResponse = z.infer<typeof gameDetailResponseSchema>;
