/**
 * Analytics events of spec doc 1 §7 (deposit initiated, login, modal opens), pushed to the tag
 * manager's `window.dataLayer`. The events are typed here so every caller sends the same
 * shape; without a tag manager on the page the array simply collects them.
 */
export type AnalyticsEvent =
  | { event: 'login'; user_id: string }
  | { event: 'deposit_initiated'; user_id: string; value: number; click_id: string | null }
  | { event: 'modal_open'; modal: 'login' | 'account' | 'deposit' | 'withdrawal' };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function trackEvent(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}
