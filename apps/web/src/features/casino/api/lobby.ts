import type {
  CasinoGame as WireGame,
  LobbyResponse,
  ProvidersResponse,
} from '@dau/contracts/casino/catalogue';
import { CASINO_GAMES_PATHS } from '@dau/contracts/casino/paths';
import { fromUnits } from '@dau/domain/money';
import { apiFetch } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/site';
import type { CasinoGame, CasinoProvider, LobbyFilter, LobbyPage, LobbyView } from '../catalogue';

/**
 * The lobby call (issue #13 item 1), without the query library so home's casino block can use
 * it: the wire's currency units become cents here, in one place.
 */
export function toGame(wire: WireGame): CasinoGame {
  return {
    id: wire.id,
    slug: wire.slug,
    name: wire.name,
    provider: wire.provider,
    category: wire.category,
    categories: wire.categories,
    kind: wire.kind,
    engine: wire.engine,
    rtp: wire.rtp,
    minStake: fromUnits(wire.minStake),
    maxStake: fromUnits(wire.maxStake),
    volatility: wire.volatility,
    tags: wire.tags,
    image: wire.image,
    description: wire.description,
    demo: wire.demo,
    playable: wire.playable,
  };
}

export function lang(): 'en' | 'sw' {
  return currentLanguage() === 'sw' ? 'sw' : 'en';
}

export const LOBBY_LIMIT = 60;

export async function fetchLobby(
  lobby: LobbyPage,
  filter: LobbyFilter,
  signal?: AbortSignal,
  limit = LOBBY_LIMIT,
): Promise<LobbyView> {
  const answer = await apiFetch<LobbyResponse>({
    base: 'games',
    path: CASINO_GAMES_PATHS.lobby(lobby),
    query: {
      category: filter.category || undefined,
      provider: filter.provider || undefined,
      search: filter.search?.trim() || undefined,
      lang: lang(),
      limit,
    },
    ...(signal ? { signal } : {}),
  });
  return {
    categories: answer.categories,
    providers: answer.providers.map(toProvider),
    games: answer.games.map(toGame),
    total: answer.total,
  };
}

export function toProvider(wire: ProvidersResponse['providers'][number]): CasinoProvider {
  return { slug: wire.slug, name: wire.name, gameCount: wire.gameCount };
}
