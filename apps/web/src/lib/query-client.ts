import { hydrate, QueryClient } from '@tanstack/react-query';
import { readHandoff } from './server-data';

/**
 * The one TanStack Query client of the app, shared by the pages' provider and by the few parts
 * outside the page outlet (the header's bet drop), so a push that invalidates a key refreshes
 * every view of it. Retries are few because every retry costs the user data.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

// The queries the server read for the first view (ADR 180): fresh, so none is asked again.
const handed = readHandoff()?.queries;
if (handed) hydrate(queryClient, handed);
