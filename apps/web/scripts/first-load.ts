import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What the first load of `/` costs, read from a production build (`apps/web/dist` and Vite's
 * `.vite/manifest.json`). Used by `check-bundle-budget.ts` (CI) and `bench/first-load.bench.ts`.
 *
 * Counted ("critical"): the entry with everything it imports statically, the home route's chunk
 * with everything it imports statically, and — to stay on the safe side — every chunk those
 * import dynamically unless the import is listed in DEFERRED below with the reason it does not
 * load before the first paint of `/`. A new lazy piece of the header or the home page therefore
 * counts until someone states why it should not.
 *
 * Sizes are gzip (zlib's default level, what the server's on-the-fly compression sends for
 * `Accept-Encoding: gzip`), in kB of 1,000 bytes like Vite's build report.
 */
export const BUDGET_KB = 100;
/**
 * The most any chunk but the entry may weigh (gzip kB; issue #18): a route's chunk, or a piece
 * it or the shell loads later. CI fails above it as above BUDGET_KB (ADR 182; the ratchet
 * ceiling of ADR 004 is gone since the first load is under the budget).
 */
export const CHUNK_LIMIT_KB = 60;

/** The module of the `/` route (apps/web/src/app/routes.tsx). */
export const HOME_ROUTE_MODULE = 'src/features/home/home-page.tsx';
/**
 * The chunk that holds it when the build groups the content of `/` (`scripts/home-chunk.ts`):
 * the manifest then names the chunk, not the module.
 */
export const HOME_CHUNK_NAME = 'home';

/** Dynamic imports that `/` does not load before its first paint, and why. */
export const DEFERRED: readonly { pattern: RegExp; reason: string }[] = [
  // A route's module (`*-pages.tsx`, or one page: `virtuals-page.tsx`); home's is counted.
  { pattern: /^src\/features\/[^/]+\/[^/]+-pages?\.tsx$/, reason: 'another route' },
  { pattern: /(^|\/)_?realtime[-.]/, reason: 'realtime: after the first paint, never for bots' },
  { pattern: /socket\.io-client/, reason: 'realtime: after the first paint, never for bots' },
  {
    pattern: /(^|\/)_?installable[-.]/,
    reason: 'service worker and install offer: after the first paint',
  },
  { pattern: /^src\/lib\/query-provider\.tsx$/, reason: 'TanStack Query: pages that use it' },
  // The one client (a chunk of its own, shared by the provider and the header's bet drop); on
  // `/` also when a finger touches an event row (prefetch of the event page).
  {
    pattern: /^src\/lib\/query-client\.ts$|(^|\/)_?query-client-/,
    reason: 'TanStack Query: pages that use it',
  },
  { pattern: /^src\/app\/deferred-shell\.tsx$/, reason: 'footer, banners, help: after paint' },
  // Home's sports slots: server-rendered; their code loads after the first paint (or at the
  // first touch) and they hydrate then (ADR 182). Their chunks (scripts/home-chunk.ts).
  {
    pattern: /^src\/features\/sports\/home-slots\.tsx$|(^|\/)_?home-slots(-shared)?-/,
    reason: "home's sports slots: hydrated after the first paint (server HTML meanwhile)",
  },
  // Home's `casino_games` block: asked for once the home story names it (after the first paint).
  {
    pattern: /^src\/features\/casino\/home-casino-games\.tsx$/,
    reason: 'home casino block: after the first paint (ADR 189)',
  },
  { pattern: /^src\/features\/shell\/site-menu\.tsx$/, reason: 'on first menu open' },
  { pattern: /^src\/features\/support\/support-panel\.tsx$/, reason: 'on first Help open' },
  { pattern: /^src\/app\/debug-console\.tsx$/, reason: 'only with ?debug=1' },
  {
    pattern: /^src\/features\/shell\/language-switch\.tsx$/,
    reason: "site 4's language choice (other sites never load it)",
  },
  // Swahili's shared words, before the first render only where Swahili is spoken (ADR 142).
  {
    pattern: /^src\/lib\/i18n-sw\.ts$/,
    reason: 'Swahili only: site 4 or a Swahili locale cookie',
  },
  { pattern: /^src\/app\/login-overlay\.tsx$/, reason: 'on LOG IN (the login modal)' },
  {
    pattern: /^src\/app\/signed-in-overlays\.tsx$/,
    reason: 'signed-in users only: balance feed, payment modals, account menu',
  },
  { pattern: /^src\/features\/loyalty\/loyalty-popup\.tsx$/, reason: 'on first loyalty open' },
  {
    pattern: /^src\/features\/loyalty\/loyalty-sync\.ts$/,
    reason: 'signed-in users only: the loyalty progress request and pushes',
  },
  {
    pattern: /^src\/features\/shell\/signed-in-actions\.tsx$/,
    reason: "signed-in users only: the header's balance, Deposit and My Account (ADR 184)",
  },
  {
    pattern: /^src\/features\/my-bets\/bet-card-drop\.tsx$/,
    reason: "signed-in users only: the header's bet drop (the MY BETS link until it loads)",
  },
  // The /social-share route (a shared slip's page), lazy in routes.tsx like the `-pages` chunks.
  { pattern: /^src\/features\/betslip\/social-share-page\.tsx$/, reason: 'another route' },
  // Virtual football's routes (/virtuals, /my-bets/virtuals), lazy in routes.tsx.
  {
    pattern: /^src\/features\/(virtuals\/virtuals|my-bets\/virtual-bets)-page\.tsx$/,
    reason: 'another route',
  },
  {
    // A chunk of its own, or one shared with the /social-share route (named after it).
    pattern: /^src\/features\/betslip\/betslip-dock\.tsx$|(^|\/)_?betslip-dock-/,
    reason: 'the slip: on the first tap or selection; a restored slip after the first paint',
  },
];

