/**
 * Analytics events (doc 1 §7: deposit initiated, login, modal opens), pushed to
 * `window.dataLayer` for whichever tag manager the operator loads; without one they stay there.
 */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function trackEvent(event: string, properties: Record<string, unknown> = {}): void {
  (window.dataLayer ??= []).push({ event, ...properties });
}
