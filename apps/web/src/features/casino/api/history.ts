import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CasinoHistoryResponse, CasinoRound } from '@dau/contracts/casino/history';
import type { WinnersResponse } from '@dau/contracts/casino/winners';
import { CASINO_GAMES_PATHS } from '@dau/contracts/casino/paths';
import { apiFetch } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/site';
import type { ReplayedRound, RoundInput } from '@dau/domain/games/replay';

/** Casino history and winners (issue #13 item 7). */
export type { CasinoRound };

export const HISTORY_PAGE_SIZE = 20;

export interface HistoryFilter {
  period: 'recent' | 'old';
  provider?: string;
  page: number;
}

const lang = () => (currentLanguage() === 'sw' ? 'sw' : 'en');

export function fetchCasinoHistory(
  filter: HistoryFilter,
  signal?: AbortSignal,
): Promise<CasinoHistoryResponse> {
  return apiFetch<CasinoHistoryResponse>({
    base: 'games',
    path: CASINO_GAMES_PATHS.history,
    method: 'GET',
    query: {
      period: filter.period,
      provider: filter.provider,
      lang: lang(),
      limit: HISTORY_PAGE_SIZE,
      offset: filter.page * HISTORY_PAGE_SIZE,
    },
    ...(signal ? { signal } : {}),
  });
}

export const casinoHistoryKey = ['casino', 'history'] as const;

export function useCasinoHistory(filter: HistoryFilter) {
  return useQuery({
    queryKey: [...casinoHistoryKey, filter, lang()],
    queryFn: ({ signal }) => fetchCasinoHistory(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function fetchWinners(game: string | undefined, signal?: AbortSignal) {
  return apiFetch<WinnersResponse>({
    base: 'games',
    path: CASINO_GAMES_PATHS.winners,
    method: 'GET',
    query: { game, lang: lang() },
    ...(signal ? { signal } : {}),
  });
}

export function useWinners(game: string | undefined) {
  return useQuery({
    queryKey: ['casino', 'winners', game ?? '', lang()],
    queryFn: ({ signal }) => fetchWinners(game, signal),
    staleTime: 30_000,
  });
}

/** PROVISIONAL until the history contract carries them: the round's input and outcome. */
export type RoundWithProof = CasinoRound & {
  fairness:
    (NonNullable<CasinoRound['fairness']> & { input?: RoundInput; outcome?: ReplayedRound }) | null;
};

/** `GET {games}/history/{roundId}`: one of the signed-in user's rounds (the /fairness link). */
export function useCasinoRound(roundId: string | null) {
  return useQuery({
    queryKey: [...casinoHistoryKey, 'round', roundId],
    queryFn: ({ signal }) =>
      apiFetch<RoundWithProof>({
        base: 'games',
        path: `${CASINO_GAMES_PATHS.history}/${encodeURIComponent(roundId ?? '')}`,
        method: 'GET',
        signal,
      }),
    enabled: roundId !== null && roundId !== '',
    retry: false,
  });
}
