import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiFetch,
  buildHeaders,
  buildUrl,
  currentLanguage,
  normaliseError,
  setApiNavigate,
  shouldRedirectOn401,
} from './api-client';
import { setLoginPrompt } from './login-prompt';
import { SITES } from '@dau/domain/sites';
import { useSessionStore } from './session-store';

type FetchArgs = Parameters<typeof fetch>;

function fakeFetch(respond: (url: string, init: RequestInit) => Promise<Response> | Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = (async (...[input, init]: FetchArgs) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init: init ?? {} });
    return respond(url, init ?? {});
  }) as typeof fetch;
  return { fn, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  useSessionStore.setState({ isAuthenticated: false, token: '', extId: '' });
  // Request failures are also reported to the collector; keep that off the fake fetch.
  vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.cookie = 'payments_v2=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/';
  history.replaceState(null, '', '/');
});

describe('error normalisation', () => {
  it('passes the server envelope through', () => {
    const envelope = {
      hasErrors: true as const,
      datasource_entries: [
        { error_triggered: true as const, dimension_value: 'NOT_FOUND', value: 'Nope' },
      ],
    };
    expect(normaliseError(404, envelope)).toBe(envelope);
  });

  it('maps the values of a body with errors', () => {
    const result = normaliseError(400, {
      errors: { Amount: ['Too small', 'Whole numbers only'], phone: 'Phone number is required!' },
    });
    expect(result.datasource_entries).toEqual([
      { error_triggered: true, dimension_value: 'Amount', value: 'Too small' },
      { error_triggered: true, dimension_value: 'Amount', value: 'Whole numbers only' },
      { error_triggered: true, dimension_value: 'phone', value: 'Phone number is required!' },
    ]);
  });

  it('says the request timed out when there was no response', () => {
    expect(normaliseError(null, null).datasource_entries[0]?.value).toBe('The request timed out');
  });

  it('names the status otherwise', () => {
    expect(normaliseError(502, '<html>').datasource_entries[0]?.value).toBe(
      'The request failed with status code 502',
    );
    expect(normaliseError(500, { errors: {} }).datasource_entries[0]?.value).toBe(
      'The request failed with status code 500',
    );
  });
});

describe('requests', () => {
  it('builds the path from the base address and appends timeOffset', () => {
    expect(buildUrl({ base: 'core', path: '/customer/getbalance' })).toBe(
      '/api/core/customer/getbalance?timeOffset=180',
    );
    expect(
      buildUrl({ base: 'uof', path: 'az/popularbysport/1', query: { a: 1, b: undefined } }),
    ).toBe('/api/uof/az/popularbysport/1?a=1&timeOffset=180');
  });

  it('sends the identity headers and the bearer token when there is one', () => {
    const headers = buildHeaders({ base: 'core', body: undefined });
    expect(Object.fromEntries(headers)).toMatchObject({
      'x-language': 'en',
      'x-country': 'ke',
      'x-client-id': '1',
      'x-dimension': 'en-KE',
      'x-site-id': '2',
      'x-platform-id': '2',
      'x-time-offset': '180',
      'x-backend': 'dau-web',
    });
    expect(headers.has('authorization')).toBe(false);
    useSessionStore.setState({ token: 'abc' });
    expect(buildHeaders({ base: 'core', body: undefined }).get('authorization')).toBe('Bearer abc');
  });

  it('uses the language chosen on site 4 and the default elsewhere', () => {
    document.cookie = 'locale=en-tz; Path=/';
    expect(currentLanguage(SITES[4])).toBe('en');
    expect(currentLanguage(SITES[2])).toBe('en');
    document.cookie = 'locale=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/';
    expect(currentLanguage(SITES[4])).toBe('sw');
  });

  it('adds the v2 segment and payment-version header when the v2 cookie is set', () => {
    expect(buildUrl({ base: 'payments', path: '/deposit/' })).toBe(
      '/api/payments/deposit/?timeOffset=180',
    );
    document.cookie = 'payments_v2=1; Path=/';
    expect(buildUrl({ base: 'payments', path: '/deposit/' })).toBe(
      '/api/payments/v2/deposit/?timeOffset=180',
    );
    expect(buildHeaders({ base: 'payments', body: {} }).get('x-payment-version')).toBe('2');
    expect(buildUrl({ base: 'core', path: '/x' })).toBe('/api/core/x?timeOffset=180');
  });

  it('resolves with the body and includes credentials', async () => {
    const { fn, calls } = fakeFetch(() => json(200, { ok: 1 }));
    await expect(
      apiFetch({ base: 'core', path: '/customer/getbalance', body: { siteid: 2 } }, fn),
    ).resolves.toEqual({ ok: 1 });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.body).toBe('{"siteid":2}');
  });

  it('times out after the configured time with the timeout message', async () => {
    const { fn } = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const error = await failureOf(apiFetch({ base: 'core', path: '/slow', timeoutMs: 20 }, fn));
    expect(error.status).toBeNull();
    expect(error.envelope.datasource_entries[0]?.value).toBe('The request timed out');
  });

  it('sends a 401 to login with the current page, except on logout and register', async () => {
    const navigate = vi.fn();
    setApiNavigate(navigate);
    history.replaceState(null, '', '/my-bets/bet-history-v2?page=2');
    const { fn } = fakeFetch(() => json(401, { hasErrors: true, datasource_entries: [] }));
    const error = await failureOf(
      apiFetch({ base: 'core', path: '/customer/profile/2/ke/en' }, fn),
    );
    expect(error.status).toBe(401);
    expect(navigate).toHaveBeenCalledWith('/login?redirectUrl=/my-bets/bet-history-v2%3Fpage%3D2');
    navigate.mockClear();
    await failureOf(apiFetch({ base: 'core', path: '/logout' }, fn));
    expect(navigate).not.toHaveBeenCalled();
    expect(shouldRedirectOn401('/customer/profile', '/register/verify')).toBe(false);
    expect(shouldRedirectOn401('/customer/profile', '/sports')).toBe(true);
  });

  it('hands a 401 to the login prompt the shell plugs in; a wrong login is not a 401 to prompt', async () => {
    const prompt = vi.fn();
    setLoginPrompt(prompt);
    history.replaceState(null, '', '/sports/football-1?tournaments=17');
    const { fn } = fakeFetch(() => json(401, { hasErrors: true, datasource_entries: [] }));
    await failureOf(apiFetch({ base: 'core', path: '/betslip/PlaceBet', body: {} }, fn));
    expect(prompt).toHaveBeenCalledWith('/sports/football-1?tournaments=17');
    prompt.mockClear();
    await failureOf(apiFetch({ base: 'core', path: '/login3', body: {} }, fn));
    expect(prompt).not.toHaveBeenCalled();
    setLoginPrompt(null);
  });
});
