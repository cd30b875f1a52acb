import type { BetHistoryResponse } from '@dau/contracts/betting/bet-history';
import type { BetSlipCountResponse } from '@dau/contracts/betting/bet-slip-count';
import { apiFetch } from '../../../lib/api-client';
import { currentSite } from '../../../lib/site';

/**
 * The bet card's two reads. Plain fetchers, not queries: the header lives outside the page's
 * query provider and needs them only on sign-in and when the card is dropped open.
 */
export async function fetchOpenBetsCount(): Promise<number> {
  const site = currentSite();
  const answer = await apiFetch<BetSlipCountResponse>({
    base: 'core',
    path: '/betslip/GetBetSlipCount',
    body: {
      siteid: site.siteId,
      country: site.countryCode,
      lang: site.defaultLanguage,
      BetSlipStatusId: 0,
    },
  });
  return answer.totalCount;
}

/** The newest open bets, for the cards of the dropdown. */
export function fetchOpenBets(signal?: AbortSignal, pageSize = 5): Promise<BetHistoryResponse> {
  return apiFetch<BetHistoryResponse>({
    base: 'core',
    path: '/betslip/history',
    query: { status: 'open', page: 1, pageSize },
    ...(signal ? { signal } : {}),
  });
}
