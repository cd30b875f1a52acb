import { createHash } from 'node:crypto';
import type { Plugin, Rolldown } from 'vite';

/** Files of public/ the worker keeps from its install on: the offline page, manifest, icons. */
const SHELL_FILES = ['/offline.html', '/manifest.webmanifest', '/icon.svg', '/icon-192.png'];

/**
 * The service worker (issue #18 item 5), written by the build as `sw.js` with this build's
 * first-load files: the entry chunk with what it imports, and the stylesheet.
 *
 * - install: those files and SHELL_FILES into the cache of this build (`dau-shell-<hash>`); they
 *   came with the page just now, so this costs no second download;
 * - `/assets/*` (hashed, never change): cache first, kept as they are fetched;
 * - pages: network first; the last copy of an anonymous page is kept (a page the server marks
 *   `private` — signed in — never is) and shown offline; a page never opened gets offline.html;
 * - public data (`/api/content/`, `/api/uof/`): network first, the last answer offline (pages
 *   and answers: the last KEEP);
 * - everything else (bets, wallet, sockets) is left to the network.
 *
 * The browser registers it after the first paint (main.tsx), outside the first load's budget.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'dau:service-worker',
    apply: 'build',
    // After Vite has emitted the stylesheet.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const precache = [...SHELL_FILES, ...firstLoadFiles(bundle)];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: serviceWorkerSource(version, precache),
      });
    },
  };
}

function firstLoadFiles(bundle: Rolldown.OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (!chunk || chunk.type !== 'chunk' || files.has(`/${name}`)) return;
    files.add(`/${name}`);
    chunk.imports.forEach(visit);
  };
  for (const [name, output] of Object.entries(bundle)) {
    if (output.type === 'chunk' && output.isEntry) visit(name);
    if (output.type === 'asset' && name.startsWith('assets/') && name.endsWith('.css')) {
      files.add(`/${name}`);
    }
  }
  return [...files].sort();
}

export function serviceWorkerSource(version: string, precache: string[]): string {
  return `// Dau's service worker, written by the build (apps/web/scripts/service-worker-plugin.ts).
const SHELL = 'dau-shell-${version}';
const PAGES = 'dau-pages';
const PRECACHE = ${JSON.stringify(precache)};
const DATA = /^\\/api\\/(content|uof)\\//;
/** Pages and answers kept for offline reading, the oldest dropped first. */
const KEEP = 80;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(SHELL).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('dau-shell-') && k !== SHELL).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(SHELL).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request, fallback) {
  try {
    const response = await fetch(request);
    const personal = /private|no-store/.test(response.headers.get('cache-control') || '');
    if (response.ok && !personal) {
      const copy = response.clone();
      caches.open(PAGES).then(async (cache) => {
        await cache.put(request, copy);
        const keys = await cache.keys();
        await Promise.all(keys.slice(0, -KEEP).map((key) => cache.delete(key)));
      });
    }
    return response;
  } catch (error) {
    const cached = (await caches.match(request)) || (fallback && (await caches.match(fallback)));
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (request.mode === 'navigate') event.respondWith(networkFirst(request, '/offline.html'));
  else if (DATA.test(url.pathname)) event.respondWith(networkFirst(request));
});
`;
}
