import type { LoyaltyProgressResponse } from '@dau/contracts/loyalty/loyalty-progress';
import { apiFetch } from '../../../lib/api-client';

/** `GET {core}/loyalty/GetProgress`: this week's settled bets toward the free bet (#8 item 7). */
export function fetchLoyaltyProgress(signal?: AbortSignal): Promise<LoyaltyProgressResponse> {
  return apiFetch<LoyaltyProgressResponse>({
    base: 'core',
    path: '/loyalty/GetProgress',
    ...(signal ? { signal } : {}),
  });
}
