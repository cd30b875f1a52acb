import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * TanStack Query, loaded as its own chunk next to the first page chunk instead of in the entry
 * (about 8 KB gzip): the shell paints before it arrives. One client shared by every page.
 * Retries are few because every retry costs the user data.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
