import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadRecentGames,
  normaliseRecent,
  readLocalRecent,
  RECENT_GAMES_STORAGE_KEY,
  saveRecentGame,
  useRecentGames,
  withRecent,
  type RecentGame,
  type RecentGamesServer,
} from './recent-games';

const game = (slug: string, timestamp: number): RecentGame => ({
  gameSlug: slug,
  name: `Game ${slug}`,
  image: `/games/art/${slug}.svg`,
  timestamp,
});

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

function fakeServer(overrides: Partial<RecentGamesServer> = {}) {
  const saved: RecentGame[][] = [];
  const server: RecentGamesServer = {
    fetch: vi.fn(async () => [game('dice', 5), game('mines', 9)]),
    save: vi.fn(async (games: RecentGame[]) => void saved.push(games)),
    ...overrides,
  };
  return { server, saved };
}

beforeEach(() => useRecentGames.setState({ games: [], error: null, loaded: false }));

describe('recent games lists', () => {
  it('keeps 10 at most, newest first, one per game, only with a name and an image', () => {
    const many = Array.from({ length: 14 }, (_, i) => game(`g${i}`, i));
    const list = normaliseRecent([
      ...many,
      { ...game('noname', 100), name: '' },
      { ...game('noimage', 101), image: '' },
      game('g13', 1),
    ]);
    expect(list.map((g) => g.gameSlug)).toEqual([
      'g13',
      'g12',
      'g11',
      'g10',
      'g9',
      'g8',
      'g7',
      'g6',
      'g5',
      'g4',
    ]);
  });

  it('moves a replayed game to the front', () => {
    const list = withRecent([game('a', 3), game('b', 2)], game('b', 10));
    expect(list.map((g) => g.gameSlug)).toEqual(['b', 'a']);
  });

  it('reads nothing from broken storage', () => {
    expect(readLocalRecent(memoryStorage({ [RECENT_GAMES_STORAGE_KEY]: '{bad' }))).toEqual([]);
    expect(readLocalRecent(memoryStorage({ [RECENT_GAMES_STORAGE_KEY]: '{"a":1}' }))).toEqual([]);
    expect(readLocalRecent(null)).toEqual([]);
  });
});

describe('guests', () => {
  it('save locally, newest first, and need a slug', async () => {
    const storage = memoryStorage();
    const { server } = fakeServer();
    await saveRecentGame(
      { gameSlug: 'dice', name: 'Dice', image: '/d.svg', timestamp: 1 },
      false,
      server,
      storage,
    );
    await saveRecentGame(
      { gameSlug: 'mines', name: 'Mines', image: '/m.svg', timestamp: 2 },
      false,
      server,
      storage,
    );
    await saveRecentGame(
      { gameSlug: '', name: 'No slug', image: '/x.svg', timestamp: 3 },
      false,
      server,
      storage,
    );
    expect(useRecentGames.getState().games.map((g) => g.gameSlug)).toEqual(['mines', 'dice']);
    expect(readLocalRecent(storage).map((g) => g.gameSlug)).toEqual(['mines', 'dice']);
    expect(server.save).not.toHaveBeenCalled();
  });

  it('load the local list without calling the server', async () => {
    const storage = memoryStorage({
      [RECENT_GAMES_STORAGE_KEY]: JSON.stringify([game('keno', 4)]),
    });
    const { server } = fakeServer();
    await loadRecentGames(false, server, storage);
    expect(useRecentGames.getState()).toMatchObject({
      games: [game('keno', 4)],
      error: null,
      loaded: true,
    });
    expect(server.fetch).not.toHaveBeenCalled();
  });
});

describe('signed-in users', () => {
  it('upload local games, clear them, then read the server list', async () => {
    const storage = memoryStorage({
      [RECENT_GAMES_STORAGE_KEY]: JSON.stringify([game('keno', 4)]),
    });
    const { server, saved } = fakeServer();
    await loadRecentGames(true, server, storage);
    expect(saved).toEqual([[game('keno', 4)]]);
    expect(storage.data.has(RECENT_GAMES_STORAGE_KEY)).toBe(false);
    expect(useRecentGames.getState().games.map((g) => g.gameSlug)).toEqual(['mines', 'dice']);
  });

  it('empty the list and say "Failed to fetch recent games" when the read fails', async () => {
    useRecentGames.setState({ games: [game('x', 1)] });
    const { server } = fakeServer({ fetch: vi.fn(async () => Promise.reject(new Error('down'))) });
    await loadRecentGames(true, server, memoryStorage());
    expect(useRecentGames.getState()).toMatchObject({ games: [], error: 'fetch' });
  });

  it('keep local games when the upload fails, and say "Failed to save game"', async () => {
    const storage = memoryStorage({
      [RECENT_GAMES_STORAGE_KEY]: JSON.stringify([game('keno', 4)]),
    });
    const { server } = fakeServer({ save: vi.fn(async () => Promise.reject(new Error('down'))) });
    await loadRecentGames(true, server, storage);
    expect(useRecentGames.getState()).toMatchObject({ games: [], error: 'save' });
    expect(readLocalRecent(storage)).toEqual([game('keno', 4)]);
  });

  it('save a played game on the server and show it first', async () => {
    useRecentGames.setState({ games: [game('dice', 1)] });
    const { server, saved } = fakeServer();
    await saveRecentGame(
      { gameSlug: 'plinko', name: 'Plinko', image: '/p.svg', timestamp: 7 },
      true,
      server,
      memoryStorage(),
    );
    expect(saved).toEqual([
      [{ gameSlug: 'plinko', name: 'Plinko', image: '/p.svg', timestamp: 7 }],
    ]);
    expect(useRecentGames.getState().games.map((g) => g.gameSlug)).toEqual(['plinko', 'dice']);
  });

  it('empty the list with "Failed to save game" when saving fails', async () => {
    useRecentGames.setState({ games: [game('dice', 1)] });
    const { server } = fakeServer({ save: vi.fn(async () => Promise.reject(new Error('down'))) });
    await saveRecentGame(
      { gameSlug: 'plinko', name: 'Plinko', image: '/p.svg' },
      true,
      server,
      memoryStorage(),
    );
    expect(useRecentGames.getState()).toMatchObject({ games: [], error: 'save' });
  });
});
