import { Activity, Suspense, useState } from 'react';
import { useLocation, useRoutes, type Location } from 'react-router';
import { NotFoundPage, SessionExpiredPage } from '../ui/error-pages';
import { PageShown } from '../lib/after-paint';
import { LoadingScreen } from '../ui/loading-screen';
import { ErrorBoundary } from './error-boundary';
import { visitPage, isCacheable, type CacheEntry } from './page-cache';
import { QueryProvider } from '../lib/query-boundary';
import { ROUTE_OBJECTS, routeFor } from './routes';

/** One page rendered for its own location, so a hidden page keeps its own params. */
function RoutedPage({ location }: { location: Location }) {
  const element = useRoutes(ROUTE_OBJECTS, location);
  const route = routeFor(location.pathname);
  // The page's chunk loads alongside the query library's, not after it (one round trip less).
  (route.Component as { preload?: () => unknown }).preload?.();
  const withQuery = route.query !== false;
  return (
    <ErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>
        {withQuery ? <QueryProvider>{element}</QueryProvider> : element}
        <PageShown />
      </Suspense>
    </ErrorBoundary>
  );
}

interface CacheState {
  locationKey: string | null;
  authenticated: boolean;
  entries: CacheEntry<Location>[];
}

/**
 * Renders the current page and keeps up to 5 recent pages mounted but hidden with React's
 * `<Activity mode="hidden">` (state and DOM kept, effects paused). Keyed by pathname. A sign-in
 * change empties the cache so no page keeps data of the previous session.
 */
export type OutletStatus = 'render' | 'denied' | 'not-found' | 'redirecting';

export function PageOutlet({
  page,
  status,
  authenticated,
}: {
  page: string;
  status: OutletStatus;
  authenticated: boolean;
}) {
  const location = useLocation();
  const [cache, setCache] = useState<CacheState>({ locationKey: null, authenticated, entries: [] });
  const locationKey = `${location.key}:${location.pathname}`;

  let entries = cache.entries;
  if (cache.locationKey !== locationKey || cache.authenticated !== authenticated) {
    // Derive during render (React's "adjust state when a prop changes" pattern): no extra pass.
    const base = cache.authenticated === authenticated ? cache.entries : [];
    entries = status === 'render' ? visitPage(base, location.pathname, location, page) : base;
    setCache({ locationKey, authenticated, entries });
  }

  const current = status === 'render' && isCacheable(page) ? location.pathname : null;
  return (
    <>
      {entries.map((entry) => (
        <Activity key={entry.key} mode={entry.key === current ? 'visible' : 'hidden'}>
          <RoutedPage location={entry.value} />
        </Activity>
      ))}
      {status === 'denied' && <SessionExpiredPage />}
      {status === 'not-found' && <NotFoundPage />}
      {status === 'render' && current === null && (
        <RoutedPage key={location.pathname} location={location} />
      )}
    </>
  );
}
