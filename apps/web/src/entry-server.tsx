import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { SiteId } from '@dau/domain/sites';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppShell } from './app/app-shell';
import { ErrorBoundary } from './app/error-boundary';
import { resolveNavigation } from './app/route-rules';
import { COOKIES } from '@dau/contracts/http';
import { hasCookie } from './lib/cookies';
import { installLanguage } from './lib/i18n';
import { SW } from './lib/i18n-sw';
import type { Handoff } from './lib/server-data';
import { setServerEnvironmentSource, type ServerEnvironment } from './lib/ssr-environment';

/**
 * The server entry (ADR 180): renders a page with the app's own components for the server
 * (`apps/server/src/web/web-app.ts` calls `render` per page request). The data of the first view
 * is read while rendering: every pass renders the page, then awaits what the pass asked for
 * (`useFetched` loads, TanStack queries without data) and renders again, until a pass asks for
 * nothing new. The data goes into the page for hydration.
 */
export interface RenderRequest {
  /** Path and query. */
  url: string;
  siteId: SiteId;
  cookie: string;
  userAgent: string;
  saveData: boolean;
  /** Answers the app's `/api/...` requests through the server itself. */
  fetch: typeof fetch;
  /** Give up waiting for data after this long and render what is there (the browser loads the rest). */
  budgetMs?: number;
  /** Errors React met while rendering (each makes the browser render that part itself). */
  onError?: (error: unknown) => void;
}

export type RenderResult =
  | { kind: 'redirect'; to: string }
  | {
      kind: 'page';
      /** The markup of `#root`. */
      html: string;
      title: string | null;
      /** `<script type="application/json">` content: the handoff for hydration. */
      handoff: string;
      /** Render passes it took (each after the data the previous one asked for). */
      passes: number;
    };

/** Escapes JSON for a `<script>` element: no `</script>` or `<!--` can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

// The browser loads Swahili's shared words before its first render where Swahili is spoken
// (main.tsx); the server has them from the start, so both draw the same words (no #418).
installLanguage('sw', SW);

const storage = new AsyncLocalStorage<ServerEnvironment>();
setServerEnvironmentSource(() => storage.getStore() ?? null);

const MAX_PASSES = 4;
const DEFAULT_BUDGET_MS = 2_000;

async function readAll(stream: AsyncIterable<unknown>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of stream) {
    html +=
      typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array, { stream: true });
  }
  return html + decoder.decode();
}

async function renderPass(url: string, onError?: (error: unknown) => void): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <ErrorBoundary>
      <StaticRouter location={url}>
        <AppShell />
      </StaticRouter>
    </ErrorBoundary>,
    {
      // Never outline a large boundary behind a fallback and an inline script: the page must
      // read without JavaScript, and the CSP allows no inline scripts.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        onError?.(error);
        if (process.env.DAU_SSR_DEBUG) console.error('[ssr]', url, error);
      },
    },
  );
  return readAll(prelude as unknown as AsyncIterable<unknown>);
}

interface QueryLike {
  state: { status: string; fetchStatus: string };
  options: { enabled?: unknown };
  fetch: () => Promise<unknown>;
}

/** Queries a pass created that have no data yet and may fetch. */
function waitingQueries(client: QueryClient): QueryLike[] {
  return (client.getQueryCache().getAll() as unknown as QueryLike[]).filter((query) => {
    const { enabled } = query.options;
    const on =
      typeof enabled === 'function'
        ? (enabled as (q: unknown) => boolean)(query)
        : enabled !== false;
    return on && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
  });
}

function timeout(ms: number): Promise<'timeout'> {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), ms).unref());
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
  });
  const env: ServerEnvironment = {
    siteId: request.siteId,
    cookie: request.cookie,
    userAgent: request.userAgent,
    saveData: request.saveData,
    fetch: request.fetch,
    memo: new Map(),
    data: {
      fetched: new Map(),
      visible: new Map(),
      pending: new Map(),
      failed: new Set(),
      queryClient,
    },
    head: { title: null },
  };
  return storage.run(env, async () => {
    const location = new URL(request.url, 'http://dau.local');
    const decision = resolveNavigation(location, {
      isAuthenticated: hasCookie(COOKIES.signedIn),
      siteId: request.siteId,
    });
    if (decision.kind === 'redirect') return { kind: 'redirect', to: decision.to };

    const deadline = Date.now() + (request.budgetMs ?? DEFAULT_BUDGET_MS);
    let passes = 0;
    for (;;) {
      env.data.visible = new Map(env.data.fetched);
      env.data.pending.clear();
      const html = await renderPass(request.url, request.onError);
      passes += 1;
      // Exactly what this pass drew: later answers would not match the HTML.
      const handoff: Handoff = {
        fetched: Object.fromEntries(env.data.visible),
        queries: dehydrate(queryClient),
      };
      const queries = waitingQueries(queryClient);
      const loads = [
        ...env.data.pending.values(),
        ...queries.map((query) => query.fetch().catch(() => undefined)),
      ];
      const left = deadline - Date.now();
      const done =
        loads.length === 0 ||
        passes === MAX_PASSES ||
        left <= 0 ||
        (await Promise.race([Promise.all(loads), timeout(left)])) === 'timeout';
      if (done) return finish(html, handoff, passes);
    }
  });

  function finish(html: string, handoff: Handoff, passes: number): RenderResult {
    return {
      kind: 'page',
      html,
      title: env.head.title,
      handoff: scriptJson(handoff),
      passes,
    };
  }
}
