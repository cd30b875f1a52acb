/** happy-dom's handle on the test window (not in the DOM typings). */
interface HappyDomWindow {
  happyDOM?: { setViewport(viewport: { width: number; height: number }): void };
}

/** Resizes the test window: media queries (`matchMedia`) answer for the new size. */
export function setViewport(width: number, height: number): void {
  (window as unknown as HappyDomWindow).happyDOM?.setViewport({ width, height });
}
