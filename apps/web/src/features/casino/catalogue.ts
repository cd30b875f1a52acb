import type { Cents } from '@dau/domain/money';

/**
 * The casino catalogue as the screens use it (issue #13 item 1). `api/catalogue.ts` converts
 * the wire answer (amounts in currency units) into these names (integer cents) in one place.
 */
export const LOBBY_PAGES = [
  'casino',
  'live-casino',
  'crash',
  'virtuals',
  'games',
  'instant-wins',
  'all-games',
] as const;
export type LobbyPage = (typeof LOBBY_PAGES)[number];

/** Dau's own games whose screens run inside the page. */
export const IN_HOUSE_ENGINES = [
  'mines',
  'dice',
  'plinko',
  'scratch',
  'keno',
  'roulette',
  'crash',
] as const;
export type InHouseEngine = (typeof IN_HOUSE_ENGINES)[number];

export function isInHouseEngine(engine: string): engine is InHouseEngine {
  return (IN_HOUSE_ENGINES as readonly string[]).includes(engine);
}

export type GameKind = 'rng' | 'instant' | 'live-rng' | 'crash' | 'virtual';

export interface CasinoProvider {
  slug: string;
  name: string;
  gameCount: number;
}

export interface CasinoCategory {
  slug: string;
  name: string;
  gameCount: number;
}

export interface CasinoGame {
  id: number;
  /** The id in the game's page paths (/game/info/{slug}). */
  slug: string;
  name: string;
  provider: { slug: string; name: string };
  category: { slug: string; name: string };
  /** Every category it is listed in (its main one included). */
  categories: readonly string[];
  kind: GameKind;
  engine: string;
  /** Return to player, percent (97 = 97 %). */
  rtp: number;
  minStake: Cents;
  maxStake: Cents;
  volatility: 'low' | 'medium' | 'high';
  tags: readonly string[];
  /** Artwork made for Dau (SVG), same origin, drawn at 4:3. */
  image: string;
  description: string;
  demo: boolean;
  playable: boolean;
}

export interface LobbyView {
  categories: CasinoCategory[];
  providers: CasinoProvider[];
  games: CasinoGame[];
  total: number;
}

export interface LobbyFilter {
  category?: string;
  provider?: string;
  search?: string;
}

/** The rows of a lobby's index: one slider per category, in the lobby's chip order. */
export function lobbyRows(view: LobbyView): { category: CasinoCategory; games: CasinoGame[] }[] {
  return view.categories
    .map((category) => ({
      category,
      games: view.games.filter(
        (g) => g.category.slug === category.slug || g.categories.includes(category.slug),
      ),
    }))
    .filter((row) => row.games.length > 0);
}

/** Whether a lobby page shows its rows (index) or one grid (a chip, a provider or a search). */
export function isFiltered(filter: LobbyFilter): boolean {
  return Boolean(filter.category || filter.provider || filter.search?.trim());
}

/** The path of a category chip: lobbies with `{slug}` routes use the path, others the query. */
export function categoryPath(lobby: LobbyPage, slug: string | undefined): string {
  const base = `/${lobby}`;
  if (!slug) return base;
  return lobbyHasSlugRoute(lobby)
    ? `${base}/${encodeURIComponent(slug)}`
    : `${base}?category=${encodeURIComponent(slug)}`;
}

export function lobbyHasSlugRoute(lobby: LobbyPage): boolean {
  return (
    lobby === 'casino' || lobby === 'live-casino' || lobby === 'crash' || lobby === 'all-games'
  );
}

/** '97.00 %'. */
export function rtpText(rtp: number): string {
  return `${rtp.toFixed(2)} %`;
}
