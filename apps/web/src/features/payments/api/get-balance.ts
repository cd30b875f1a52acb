import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { GetBalanceResponse } from '@dau/contracts/wallet/get-balance';
import { apiFetch } from '../../../lib/api-client';
import { balanceQueryKey } from '../../../lib/balance-query-key';
import { currentSite } from '../../../lib/site';
import { balancesFromAnswer, usePaymentsStore } from '../store';

/** `POST {core}/customer/getbalance`: the signed-in user's balances. */
export function fetchBalance(signal?: AbortSignal): Promise<GetBalanceResponse> {
  const site = currentSite();
  return apiFetch<GetBalanceResponse>({
    base: 'core',
    path: '/customer/getbalance',
    body: { siteid: site.siteId, country: site.countryCode, lang: site.defaultLanguage },
    ...(signal ? { signal } : {}),
  });
}

export { balanceQueryKey };

export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: balanceQueryKey,
    queryFn: async ({ signal }) => {
      const answer = await fetchBalance(signal);
      // The answer feeds the one balance state the header, menu and pages read.
      usePaymentsStore.getState().setBalances(balancesFromAnswer(answer));
      return answer;
    },
    staleTime: 30_000,
  });

export function useBalance(enabled = true) {
  const query = useQuery({ ...balanceQueryOptions(), enabled });
  // An answer the server asked for while drawing the page is handed over fresh, so `queryFn`
  // never runs here: when no balance cookie gave the state one (a new user, never credited), it
  // comes from that answer, after hydration (the page was drawn without it).
  const { data } = query;
  useEffect(() => {
    if (data && usePaymentsStore.getState().balances === null) {
      usePaymentsStore.getState().setBalances(balancesFromAnswer(data));
    }
  }, [data]);
  return query;
}
