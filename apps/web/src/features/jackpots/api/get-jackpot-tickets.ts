import { JACKPOT_PATHS, jackpotsClientPath } from '@dau/contracts/jackpots/paths';
import type { JackpotTicketsResponse } from '@dau/contracts/jackpots/jackpots';
import { apiFetch } from '../../../lib/api-client';
import { useFetched } from '../../../lib/use-fetched';

/** Tickets per page of My tickets. */
export const JACKPOT_TICKETS_PAGE_SIZE = 20;

/** `GET /api/jackpots/tickets`: a page of the signed-in user's tickets, newest first. */
export function fetchJackpotTickets(
  page: number,
  signal?: AbortSignal,
): Promise<JackpotTicketsResponse> {
  return apiFetch<JackpotTicketsResponse>({
    base: 'jackpots',
    path: jackpotsClientPath(JACKPOT_PATHS.tickets),
    method: 'GET',
    query: { page, pageSize: JACKPOT_TICKETS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

/** `version` changes after a purchase, so the list asks again. */
export function useJackpotTickets(enabled: boolean, version: number, page: number) {
  return useFetched(
    `jackpot-tickets:${version}:${page}`,
    (signal) => fetchJackpotTickets(page, signal),
    { enabled, ssr: false },
  );
}
