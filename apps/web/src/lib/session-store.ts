import { COOKIES } from '@dau/contracts/http';
import { createStore } from 'zustand';
import { hasCookie } from './cookies';
import { withServerSnapshot } from './hydration';

/**
 * Who is using the app. `isAuthenticated` follows the readable `dau_signed_in` cookie that the
 * server sets next to the httpOnly session cookie; the token and external id are filled by the
 * login call (a later issue) and used for the bearer header and the realtime `auth` event.
 */
export interface SessionState {
  isAuthenticated: boolean;
  token: string;
  extId: string;
  /** The login modal (doc 1 §2): open with where to go after signing in, or null. */
  loginModal: { redirectUrl: string | null } | null;
  refreshFromCookie: () => void;
  setSession: (session: { token: string; extId: string }) => void;
  clearSession: () => void;
  openLoginModal: (redirectUrl?: string) => void;
  closeLoginModal: () => void;
}

const sessionStore = createStore<SessionState>()((set, get) => ({
  isAuthenticated: hasCookie(COOKIES.signedIn),
  token: '',
  extId: '',
  refreshFromCookie: () => {
    const isAuthenticated = hasCookie(COOKIES.signedIn);
    if (isAuthenticated === get().isAuthenticated) return;
    set(isAuthenticated ? { isAuthenticated } : { isAuthenticated, token: '' });
  },
  setSession: ({ token, extId }) => set({ token, extId, isAuthenticated: true }),
  clearSession: () => set({ token: '', isAuthenticated: false }),
  loginModal: null,
  openLoginModal: (redirectUrl) => set({ loginModal: { redirectUrl: redirectUrl ?? null } }),
  closeLoginModal: () => set({ loginModal: null }),
}));

// Signed-in parts render on the server from the request's cookie, as the browser does from its own.
export const useSessionStore = withServerSnapshot('session', sessionStore, (initial) => ({
  ...initial,
  isAuthenticated: hasCookie(COOKIES.signedIn),
}));

/**
 * Asks a guest to sign in without leaving the page (the header's LOG IN, the betslip, a 401 on
 * a public page). After signing in the user goes to `redirectUrl`, or stays where they are.
 */
export function openLoginModal(redirectUrl?: string): void {
  useSessionStore.getState().openLoginModal(redirectUrl);
}
