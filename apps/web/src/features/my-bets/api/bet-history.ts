import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  BetDetailResponse,
  BetHistoryDaysResponse,
  BetHistoryQuery,
  BetHistoryResponse,
} from '@dau/contracts/betting/bet-history';
import type { BetSlipCountResponse } from '@dau/contracts/betting/bet-slip-count';
import { apiFetch } from '../../../lib/api-client';
import { currentSite } from '../../../lib/site';

/** Bet history (issue #8 item 5): the signed-in user's own bets. */
export type BetStatusFilter = NonNullable<BetHistoryQuery['status']>;

export interface BetHistoryFilter {
  status?: BetStatusFilter;
  page: number;
}

const historyQuery = (filter: BetHistoryFilter) => ({
  status: filter.status,
  page: filter.page,
  pageSize: 20,
});

/** `GET {core}/betslip/history`: bets newest first (bet-history-v2). */
export function fetchBetHistory(
  filter: BetHistoryFilter,
  signal?: AbortSignal,
): Promise<BetHistoryResponse> {
  return apiFetch<BetHistoryResponse>({
    base: 'core',
    path: '/betslip/history',
    method: 'GET',
    query: historyQuery(filter),
    ...(signal ? { signal } : {}),
  });
}

/** `GET {core}/betslip/history/days`: the same bets grouped by day (bet-history-v3). */
export function fetchBetHistoryDays(
  filter: BetHistoryFilter,
  signal?: AbortSignal,
): Promise<BetHistoryDaysResponse> {
  return apiFetch<BetHistoryDaysResponse>({
    base: 'core',
    path: '/betslip/history/days',
    method: 'GET',
    query: historyQuery(filter),
    ...(signal ? { signal } : {}),
  });
}

/** `GET {core}/betslip/history/{betId}`: legs, payout and timeline of one bet. */
export function fetchBetDetail(betId: string, signal?: AbortSignal): Promise<BetDetailResponse> {
  return apiFetch<BetDetailResponse>({
    base: 'core',
    path: `/betslip/history/${encodeURIComponent(betId)}`,
    method: 'GET',
    ...(signal ? { signal } : {}),
  });
}

/** `POST {core}/betslip/GetBetSlipCount` with BetSlipStatusId 0: the open-bets count. */
export function fetchOpenBetsCount(signal?: AbortSignal): Promise<BetSlipCountResponse> {
  const site = currentSite();
  return apiFetch<BetSlipCountResponse>({
    base: 'core',
    path: '/betslip/GetBetSlipCount',
    body: {
      siteid: site.siteId,
      country: site.countryCode,
      lang: site.defaultLanguage,
      BetSlipStatusId: 0,
    },
    ...(signal ? { signal } : {}),
  });
}

/** Every bet query starts with this key: pushes invalidate them all at once. */
export const betsQueryKey = ['bets'] as const;

export const betHistoryQueryOptions = (filter: BetHistoryFilter) =>
  queryOptions({
    queryKey: [...betsQueryKey, 'history', filter],
    queryFn: ({ signal }) => fetchBetHistory(filter, signal),
    placeholderData: keepPreviousData,
  });

export const betHistoryDaysQueryOptions = (filter: BetHistoryFilter) =>
  queryOptions({
    queryKey: [...betsQueryKey, 'days', filter],
    queryFn: ({ signal }) => fetchBetHistoryDays(filter, signal),
    placeholderData: keepPreviousData,
  });

export const betDetailQueryOptions = (betId: string) =>
  queryOptions({
    queryKey: [...betsQueryKey, 'detail', betId],
    queryFn: ({ signal }) => fetchBetDetail(betId, signal),
  });

export const openBetsCountQueryOptions = () =>
  queryOptions({
    queryKey: [...betsQueryKey, 'open-count'],
    queryFn: ({ signal }) => fetchOpenBetsCount(signal),
    staleTime: 30_000,
  });

export const useBetHistory = (filter: BetHistoryFilter) => useQuery(betHistoryQueryOptions(filter));
export const useBetHistoryDays = (filter: BetHistoryFilter) =>
  useQuery(betHistoryDaysQueryOptions(filter));
export const useBetDetail = (betId: string) => useQuery(betDetailQueryOptions(betId));
export const useOpenBetsCount = (enabled: boolean) =>
  useQuery({ ...openBetsCountQueryOptions(), enabled });
