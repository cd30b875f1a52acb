import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GameDetailResponse, ProvidersResponse } from '@dau/contracts/casino/catalogue';
import { CASINO_GAMES_PATHS } from '@dau/contracts/casino/paths';
import { fromUnits, type Cents } from '@dau/domain/money';
import { apiFetch } from '../../../lib/api-client';
import type { CasinoGame, CasinoProvider, LobbyFilter, LobbyPage } from '../catalogue';
import { fetchLobby, lang, toGame, toProvider } from './lobby';

/** The catalogue's queries (issue #13 items 1 and 2). */
export const lobbyQueryOptions = (lobby: LobbyPage, filter: LobbyFilter) =>
  queryOptions({
    queryKey: ['casino', 'lobby', lobby, filter, lang()],
    queryFn: ({ signal }) => fetchLobby(lobby, filter, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useLobby(lobby: LobbyPage, filter: LobbyFilter) {
  return useQuery(lobbyQueryOptions(lobby, filter));
}

export async function fetchProviders(signal?: AbortSignal): Promise<CasinoProvider[]> {
  const answer = await apiFetch<ProvidersResponse>({
    base: 'games',
    path: CASINO_GAMES_PATHS.providers,
    query: { lang: lang() },
    ...(signal ? { signal } : {}),
  });
  return answer.providers.map(toProvider);
}

export function useProviders() {
  return useQuery({
    queryKey: ['casino', 'providers', lang()],
    queryFn: ({ signal }) => fetchProviders(signal),
    staleTime: 60_000,
  });
}

export interface GameDetails {
  game: CasinoGame;
  rules: string[];
  maxWin: Cents;
  provablyFair: boolean;
}

export async function fetchGame(slug: string, signal?: AbortSignal): Promise<GameDetails> {
  const answer = await apiFetch<GameDetailResponse>({
    base: 'games',
    path: CASINO_GAMES_PATHS.game(slug),
    query: { lang: lang() },
    ...(signal ? { signal } : {}),
  });
  return {
    game: toGame(answer.game),
    rules: answer.rules,
    maxWin: fromUnits(answer.maxWin),
    provablyFair: answer.provablyFair,
  };
}

export const gameQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['casino', 'game', slug, lang()],
    queryFn: ({ signal }) => fetchGame(slug, signal),
    staleTime: 60_000,
    retry: (count, error) =>
      count < 1 && !(error instanceof Error && 'status' in error && error.status === 404),
  });

export function useGame(slug: string) {
  return useQuery(gameQueryOptions(slug));
}
