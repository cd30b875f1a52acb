import { JACKPOT_PATHS, jackpotsClientPath } from '@dau/contracts/jackpots/paths';
import type { JackpotRoundsResponse } from '@dau/contracts/jackpots/jackpots';
import { apiFetch } from '../../../lib/api-client';
import { useFetched } from '../../../lib/use-fetched';

/** `GET /api/jackpots`: the site's open rounds with their matches and prizes. */
export function fetchJackpotRounds(signal?: AbortSignal): Promise<JackpotRoundsResponse> {
  return apiFetch<JackpotRoundsResponse>({
    base: 'jackpots',
    path: jackpotsClientPath(JACKPOT_PATHS.rounds),
    method: 'GET',
    ...(signal ? { signal } : {}),
  });
}

/** Rendered on the server too (useFetched hands the answer to the browser). */
export function useJackpotRounds() {
  return useFetched('jackpot-rounds', fetchJackpotRounds, { refetchMs: 60_000 });
}
