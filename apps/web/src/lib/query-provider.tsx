import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * TanStack Query, loaded as its own chunk next to the first page chunk instead of in the entry
 * (about 8 KB gzip): the shell paints before it arrives. One client shared by every page.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
