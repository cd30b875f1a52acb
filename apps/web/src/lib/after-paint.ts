import { useEffect, useState } from 'react';

/**
 * "After the first paint": once the browser is idle after the page has loaded (at most 2 s
 * later). What the first paint does not show — realtime, the footer, the help button, content
 * banners — waits for this so it does not compete with the page for a slow link
 * (docs/decisions/004-performance-budgets.md).
 */
const IDLE_TIMEOUT_MS = 2_000;

let painted = false;
let ready: Promise<void> | null = null;

export function afterFirstPaint(): Promise<void> {
  ready ??= new Promise<void>((resolve) => {
    const done = () => {
      painted = true;
      resolve();
    };
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
    } else {
      setTimeout(done, 50);
    }
  });
  return ready;
}

/** False on the first render of the app, true once `afterFirstPaint()` has resolved. */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    let live = true;
    void afterFirstPaint().then(() => live && setDone(true));
    return () => {
      live = false;
    };
  }, [done]);
  return done;
}
