import { lazy, Suspense, type ReactNode } from 'react';

/**
 * TanStack Query is its own chunk (about 9 kB gzip), loaded by the pages that use it; routes
 * marked `query: false` (the home page) render without it. A lazy part of such a page that
 * uses queries wraps itself in `<QueryBoundary>`: Query then loads with that part only.
 */
export const QueryProvider = lazy(() =>
  import('./query-provider').then((m) => ({ default: m.QueryProvider })),
);

export function QueryBoundary({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <QueryProvider>{children}</QueryProvider>
    </Suspense>
  );
}
