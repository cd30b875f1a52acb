import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CasinoHistoryResponse,
  CasinoRound,
  CasinoRoundDetailResponse,
} from '@dau/contracts/casino/history';
import { GAME_ENGINE_PATHS, type RevealedSeedPair } from '@dau/contracts/casino/games';
import type { WinnersResponse } from '@dau/contracts/casino/winners';
import { CASINO_GAMES_PATHS } from '@dau/contracts/casino/paths';
import { ApiError, apiFetch } from '../../../lib/api-client';
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

/** What /fairness?round= needs of a recorded round to recompute it. */
export type RoundProof =
  | { kind: 'not-provable' }
  | { kind: 'not-revealed'; serverSeedHash: string }
  | {
      kind: 'ready';
      input: RoundInput;
      outcome: ReplayedRound | null;
      seeds: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };
    };

/**
 * `GET {games}/history/{roundId}` (the round with its recorded input and outcome) and, when the
 * round's seed was revealed later by a rotation, `GET {games}/fairness/seeds/{hash}`.
 */
export async function fetchRoundProof(roundId: string, signal?: AbortSignal): Promise<RoundProof> {
  const round = await apiFetch<CasinoRoundDetailResponse>({
    base: 'games',
    path: CASINO_GAMES_PATHS.historyRound(roundId),
    method: 'GET',
    ...(signal ? { signal } : {}),
  });
  const fairness = round.fairness;
  if (!round.provablyFair || !fairness || !round.input) return { kind: 'not-provable' };
  let serverSeed = fairness.serverSeed;
  if (!serverSeed) {
    try {
      const pair = await apiFetch<RevealedSeedPair>({
        base: 'games',
        path: GAME_ENGINE_PATHS.seedByHash(fairness.serverSeedHash),
        method: 'GET',
        ...(signal ? { signal } : {}),
      });
      serverSeed = pair.serverSeed;
    } catch (error) {
      // A shared round's seed (High Flyer's chain) is not a player's seed pair: until the
      // round is settled it is simply not revealed yet.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  if (!serverSeed) return { kind: 'not-revealed', serverSeedHash: fairness.serverSeedHash };
  return {
    kind: 'ready',
    // Recorded by the engine with the domain's own types.
    input: round.input as RoundInput,
    outcome: (round.outcome ?? null) as ReplayedRound | null,
    seeds: {
      serverSeed,
      serverSeedHash: fairness.serverSeedHash,
      clientSeed: fairness.clientSeed,
      nonce: fairness.nonce,
    },
  };
}

export function useRoundProof(roundId: string | null) {
  return useQuery({
    queryKey: [...casinoHistoryKey, 'proof', roundId],
    queryFn: ({ signal }) => fetchRoundProof(roundId ?? '', signal),
    enabled: roundId !== null && roundId !== '',
    retry: false,
  });
}
