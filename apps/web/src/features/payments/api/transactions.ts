import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionsResponse } from '@dau/contracts/wallet/transactions';
import { apiFetch } from '../../../lib/api-client';

export interface TransactionsFilter {
  type?: string;
  status?: string;
  from?: string;
  to?: string;
  page: number;
}

/** `GET {core}/customer/transactions`: the user's own lines, newest first. */
export function fetchTransactions(
  filter: TransactionsFilter,
  signal?: AbortSignal,
): Promise<TransactionsResponse> {
  return apiFetch<TransactionsResponse>({
    base: 'core',
    path: '/customer/transactions',
    method: 'GET',
    query: {
      type: filter.type || undefined,
      status: filter.status || undefined,
      from: filter.from || undefined,
      to: filter.to || undefined,
      page: filter.page,
      pageSize: 20,
    },
    ...(signal ? { signal } : {}),
  });
}

export const transactionsQueryKey = ['wallet', 'transactions'] as const;

export const transactionsQueryOptions = (filter: TransactionsFilter) =>
  queryOptions({
    queryKey: [...transactionsQueryKey, filter],
    queryFn: ({ signal }) => fetchTransactions(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useTransactions(filter: TransactionsFilter) {
  return useQuery(transactionsQueryOptions(filter));
}
