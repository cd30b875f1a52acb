import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CashoutOfferResponse,
  CashoutRequest,
  CashoutResponse,
} from '@dau/contracts/betting/cashout';
import { apiFetch } from '../../../lib/api-client';
import { betsQueryKey } from './bet-history';

/** Cash-out of an open bet (issue #21, ADR 220); amounts are currency units as on the wire. */

/** `GET /api/bets/{betId}/cashout[?stake=]`: the offer for the running stake, or `stake` of it. */
export function fetchCashoutOffer(
  betId: string,
  stake: number | undefined,
  signal?: AbortSignal,
): Promise<CashoutOfferResponse> {
  return apiFetch<CashoutOfferResponse>({
    base: 'bets',
    path: `/${encodeURIComponent(betId)}/cashout`,
    method: 'GET',
    query: { stake },
    ...(signal ? { signal } : {}),
  });
}

/** `POST /api/bets/{betId}/cashout`: takes the offered value (409 CASHOUT_VALUE_CHANGED if moved). */
export function postCashout(betId: string, request: CashoutRequest): Promise<CashoutResponse> {
  return apiFetch<CashoutResponse>({
    base: 'bets',
    path: `/${encodeURIComponent(betId)}/cashout`,
    method: 'POST',
    body: request,
  });
}

/**
 * Offers of the whole stake arrive as `CashoutOffer` pushes when prices move (bet-pushes.ts);
 * asking again every 30 s while the page is visible covers a push lost to a reconnect, and the
 * part priced for a partial cash-out (which is never pushed).
 */
export const CASHOUT_REFRESH_MS = 30_000;

/** Under the bets key, so a bet push or a cash-out refreshes the offers with the lists. */
export const cashoutOfferKey = (betId: string, stake?: number) =>
  [...betsQueryKey, 'cashout', betId, stake ?? 'all'] as const;

export const cashoutOfferQueryOptions = (betId: string, stake?: number) =>
  queryOptions({
    queryKey: cashoutOfferKey(betId, stake),
    queryFn: ({ signal }) => fetchCashoutOffer(betId, stake, signal),
    refetchInterval: CASHOUT_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useCashoutOffer = (betId: string, stake?: number, enabled = true) =>
  useQuery({ ...cashoutOfferQueryOptions(betId, stake), enabled });
