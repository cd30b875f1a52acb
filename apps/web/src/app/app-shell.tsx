import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Splash } from '../features/shell/splash';
import { setApiNavigate } from '../lib/api-navigate';
import { loginUrlFor, setLoginPrompt } from '../lib/login-prompt';
import { openLoginModal, useSessionStore } from '../lib/session-store';
import { currentSiteId } from '../lib/site';
import { currentBrowser } from '../lib/user-agent';
import { OfflineBanner } from '../ui/offline-banner';
import { LayoutFrame } from './layouts/layout-frame';
import { Overlays } from './overlays';
import { PageOutlet } from './page-outlet';
import { audienceFor, resolveNavigation } from './route-rules';
import { routeFor } from './routes';
import { ScrollToTop } from './scroll-to-top';
import {
  AfterPaint,
  ContentBanners,
  NotificationArea,
  ProducerBanners,
  recordArrivalAttributionLater,
  SupportWidget,
} from './shell-pieces';

const DebugConsole = lazy(() =>
  import('./debug-console').then((m) => ({ default: m.DebugConsole })),
);

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
    recordArrivalAttributionLater();
    // The page answers taps from here on (a tap on server-drawn HTML before it is lost):
    // journeys wait for this mark after a full page load.
    document.documentElement.dataset.hydrated = '';
  }, []);

  const decision = resolveNavigation(location, { isAuthenticated, siteId: currentSiteId() });
  const route = routeFor(location.pathname);
  const debug = new URLSearchParams(location.search).get('debug') === '1';
  const browser = currentBrowser();
  const status =
    decision.kind === 'redirect'
      ? 'redirecting'
      : decision.kind === 'denied' || decision.kind === 'not-found'
        ? decision.kind
        : 'render';
  return (
    <>
      {decision.kind === 'redirect' && <Navigate to={decision.to} replace />}
      <LayoutFrame layout={route.layout ?? 'default'}>
        <OfflineBanner />
        {(route.layout ?? 'default') === 'default' && (
          <AfterPaint>
            <ContentBanners />
            <ProducerBanners />
          </AfterPaint>
        )}
        <PageOutlet page={route.page} status={status} authenticated={isAuthenticated} />
      </LayoutFrame>
      <ScrollToTop />
      <AfterPaint>
        <NotificationArea />
        {(route.layout ?? 'default') === 'default' && <SupportWidget />}
      </AfterPaint>
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
