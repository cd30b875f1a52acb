import { JACKPOT_PATHS, jackpotsClientPath } from '@dau/contracts/jackpots/paths';
import type { JackpotTicketsResponse } from '@dau/contracts/jackpots/jackpots';
import { apiFetch } from '../../../lib/api-client';
import { useFetched } from '../../../lib/use-fetched';

/** `GET /api/jackpots/tickets`: the signed-in user's tickets, newest first. */
export function fetchJackpotTickets(signal?: AbortSignal): Promise<JackpotTicketsResponse> {
  return apiFetch<JackpotTicketsResponse>({
    base: 'jackpots',
    path: jackpotsClientPath(JACKPOT_PATHS.tickets),
    method: 'GET',
    query: { page: 1, pageSize: 20 },
    ...(signal ? { signal } : {}),
  });
}

/** `version` changes after a purchase, so the list asks again. */
export function useJackpotTickets(enabled: boolean, version: number) {
  return useFetched(`jackpot-tickets:${version}`, fetchJackpotTickets, { enabled, ssr: false });
}
