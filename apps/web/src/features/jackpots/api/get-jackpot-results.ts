import { JACKPOT_PATHS, jackpotsClientPath } from '@dau/contracts/jackpots/paths';
import type { JackpotResultsResponse } from '@dau/contracts/jackpots/jackpots';
import { apiFetch } from '../../../lib/api-client';
import { useFetched } from '../../../lib/use-fetched';

/** `GET /api/jackpots/results`: settled and void rounds, newest first. */
export function fetchJackpotResults(signal?: AbortSignal): Promise<JackpotResultsResponse> {
  return apiFetch<JackpotResultsResponse>({
    base: 'jackpots',
    path: jackpotsClientPath(JACKPOT_PATHS.results),
    method: 'GET',
    ...(signal ? { signal } : {}),
  });
}

export function useJackpotResults(enabled: boolean) {
  return useFetched('jackpot-results', fetchJackpotResults, { enabled, ssr: false });
}
