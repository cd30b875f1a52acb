import { useSyncExternalStore } from 'react';
import { useStore, type StoreApi, type UseBoundStore } from 'zustand';
import { perLoad, serverEnvironment } from './ssr-environment';

const subscribeNever = () => () => undefined;

/**
 * False while rendering on the server and while hydrating its HTML, true afterwards (and for
 * every later render). What only the browser knows — localStorage, sessionStorage, the
 * remembered display mode — is read once this is true, so hydration draws what the server drew
 * and React then updates it (ADR 180).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * A zustand store (made with `createStore`) as a hook like zustand's `create`, with a server
 * snapshot: what the server renders for it, and what the browser draws while hydrating (zustand
 * hands `getInitialState` to React as the server snapshot). `snapshot` runs once per request on
 * the server; in the browser it is used only with `browser: true` (otherwise the store's own
 * initial state, e.g. read from the same cookie the server saw).
 */
export function withServerSnapshot<S>(
  name: string,
  api: StoreApi<S>,
  snapshot: (initial: S) => S,
  { browser = false }: { browser?: boolean } = {},
): UseBoundStore<StoreApi<S>> {
  const initial = api.getInitialState();
  let inBrowser: S | undefined;
  api.getInitialState = () => {
    if (import.meta.env.SSR && serverEnvironment()) {
      return perLoad(`snapshot:${name}`, () => snapshot(initial));
    }
    if (!browser) return initial;
    inBrowser ??= snapshot(initial);
    return inBrowser;
  };
  const useBound = (selector?: (state: S) => unknown) =>
    useStore(api, selector ?? ((state: S) => state));
  return Object.assign(useBound, api) as UseBoundStore<StoreApi<S>>;
}
