import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/theme.css';
import { afterPaintLoadsSettled } from './lib/after-paint';
import { watchPreloadErrors } from './lib/chunk-reload';
import { enableFullStylesheet } from './lib/full-stylesheet';
import { watchScriptErrors } from './lib/client-log';
import { watchNetworkStatus } from './lib/network-status';
import { useSessionStore } from './lib/session-store';
import { installLanguage } from './lib/i18n';
import { currentLanguage, currentSiteId } from './lib/site';
import { currentBrowser } from './lib/user-agent';

const root = document.documentElement;
root.dataset.site = String(currentSiteId());
const browser = currentBrowser();
if (browser.lite) root.dataset.lite = '';

enableFullStylesheet();
watchScriptErrors();
watchPreloadErrors();
watchNetworkStatus();
// The signed-in cookie can change in another tab or after a server-side expiry.
const refreshSession = () => useSessionStore.getState().refreshFromCookie();
window.addEventListener('focus', refreshSession);
document.addEventListener('visibilitychange', refreshSession);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const render = () => {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The server rendered the page (ADR 180): hydrate its HTML; otherwise (the dev server) render.
  // Hydration as a transition yields to the browser every few milliseconds instead of one long
  // task, so a tap during it is not blocked (ADR 184).
  if (container.dataset.ssr !== undefined) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
};
// Swahili's words load only where Swahili is spoken, before the first render (ADR 142); if
// the chunk cannot load, the page still renders, in English.
if (currentLanguage() === 'sw') {
  void import('./lib/i18n-sw')
    .then(({ SW }) => installLanguage('sw', SW))
    .catch(() => undefined)
    .finally(render);
} else {
  render();
}

// The browser's install offer may come before lib/installable loads: kept for it (ADR 181).
window.addEventListener('beforeinstallprompt', (event) => (window.dauInstallOffer = event));

// Realtime after the first paint and the page's deferred parts (home's slots, the footer: ADR
// 189), never for crawlers or Opera Mini's proxy; then the service worker and the install offer
// (ADR 181).
if (!browser.bot && !browser.operaMini) {
  void afterPaintLoadsSettled()
    .then(() => import('./lib/realtime'))
    .then(({ startRealtime }) => startRealtime())
    .then(() => import('./lib/installable'))
    .then(({ watchInstall }) => watchInstall());
}
