import { lazy, Suspense, useEffect } from 'react';
import { matchRoutes, Navigate, useLocation, useNavigate } from 'react-router';
import { recordArrivalAttribution } from '../features/shell/attribution';
import { ContentBanners } from '../features/shell/content-banners';
import { Splash } from '../features/shell/splash';
import { NotificationArea, ProducerBanners } from '../features/shell/status-area';
import { SupportWidget } from '../features/support/support-widget';
import { setApiNavigate } from '../lib/api-client';
import { loginUrlFor, setLoginPrompt } from '../lib/login-prompt';
import { openLoginModal, useSessionStore } from '../lib/session-store';
import { currentSiteId } from '../lib/site';
import { currentBrowser } from '../lib/user-agent';
import { OfflineBanner } from '../ui/offline-banner';
import { LayoutFrame } from './layouts/layout-frame';
import { Overlays } from './overlays';
import { PageOutlet } from './page-outlet';
import { audienceFor, resolveNavigation } from './route-rules';
import { APP_ROUTES, ROUTE_OBJECTS, type AppRoute } from './routes';
import { ScrollToTop } from './scroll-to-top';

// Signed-in users get the payment modals and pushes on every page; loaded after sign-in only,
// inside the pages' shared query client.
const PaymentModalsHost = lazy(async () => {
  const [{ QueryProvider }, { PaymentModalsHost: Host }] = await Promise.all([
    import('./query-provider'),
    import('../features/payments/payment-modals-host'),
  ]);
  return {
    default: () => (
      <QueryProvider>
        <Host />
      </QueryProvider>
    ),
  };
});

const DebugConsole = lazy(() =>
  import('./debug-console').then((m) => ({ default: m.DebugConsole })),
);

function routeFor(pathname: string): AppRoute {
  const matches = matchRoutes(ROUTE_OBJECTS, pathname);
  const handle = matches?.[matches.length - 1]?.route.handle as AppRoute | undefined;
  return handle ?? (APP_ROUTES[APP_ROUTES.length - 1] as AppRoute);
}

/**
 * Applies the path rules after every navigation (trailing slash, sign-in and guest-only
 * redirects, access check → 401 page), then renders the layout around the page outlet.
 */
export function AppShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);

  useEffect(() => {
    setApiNavigate((to) => navigate(to));
    // A 401 on a page anyone may see keeps the page and asks for the login in a modal.
    setLoginPrompt((redirectUrl) =>
      audienceFor(window.location.pathname) === 'signed-in'
        ? navigate(loginUrlFor(redirectUrl))
        : openLoginModal(redirectUrl),
    );
  }, [navigate]);

  useEffect(() => {
    recordArrivalAttribution();
  }, []);

  const decision = resolveNavigation(location, { isAuthenticated, siteId: currentSiteId() });
  const route = routeFor(location.pathname);
  const debug = new URLSearchParams(location.search).get('debug') === '1';
  const browser = currentBrowser();
  const status =
    decision.kind === 'redirect' ? 'redirecting' : decision.kind === 'denied' ? 'denied' : 'render';
  return (
    <>
      {decision.kind === 'redirect' && <Navigate to={decision.to} replace />}
      <LayoutFrame layout={route.layout ?? 'default'}>
        <OfflineBanner />
        {(route.layout ?? 'default') === 'default' && (
          <>
            <ContentBanners />
            <ProducerBanners />
          </>
        )}
        <PageOutlet page={route.page} status={status} authenticated={isAuthenticated} />
      </LayoutFrame>
      <ScrollToTop />
      <NotificationArea />
      {isAuthenticated && (
        <Suspense fallback={null}>
          <PaymentModalsHost />
        </Suspense>
      )}
      {(route.layout ?? 'default') === 'default' && <SupportWidget />}
      {!browser.bot && !browser.lite && <Splash />}
      <Overlays />
      {debug && (
        <Suspense fallback={null}>
          <DebugConsole />
        </Suspense>
      )}
    </>
  );
}
