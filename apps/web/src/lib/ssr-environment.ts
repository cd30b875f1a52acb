import type { SiteId } from '@dau/domain/sites';

/**
 * Server rendering (ADR 180). The same components render on the server (`entry-server.tsx`)
 * and in the browser. What a component would read from the browser — the site meta tag,
 * cookies, the user agent, `fetch` with a relative URL — it reads through the small readers in
 * `lib/` (`currentSiteId`, `readCookie`, `currentBrowser`, `appFetch`), and on the server those
 * readers answer from the request being rendered: `serverEnvironment()` returns it (the server
 * entry keeps one per request in an AsyncLocalStorage), and in the browser it is always null.
 */
export interface ServerEnvironment {
  siteId: SiteId;
  /** The request's `cookie` header. */
  cookie: string;
  userAgent: string;
  /** The `Save-Data: on` hint (guests' data-saving mode). */
  saveData: boolean;
  /** Answers `/api/...` through the server itself, with the request's cookies. */
  fetch: typeof fetch;
  /** Memos that live once per page load in the browser live once per request here. */
  memo: Map<string, unknown>;
  /** The data the page read while rendering (`lib/server-data.ts`), handed to the browser. */
  data: ServerData;
  /** What the page wants in the document head. */
  head: { title: string | null };
}

export interface ServerData {
  /** `useFetched` answers by key, as they arrive. */
  fetched: Map<string, unknown>;
  /** The answers the current render pass may draw: those there when it started. */
  visible: Map<string, unknown>;
  /** Loads started by this render pass; the server entry awaits them and renders again. */
  pending: Map<string, Promise<void>>;
  /** Keys whose load failed on the server: the browser loads them itself. */
  failed: Set<string>;
  /** The request's TanStack Query client (typed loosely: Query is not in the entry chunk). */
  queryClient: unknown;
}

let source: () => ServerEnvironment | null = () => null;

/** The request being rendered on the server; null in the browser. */
export function serverEnvironment(): ServerEnvironment | null {
  // `import.meta.env.SSR` is false in the browser build: its server branches drop out.
  return import.meta.env.SSR ? source() : null;
}

/** Set once by the server entry. */
export function setServerEnvironmentSource(next: () => ServerEnvironment | null): void {
  source = next;
}

/** `fetch` for the app's own relative URLs: the server's own routes while rendering there. */
export const appFetch: typeof fetch = (input, init) =>
  (serverEnvironment()?.fetch ?? fetch)(input, init);

/**
 * A value kept once per page load (a cache of a request, a memo): module-level in the browser,
 * per request on the server, so no request ever sees another's data.
 */
export function perLoad<T>(key: string, create: () => T): T {
  const env = serverEnvironment();
  if (!import.meta.env.SSR || !env) {
    let value = browserMemo.get(key) as T | undefined;
    if (value === undefined) {
      value = create();
      browserMemo.set(key, value);
    }
    return value;
  }
  let value = env.memo.get(key) as T | undefined;
  if (value === undefined) {
    value = create();
    env.memo.set(key, value);
  }
  return value;
}
const browserMemo = new Map<string, unknown>();

/** The document title of the page being rendered on the server (the browser sets its own). */
export function useServerTitle(title: string): void {
  const env = serverEnvironment();
  if (import.meta.env.SSR && env) env.head.title = title;
}
