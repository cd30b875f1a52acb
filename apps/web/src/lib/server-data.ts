import { serverEnvironment } from './ssr-environment';

/**
 * The data of the first view, read on the server while rendering and handed to the browser in
 * the page (`<script id="dau-data" type="application/json">`), so hydration draws the same
 * thing and nothing is fetched twice (ADR 180). `useFetched` reads it here; TanStack Query
 * pages get theirs through the query client (`lib/query-client.ts` hydrates it).
 */
export interface Handoff {
  fetched: Record<string, unknown>;
  /** TanStack Query's dehydrated state. */
  queries: unknown;
}

export const HANDOFF_ELEMENT_ID = 'dau-data';

let handoff: Handoff | null | undefined;

/** The handoff the server put in the page (read once); null for a page without one. */
export function readHandoff(): Handoff | null {
  if (handoff !== undefined) return handoff;
  handoff = null;
  if (typeof document === 'undefined') return handoff;
  const element = document.getElementById(HANDOFF_ELEMENT_ID);
  if (!element?.textContent) return handoff;
  try {
    handoff = JSON.parse(element.textContent) as Handoff;
  } catch {
    handoff = null;
  }
  return handoff;
}

/** Test hook. */
export function resetHandoff(next?: Handoff | null): void {
  handoff = next;
}

/**
 * The first answer for `key`: on the server, what an earlier render pass loaded (or `load` is
 * started now for the next pass); in the browser, what the server handed over, until
 * `consumeAnswer` (after the first commit), so a later mount asks the network again.
 * `undefined` when there is none.
 */
export function firstAnswer<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): T | undefined {
  const env = serverEnvironment();
  if (!import.meta.env.SSR || !env) {
    const fetched = readHandoff()?.fetched;
    if (!fetched || !(key in fetched)) return undefined;
    return fetched[key] as T;
  }
  const { data } = env;
  // Only what the pass started with: an answer arriving mid-pass waits for the next pass, so the
  // handoff always matches the HTML.
  if (data.visible.has(key)) return data.visible.get(key) as T;
  if (!data.fetched.has(key) && !data.pending.has(key) && !data.failed.has(key)) {
    data.pending.set(
      key,
      load(new AbortController().signal).then(
        (value) => void data.fetched.set(key, value),
        () => void data.failed.add(key),
      ),
    );
  }
  return undefined;
}

/** The handed-over answer for `key` is drawn: later mounts fetch their own. */
export function consumeAnswer(key: string): void {
  const fetched = readHandoff()?.fetched;
  if (fetched) delete fetched[key];
}
