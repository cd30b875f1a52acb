import { CASINO_GAMES_PATHS } from '@dau/contracts/casino/paths';
import { RECENT_GAMES_FETCH_COUNT } from '@dau/domain/constants';
import { apiFetch } from '../../../lib/api-client';
import type { RecentGamesResponse } from '@dau/contracts/casino/recent-games';
import type { RecentGamesServer } from '../recent-games';

/** `POST {games}/track` and `GET {games}/track?count=10` (spec doc 2 §7). */
export const recentGamesServer: RecentGamesServer = {
  fetch: () =>
    apiFetch<RecentGamesResponse>({
      base: 'games',
      path: CASINO_GAMES_PATHS.track,
      method: 'GET',
      query: { count: RECENT_GAMES_FETCH_COUNT },
    }),
  save: async (games) => {
    await apiFetch<unknown>({ base: 'games', path: CASINO_GAMES_PATHS.track, body: games });
  },
};
