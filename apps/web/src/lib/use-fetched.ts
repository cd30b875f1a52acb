import { useCallback, useEffect, useRef, useState } from 'react';
import { consumeAnswer, firstAnswer } from './server-data';

export interface Fetched<T> {
  data: T | undefined;
  /** No answer yet for this key (and no failure). */
  isPending: boolean;
  /** The last attempt failed (after one retry); `data` keeps the last answer, if any. */
  isError: boolean;
  refetch: () => void;
}

const RETRY_MS = 1_000;

/**
 * A small stand-in for TanStack Query's `useQuery` for parts of the first page of `/` that must
 * not wait for the Query chunk (ADR 004): one request per `key` (again when the key changes,
 * every `refetchMs` while the tab is visible, and on `refetch()`), one retry after a failure like
 * the app's query client, aborted on unmount. `load` is read when the request starts.
 *
 * Server rendering (ADR 180): the first answer is loaded on the server while the page renders
 * (`ssr: false` leaves it to the browser) and handed to the browser, which draws it during
 * hydration and does not ask again until `refetchMs`.
 */
export function useFetched<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  {
    enabled = true,
    refetchMs,
    ssr = true,
  }: { enabled?: boolean; refetchMs?: number; ssr?: boolean } = {},
): Fetched<T> {
  const [state, setState] = useState<{ key: string; data?: T; error: boolean }>(() => {
    const data = enabled && ssr ? firstAnswer(key, load) : undefined;
    return data === undefined ? { key, error: false } : { key, data, error: false };
  });
  // The server's answer for this key is fresh: the first request waits for the next round.
  const handed = useRef(state.data === undefined ? null : key);
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      if (!refetchMs) return;
      timer = setTimeout(() => {
        if (typeof document !== 'undefined' && document.visibilityState === 'hidden') again();
        else setRound((r) => r + 1);
      }, refetchMs);
    };
    const attempt = (retries: number): Promise<T> =>
      loadRef.current(signal).catch((error: unknown) => {
        if (retries === 0 || signal.aborted) throw error;
        return new Promise<void>((resolve) => {
          timer = setTimeout(resolve, RETRY_MS);
        }).then(() => attempt(retries - 1));
      });
    if (handed.current !== key) handed.current = null;
    if (handed.current === key && round === 0) {
      consumeAnswer(key);
      again();
      return () => clearTimeout(timer);
    }
    attempt(1).then(
      (data) => {
        if (signal.aborted) return;
        setState({ key, data, error: false });
        again();
      },
      () => {
        if (signal.aborted) return;
        setState((s) => ({ key, data: s.key === key ? s.data : undefined, error: true }));
        again();
      },
    );
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [key, enabled, refetchMs, round]);

  const refetch = useCallback(() => setRound((r) => r + 1), []);
  const current = state.key === key;
  const data = current ? state.data : undefined;
  const isError = current && state.error;
  return { data, isError, isPending: data === undefined && !isError, refetch };
}