/** A `<script src>` of index.html that is not a module (the build's module entry is in the manifest). */
const CLASSIC_SCRIPT = /<script src="\/([^"]+\.js)"(?![^>]*type="module")[^>]*><\/script>/g;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FileCost {
  file: string;
  /** Manifest key: the source module for entries, `_name-hash.js` for shared chunks. */
  key: string;
  gzipBytes: number;
}

export interface DeferredCost extends FileCost {
  reason: string;
}

export interface FirstLoad {
  budgetKb: number;
  /** The most any other chunk may weigh. */
  chunkLimitKb: number;
  /** Every chunk but the entry, largest first (gzip). */
  chunks: FileCost[];
  /** Those over `chunkLimitKb`. */
  overChunkLimit: FileCost[];
  /** gzip kB of the JavaScript counted against the budget. */
  jsKb: number;
  cssKb: number;
  marginKb: number;
  js: FileCost[];
  css: FileCost[];
  /** Chunks `/` may load after its first paint (not counted), with the reason. */
  deferred: DeferredCost[];
  deferredKb: number;
}

const kb = (bytes: number) => Math.round(bytes / 10) / 100;

function deferredReason(key: string, chunk: ManifestChunk | undefined): string | null {
  if (key === HOME_ROUTE_MODULE || (chunk?.name === HOME_CHUNK_NAME && !chunk.src)) return null;
  const names = [key, chunk?.src ?? '', chunk?.file ?? ''];
  const rule = DEFERRED.find((r) => names.some((n) => r.pattern.test(n)));
  return rule?.reason ?? null;
}

