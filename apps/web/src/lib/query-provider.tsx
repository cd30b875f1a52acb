import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';
import { serverEnvironment } from './ssr-environment';

/**
 * TanStack Query, loaded as its own chunk next to the first page chunk instead of in the entry
 * (about 8 KB gzip): the shell paints before it arrives. One client shared by every page; on
 * the server, one client per request (ADR 180).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const client = (serverEnvironment()?.data.queryClient as QueryClient | undefined) ?? queryClient;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
