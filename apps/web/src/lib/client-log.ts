import { CLIENT_LOG_MAX_BYTES, CLIENT_LOG_PATH } from '@dau/contracts/http';

/**
 * Request and script errors go to the server's collector (spec doc 1 §8). The server limits
 * size and rate too; the client keeps to 10 reports a minute so a crash loop on a phone does
 * not burn the user's data bundle.
 */
export const CLIENT_LOG_PER_MINUTE = 10;

export interface ClientLogEntry {
  kind: 'script' | 'rejection' | 'request' | 'render';
  message: string;
  stack?: string;
  url?: string;
  status?: number | null;
  requestPath?: string;
}

/** Serialises an entry within the byte limit, trimming the stack first and then the message. */
export function serialiseLogEntry(entry: ClientLogEntry, maxBytes = CLIENT_LOG_MAX_BYTES): string {
  const encoder = new TextEncoder();
  const body = {
    ...entry,
    page: location.pathname + location.search,
    at: new Date().toISOString(),
  };
  let text = JSON.stringify(body);
  for (const field of ['stack', 'message'] as const) {
    const value = body[field];
    if (encoder.encode(text).length <= maxBytes || !value) continue;
    const excess = encoder.encode(text).length - maxBytes;
    body[field] = value.slice(0, Math.max(0, value.length - excess - 16)) + '…';
    text = JSON.stringify(body);
  }
  return encoder.encode(text).length <= maxBytes
    ? text
    : JSON.stringify({ kind: entry.kind, message: 'truncated' });
}

export function createRateLimiter(perMinute: number, now: () => number = Date.now) {
  let stamps: number[] = [];
  return (): boolean => {
    const t = now();
    stamps = stamps.filter((s) => t - s < 60_000);
    if (stamps.length >= perMinute) return false;
    stamps.push(t);
    return true;
  };
}

const allow = createRateLimiter(CLIENT_LOG_PER_MINUTE);

export function reportClientError(entry: ClientLogEntry, send: typeof fetch = fetch): void {
  if (!allow()) return;
  try {
    void send(CLIENT_LOG_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: serialiseLogEntry(entry),
      keepalive: true,
      credentials: 'include',
    }).catch(() => {});
  } catch {
    // Logging must never break the page.
  }
}

function describe(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) return { message: reason.message, stack: reason.stack ?? '' };
  return { message: String(reason) };
}

export function watchScriptErrors(target: Window = window): void {
  target.addEventListener('error', (event) => {
    reportClientError({
      kind: 'script',
      url: event.filename,
      ...describe(event.error ?? event.message),
    });
  });
  target.addEventListener('unhandledrejection', (event) => {
    reportClientError({ kind: 'rejection', ...describe(event.reason) });
  });
}
