import type { CasinoGame, LobbyResponse } from '@dau/contracts/casino/catalogue';

/** Wire-shaped catalogue answers for the casino's component tests. */
export function wireGame(slug: string, overrides: Partial<CasinoGame> = {}): CasinoGame {
  const name = slug.charAt(0).toUpperCase() + slug.slice(1);
  return {
    id: slug.length,
    slug,
    name,
    provider: { slug: 'dau-originals', name: 'Dau Originals' },
    category: { slug: 'originals', name: 'Originals' },
    lobbies: ['casino', 'all-games'],
    kind: 'rng',
    engine: slug,
    rtp: 99,
    minStake: 1,
    maxStake: 10_000,
    volatility: 'medium',
    tags: [],
    image: `/api/games/art/${slug}.svg`,
    description: `${name}, a game made for Dau.`,
    demo: true,
    playable: true,
    ...overrides,
    categories: overrides.categories ?? [overrides.category?.slug ?? 'originals'],
  };
}

export const CASINO_LOBBY: LobbyResponse = {
  lobby: 'casino',
  categories: [
    { slug: 'originals', name: 'Originals', gameCount: 2, lobbies: ['casino'] },
    { slug: 'instant', name: 'Instant', gameCount: 1, lobbies: ['casino'] },
  ],
  providers: [{ slug: 'dau-originals', name: 'Dau Originals', kind: 'in-house', gameCount: 3 }],
  games: [
    wireGame('mines'),
    wireGame('dice'),
    wireGame('scratch', { category: { slug: 'instant', name: 'Instant' }, kind: 'instant' }),
  ],
  total: 3,
};