export function measureFirstLoad(distDir: string): FirstLoad {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  } catch {
    throw new Error(`No Vite manifest at ${manifestPath}: run \`npm run build -w @dau/web\`.`);
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The Vite manifest has no entry chunk.');
  const homeKey = manifest[HOME_ROUTE_MODULE]
    ? HOME_ROUTE_MODULE
    : Object.keys(manifest).find(
        (key) => manifest[key]?.name === HOME_CHUNK_NAME && !manifest[key]?.src,
      );
  if (!homeKey) {
    throw new Error(
      `The Vite manifest has no chunk for ${HOME_ROUTE_MODULE} (nor a '${HOME_CHUNK_NAME}' ` +
        'chunk holding it); update HOME_ROUTE_MODULE.',
    );
  }

  const sizes = new Map<string, number>();
  const gzipOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(distDir, file))).length;
      sizes.set(file, size);
    }
    return size;
  };

  const critical = new Set<string>();
  const deferred = new Map<string, string>();
  const queue = [entryKey, homeKey];
  while (queue.length > 0) {
    const key = queue.pop() as string;
    if (critical.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The Vite manifest names ${key} but has no entry for it.`);
    critical.add(key);
    queue.push(...(chunk.imports ?? []));
    for (const dynamic of chunk.dynamicImports ?? []) {
      const reason = deferredReason(dynamic, manifest[dynamic]);
      if (reason === null) queue.push(dynamic);
      else if (!deferred.has(dynamic)) deferred.set(dynamic, reason);
    }
  }

  // The page's own classic scripts (the loader of ADR 184) are first-load JavaScript too.
  const page = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const loaders = [...page.matchAll(CLASSIC_SCRIPT)].map((match) => match[1] as string);
  const js = [
    ...[...critical].map((key) => ({ key, file: (manifest[key] as ManifestChunk).file })),
    ...loaders.map((file) => ({ key: 'index.html', file })),
  ]
    .map(({ key, file }) => ({ key, file, gzipBytes: gzipOf(file) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const cssFiles = new Set([...critical].flatMap((key) => manifest[key]?.css ?? []));
  const css = [...cssFiles]
    .map((file) => ({ key: file, file, gzipBytes: gzipOf(file) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);

  // What a deferred import adds on top of what is already loaded: the chunk itself first, then
  // what it imports (statically, or dynamically unless that is another route).
  const deferredCosts: DeferredCost[] = [];
  const counted = new Set(critical);
  const walk = [...deferred].filter(([, reason]) => reason !== 'another route').reverse();
  const stack = [...walk];
  const direct = new Set(walk.map(([key]) => key));
  while (stack.length > 0) {
    const [key, reason] = stack.pop() as [string, string];
    if (counted.has(key)) continue;
    counted.add(key);
    const chunk = manifest[key];
    if (!chunk) continue;
    deferredCosts.push({ key, file: chunk.file, gzipBytes: gzipOf(chunk.file), reason });
    const next: [string, string][] = (chunk.imports ?? []).map((k) => [k, reason]);
    for (const dynamic of chunk.dynamicImports ?? []) {
      const own = deferredReason(dynamic, manifest[dynamic]);
      if (own !== 'another route') next.push([dynamic, own ?? reason]);
    }
    stack.push(...next.filter(([k]) => !direct.has(k)).reverse());
  }

  const jsBytes = js.reduce((sum, f) => sum + f.gzipBytes, 0);
  const chunks = Object.entries(manifest)
    .filter(([key, chunk]) => key !== entryKey && chunk.file.endsWith('.js'))
    .map(([key, chunk]) => ({ key, file: chunk.file, gzipBytes: gzipOf(chunk.file) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    budgetKb: BUDGET_KB,
    chunkLimitKb: CHUNK_LIMIT_KB,
    chunks,
    overChunkLimit: chunks.filter((f) => f.gzipBytes > CHUNK_LIMIT_KB * 1000),
    jsKb: kb(jsBytes),
    cssKb: kb(css.reduce((sum, f) => sum + f.gzipBytes, 0)),
    marginKb: kb(BUDGET_KB * 1000 - jsBytes),
    js,
    css,
    deferred: deferredCosts,
    deferredKb: kb(deferredCosts.reduce((sum, f) => sum + f.gzipBytes, 0)),
  };
}

export function formatFirstLoad(result: FirstLoad): string {
  const row = (f: FileCost, note = '') =>
    `  ${(f.gzipBytes / 1000).toFixed(2).padStart(7)} kB  ${f.file}${note ? `  (${note})` : ''}`;
  return [
    `First load of / (gzip): ${result.jsKb} kB JavaScript of a ${result.budgetKb} kB budget, ` +
      `margin ${result.marginKb} kB; CSS ${result.cssKb} kB`,
    ...result.js.map((f) => row(f)),
    ...result.css.map((f) => row(f)),
    `Loaded later when needed (not counted): ${result.deferredKb} kB`,
    ...result.deferred.map((f) => row(f, f.reason)),
    `Largest other chunks (limit ${result.chunkLimitKb} kB each):`,
    ...result.chunks.slice(0, 5).map((f) => row(f)),
  ].join('\n');
}
