import { useEffect, useState } from 'react';

/** Spec doc 1 §9: a loader appears only when a fetch has lasted 200 ms, so fast ones never flash. */
export const LOADER_DELAY_MS = 200;

export function useDelayedFlag(active: boolean, delayMs: number = LOADER_DELAY_MS): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setElapsed(true), delayMs);
    return () => {
      clearTimeout(timer);
      setElapsed(false);
    };
  }, [active, delayMs]);
  return active && elapsed;
}
