import { RECENT_GAMES_KEPT } from '@dau/domain/constants';
import { create } from 'zustand';

/**
 * Recent games (spec doc 2 §4, §5, §8; issue #13 item 6). Guests keep them in local storage;
 * signed-in users on the server (`{games}/track`), their local ones uploaded then cleared. A
 * game is kept only with a name and an image, saving needs a slug, 10 are kept, newest first.
 * On a failure the list is emptied and the spec's message shown.
 */
export interface RecentGame {
  gameSlug: string;
  name: string;
  image: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

export const RECENT_GAMES_STORAGE_KEY = 'dau:recent-games';
/** Which call failed; the screen words it ('Failed to fetch recent games', 'Failed to save game'). */
export type RecentGamesError = 'fetch' | 'save';

/** Kept only with both a name and an image (spec doc 2 §5). */
export function isKeepable(game: Partial<RecentGame>): game is RecentGame {
  return (
    typeof game.gameSlug === 'string' &&
    game.gameSlug !== '' &&
    typeof game.name === 'string' &&
    game.name !== '' &&
    typeof game.image === 'string' &&
    game.image !== '' &&
    typeof game.timestamp === 'number' &&
    Number.isFinite(game.timestamp)
  );
}

/** Newest first, one entry per game, at most 10, only keepable entries. */
export function normaliseRecent(games: readonly Partial<RecentGame>[]): RecentGame[] {
  const seen = new Set<string>();
  return games
    .filter(isKeepable)
    .slice()
    .sort((a, b) => b.timestamp - a.timestamp)
    .filter((game) => {
      if (seen.has(game.gameSlug)) return false;
      seen.add(game.gameSlug);
      return true;
    })
    .slice(0, RECENT_GAMES_KEPT);
}

/** The list after playing `game`: it moves to the front. */
export function withRecent(list: readonly RecentGame[], game: RecentGame): RecentGame[] {
  return normaliseRecent([game, ...list.filter((g) => g.gameSlug !== game.gameSlug)]);
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readLocalRecent(storage: StorageLike | null = browserStorage()): RecentGame[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_GAMES_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? normaliseRecent(parsed as Partial<RecentGame>[]) : [];
  } catch {
    return [];
  }
}

function writeLocalRecent(list: readonly RecentGame[], storage: StorageLike | null): void {
  try {
    if (list.length === 0) storage?.removeItem(RECENT_GAMES_STORAGE_KEY);
    else storage?.setItem(RECENT_GAMES_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the list still works for this visit.
  }
}

/** The server side of recent games; `api/recent-games.ts` implements it over HTTP. */
export interface RecentGamesServer {
  fetch: () => Promise<RecentGame[]>;
  save: (games: RecentGame[]) => Promise<void>;
}

interface RecentGamesState {
  games: RecentGame[];
  error: RecentGamesError | null;
  /** The list is known (false until the first load ends). */
  loaded: boolean;
}

export const useRecentGames = create<RecentGamesState>()(() => ({
  games: [],
  error: null,
  loaded: false,
}));

/**
 * Loads the list for whoever is using the app. A signed-in user's local games are uploaded
 * first and cleared once the server has them; then the server's list is read.
 */
export async function loadRecentGames(
  signedIn: boolean,
  server: RecentGamesServer,
  storage: StorageLike | null = browserStorage(),
): Promise<void> {
  if (!signedIn) {
    useRecentGames.setState({ games: readLocalRecent(storage), error: null, loaded: true });
    return;
  }
  const local = readLocalRecent(storage);
  try {
    if (local.length > 0) {
      await server.save(local);
      writeLocalRecent([], storage);
    }
  } catch {
    useRecentGames.setState({ games: [], error: 'save', loaded: true });
    return;
  }
  try {
    const games = normaliseRecent(await server.fetch());
    useRecentGames.setState({ games, error: null, loaded: true });
  } catch {
    useRecentGames.setState({ games: [], error: 'fetch', loaded: true });
  }
}

/** Remembers a played game. Without a slug nothing is saved (spec doc 2 §5). */
export async function saveRecentGame(
  game: Omit<RecentGame, 'timestamp'> & { timestamp?: number },
  signedIn: boolean,
  server: RecentGamesServer,
  storage: StorageLike | null = browserStorage(),
): Promise<void> {
  if (!game.gameSlug) return;
  const entry: RecentGame = { ...game, timestamp: game.timestamp ?? Date.now() };
  if (!isKeepable(entry)) return;
  if (!signedIn) {
    const list = withRecent(readLocalRecent(storage), entry);
    writeLocalRecent(list, storage);
    useRecentGames.setState({ games: list, error: null, loaded: true });
    return;
  }
  try {
    await server.save([entry]);
    useRecentGames.setState((s) => ({ games: withRecent(s.games, entry), error: null }));
  } catch {
    useRecentGames.setState({ games: [], error: 'save', loaded: true });
  }
}
