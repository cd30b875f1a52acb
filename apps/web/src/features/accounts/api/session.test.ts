import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { logout } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('logout', () => {
  it('posts to the logout call (a GET answers 405) and forgets the session', async () => {
    const calls: { url: string; method: string | undefined }[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), method: init?.method });
      return new Response(JSON.stringify({ hasErrors: false, loggedOut: true }), { status: 200 });
    });
    useSessionStore.setState({ token: 'token-1', extId: 'ext-1' });
    await logout();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toMatch(/\/auth\/logout(\?|$)/);
    expect(calls[0]!.method).toBe('POST');
    expect(useSessionStore.getState().token).toBeFalsy();
  });
});
