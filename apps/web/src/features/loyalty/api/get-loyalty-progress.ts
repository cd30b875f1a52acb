import type { LoyaltyProgressResponse } from '@dau/contracts/loyalty/loyalty-progress';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET {core}/loyalty/GetProgress`: this week's settled bets toward the free bet (#8 item 7). */
export function fetchLoyaltyProgress(signal?: AbortSignal): Promise<LoyaltyProgressResponse> {
  return apiFetch<LoyaltyProgressResponse>({
    base: 'core',
    path: '/loyalty/GetProgress',
    ...(signal ? { signal } : {}),
  });
}

export const loyaltyQueryKey = ['loyalty', 'progress'] as const;

export const loyaltyQueryOptions = () =>
  queryOptions({
    queryKey: loyaltyQueryKey,
    queryFn: ({ signal }) => fetchLoyaltyProgress(signal),
    staleTime: 60_000,
  });

export function useLoyaltyProgress(enabled: boolean) {
  return useQuery({ ...loyaltyQueryOptions(), enabled });
}
