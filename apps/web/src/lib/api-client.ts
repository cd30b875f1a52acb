import type { ErrorEntry, ErrorEnvelope } from '@dau/contracts/errors';
import {
  API_BASE,
  API_HEADERS,
  BACKEND_MARKER,
  CLIENT_LOG_PATH,
  COOKIES,
  REQUEST_TIMEOUT_MS,
} from '@dau/contracts/http';
import { CLIENT_ID, PLATFORM_ID, SITES } from '@dau/domain/sites';
import { apiNavigate } from './api-navigate';
import { reportClientError } from './client-log';
import { readCookie } from './cookies';
import { loginUrlFor, promptLogin } from './login-prompt';
import { useSessionStore } from './session-store';
import { t } from './i18n';
import { currentLanguage, currentSiteId } from './site';
import { appFetch } from './ssr-environment';

/**
 * The one way the web app calls the API (spec doc 1 §7–§8). Successful calls resolve with the
 * parsed body; failed calls reject with an `ApiError` whose `envelope` is always the spec's
 * error envelope, so screens list `datasource_entries` without caring what went wrong.
 */
export type ApiBase = keyof typeof API_BASE;

export interface ApiRequest {
  base: ApiBase;
  /** Path below the base address, e.g. `/customer/getbalance`. */
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export class ApiError extends Error {
  // `declare`: set in the constructor, no class fields (the es2020 target would add the
  // defineProperty helpers to the entry chunk, ADR 004).
  declare readonly status: number | null;
  declare readonly envelope: ErrorEnvelope;
  constructor(status: number | null, envelope: ErrorEnvelope) {
    super(envelope.datasource_entries[0]?.value ?? t('requestFailed'));
    this.name = 'ApiError';
    this.status = status;
    this.envelope = envelope;
  }
}

export const TIMED_OUT_MESSAGE = 'The request timed out';

function entry(dimension_value: string, value: string): ErrorEntry {
  return { error_triggered: true, dimension_value, value };
}

export function envelopeOf(entries: ErrorEntry[]): ErrorEnvelope {
  return { hasErrors: true, datasource_entries: entries };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Type check without zod: the browser bundle carries no schema library. */
export function looksLikeEnvelope(value: unknown): value is ErrorEnvelope {
  return (
    isRecord(value) &&
    value.hasErrors === true &&
    Array.isArray(value.datasource_entries) &&
    value.datasource_entries.every(
      (e) => isRecord(e) && typeof e.value === 'string' && typeof e.dimension_value === 'string',
    )
  );
}

function entriesFromErrors(errors: unknown): ErrorEntry[] {
  const pairs: [string, unknown][] = Array.isArray(errors)
    ? errors.map((v, i) => [String(i), v])
    : isRecord(errors)
      ? Object.entries(errors)
      : [];
  return pairs.flatMap(([key, value]): ErrorEntry[] => {
    if (typeof value === 'string') return [entry(key, value)];
    if (Array.isArray(value)) return value.map((v) => entry(key, String(v)));
    if (isRecord(value)) {
      const text = typeof value.value === 'string' ? value.value : String(value.message ?? key);
      const code = typeof value.dimension_value === 'string' ? value.dimension_value : key;
      return [{ ...value, error_triggered: true, dimension_value: code, value: text }];
    }
    return [];
  });
}

/**
 * Normalises any failure: the server's envelope passes through; a body with `errors` has its
 * values mapped; no response gives 'The request timed out'; anything else names the status.
 */
export function normaliseError(status: number | null, body: unknown): ErrorEnvelope {
  if (status === null) return envelopeOf([entry('REQUEST_TIMEOUT', TIMED_OUT_MESSAGE)]);
  if (looksLikeEnvelope(body)) return body;
  if (isRecord(body) && body.errors !== undefined) {
    const entries = entriesFromErrors(body.errors);
    if (entries.length > 0) return envelopeOf(entries);
  }
  return envelopeOf([entry(`HTTP_${status}`, `The request failed with status code ${status}`)]);
}

/** The v2 cookie switches payments to `/api/payments/v2/...`; an empty or '0' value is off. */
export function paymentsV2Enabled(): boolean {
  const value = readCookie(COOKIES.paymentsV2);
  return value !== null && value !== '' && value !== '0' && value !== 'false';
}

export function buildUrl(request: Pick<ApiRequest, 'base' | 'path' | 'query'>): string {
  const site = SITES[currentSiteId()];
  const v2 = request.base === 'payments' && paymentsV2Enabled();
  const path = request.path.startsWith('/') ? request.path : `/${request.path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  if (!params.has('timeOffset')) params.set('timeOffset', String(site.timeOffsetMinutes));
  return `${API_BASE[request.base]}${v2 ? '/v2' : ''}${path}?${params.toString()}`;
}

export { currentLanguage };

export function buildHeaders(request: Pick<ApiRequest, 'base' | 'body'>): Headers {
  const site = SITES[currentSiteId()];
  const headers = new Headers({
    accept: 'application/json',
    [API_HEADERS.language]: currentLanguage(site),
    [API_HEADERS.country]: site.countryCode,
    [API_HEADERS.clientId]: String(CLIENT_ID),
    [API_HEADERS.dimension]: site.locale,
    [API_HEADERS.siteId]: String(site.siteId),
    [API_HEADERS.platformId]: String(PLATFORM_ID),
    [API_HEADERS.timeOffset]: String(site.timeOffsetMinutes),
    [API_HEADERS.backend]: BACKEND_MARKER,
  });
  if (request.body !== undefined) headers.set('content-type', 'application/json');
  const { token } = useSessionStore.getState();
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (request.base === 'payments' && paymentsV2Enabled())
    headers.set(API_HEADERS.paymentVersion, '2');
  return headers;
}

export { loginUrlFor } from './login-prompt';

/**
 * A 401 never redirects from login, logout or register calls (a wrong PIN is the login form's
 * own error), nor while on the login/register pages.
 */
export function shouldRedirectOn401(requestPath: string, pagePath: string): boolean {
  if (/\/(login|logout|register)/i.test(requestPath)) return false;
  return !/^\/(login|register)(\/|$)/.test(pagePath);
}

/** The router plugs in its navigate function so a 401 does not reload the page. */
export { setApiNavigate } from './api-navigate';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function apiFetch<T>(
  request: ApiRequest,
  fetchImpl: typeof fetch = appFetch,
): Promise<T> {
  const url = buildUrl(request);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onAbort);

  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers: buildHeaders(request),
      body: request.body === undefined ? null : JSON.stringify(request.body),
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (error) {
    // Cancelled by the caller (e.g. TanStack Query): not a failure worth reporting.
    if (request.signal?.aborted) throw error;
    const failure = new ApiError(null, normaliseError(null, null));
    reportRequestError(request, failure);
    throw failure;
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }

  const body = await readBody(response);
  if (response.ok) return body as T;

  const failure = new ApiError(response.status, normaliseError(response.status, body));
  if (response.status === 401) {
    useSessionStore.getState().refreshFromCookie();
    const page = location.pathname + location.search;
    if (shouldRedirectOn401(request.path, location.pathname) && !promptLogin(page)) {
      apiNavigate(loginUrlFor(page));
    }
  } else {
    reportRequestError(request, failure);
  }
  throw failure;
}

function reportRequestError(request: ApiRequest, error: ApiError): void {
  if (request.path === CLIENT_LOG_PATH) return;
  reportClientError({
    kind: 'request',
    message: error.message,
    status: error.status,
    requestPath: `${API_BASE[request.base]}${request.path}`,
  });
}
