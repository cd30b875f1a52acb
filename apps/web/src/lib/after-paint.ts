import { startTransition, useEffect, useState } from 'react';

/**
 * "After the first paint": once the first page has rendered (page-outlet calls
 * `markPageShown`; at most 3 s) and then the browser is idle (at most 2 s more). What the first
 * paint does not show — realtime, the footer, the help button, content banners — waits for
 * this so it does not compete with the page's own chunks and data on a slow link
 * (docs/decisions/004-performance-budgets.md).
 */
const PAGE_TIMEOUT_MS = 3_000;
export const PAGE_SHOWN_MARK = 'dau:page-shown';
const IDLE_TIMEOUT_MS = 2_000;

let painted = false;
let ready: Promise<void> | null = null;
let showPage: () => void = () => undefined;
const pageShown = new Promise<void>((resolve) => {
  showPage = resolve;
});

/** The first page (or its error) is on screen; also a performance mark for measurements. */
export function markPageShown(): void {
  if (!painted && typeof performance.mark === 'function') performance.mark(PAGE_SHOWN_MARK);
  showPage();
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    } else {
      setTimeout(resolve, 50);
    }
  });
}

export function afterFirstPaint(): Promise<void> {
  ready ??= Promise.race([pageShown, new Promise((r) => setTimeout(r, PAGE_TIMEOUT_MS))])
    .then(whenIdle)
    .then(() => {
      painted = true;
    });
  return ready;
}

/**
 * False on the first render of the app, true once `afterFirstPaint()` has resolved. What it
 * then draws (the footer, the banners) renders as a transition: React yields to the browser
 * every few milliseconds instead of rendering it in one long task (ADR 189).
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    let live = true;
    void afterFirstPaint().then(() => live && startTransition(() => setDone(true)));
    return () => {
      live = false;
    };
  }, [done]);
  return done;
}

/** Rendered next to a page inside its Suspense boundary: mounts once the page has loaded. */
export function PageShown(): null {
  useEffect(() => markPageShown(), []);
  return null;
}

let input: Promise<void> | null = null;

/** The visitor's first touch, click or key on the page. */
function firstInput(): Promise<void> {
  input ??= new Promise((resolve) => {
    const events = ['pointerdown', 'touchstart', 'keydown'] as const;
    const done = () => {
      for (const name of events) window.removeEventListener(name, done, true);
      resolve();
    };
    for (const name of events)
      window.addEventListener(name, done, { capture: true, passive: true });
  });
  return input;
}

/**
 * After the first paint, or sooner when the visitor touches the page: when a server-rendered
 * part that is not needed for the first paint loads its code and hydrates (ADR 182).
 */
export function afterFirstPaintOrInput(): Promise<void> {
  return Promise.race([afterFirstPaint(), firstInput()]);
}

/** The longest `afterPaintLoadsSettled()` waits for loads that do not settle. */
const SETTLE_TIMEOUT_MS = 5_000;
let pendingLoads = 0;
let onSettled: (() => void)[] = [];

/**
 * A deferred part of the first page (home's sports slots and casino block, the shell's footer
 * and banners): `load` runs after the first paint or at the first input, and is counted until it
 * settles, so what comes after the page's own parts (the realtime connection) can wait for them
 * instead of loading, evaluating and hydrating in the same moment (ADR 189).
 */
export function afterPaintLoad<T>(load: () => Promise<T>): Promise<T> {
  pendingLoads += 1;
  const settled = () => {
    pendingLoads -= 1;
    if (pendingLoads > 0) return;
    const waiting = onSettled;
    onSettled = [];
    for (const resolve of waiting) resolve();
  };
  const loaded = afterFirstPaintOrInput().then(load);
  loaded.then(settled, settled);
  return loaded;
}

/**
 * After the first paint, once the deferred parts of the page (`afterPaintLoad`) have loaded and
 * the browser has been idle after them (React has hydrated what they brought): at most
 * `SETTLE_TIMEOUT_MS` later. For work the first screen does not show, one piece at a time
 * (ADR 189): every long task the page runs at once is blocking time on a slow phone.
 */
export function afterPaintLoadsSettled(): Promise<void> {
  const settle = async (): Promise<void> => {
    await afterFirstPaint();
    // The parts the first paint rendered ask for their code in the renders after it.
    await whenIdle();
    while (pendingLoads > 0) {
      await new Promise<void>((resolve) => onSettled.push(resolve));
      await whenIdle();
    }
  };
  const cap = afterFirstPaint().then(
    () => new Promise<void>((resolve) => setTimeout(resolve, SETTLE_TIMEOUT_MS)),
  );
  return Promise.race([settle(), cap]);
}
