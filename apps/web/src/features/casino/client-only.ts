import { useSyncExternalStore } from 'react';

/**
 * Values only the browser has (seeds made from its random source, media queries, stored
 * choices) must not appear in the server's render. These hooks answer the server's value while
 * rendering on the server and during hydration, then the browser's.
 */
const never = () => () => undefined;

/** False on the server and while hydrating, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** Whether the player asked the system for less motion. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const query = matchMedia('(prefers-reduced-motion: reduce)');
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () =>
      typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches,
    () => false,
  );
}
