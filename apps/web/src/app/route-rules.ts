import type { SiteId } from '@dau/domain/sites';

/**
 * Path rules of spec doc 1 §2, as pure functions so they are tested without a browser.
 * `resolveNavigation` is the single decision the app shell takes after every navigation.
 */
export type Audience = 'signed-in' | 'guest' | 'anyone';

const SIGNED_IN_ONLY = [
  /^\/my-account(\/|$)/,
  /^\/my-bets(\/|$)/,
  /^\/payments(\/|$)/,
  /^\/customer-support\/delete-account$/,
  /^\/game\/play(\/|$)/,
];
const GUESTS_ONLY = [
  /^\/login$/,
  /^\/register(\/|$)/,
  /^\/forgotten-password$/,
  /^\/reset-password(\/|$)/,
];

export function audienceFor(pathname: string): Audience {
  if (SIGNED_IN_ONLY.some((rule) => rule.test(pathname))) return 'signed-in';
  if (GUESTS_ONLY.some((rule) => rule.test(pathname))) return 'guest';
  return 'anyone';
}

/** `/sports/` → `/sports`; null when nothing is to strip. The root stays `/`. */
export function withoutTrailingSlash(pathname: string): string | null {
  if (pathname.length <= 1 || !pathname.endsWith('/')) return null;
  return pathname.replace(/\/+$/, '') || '/';
}

/** `redirectUrl` keeps `/` readable (`/login?redirectUrl=/my-account`); the rest is encoded. */
export function loginRedirect(pathname: string, search: string): string {
  const target = encodeURIComponent(pathname + search).replace(/%2F/g, '/');
  return `/login?redirectUrl=${target}`;
}

export interface AccessContext {
  siteId: SiteId;
  isAuthenticated: boolean;
}

interface AccessRule {
  path: RegExp;
  allows: (context: AccessContext) => boolean;
}

/**
 * The access check that runs after each navigation (spec doc 1 §2: rules not shown). Ours:
 * casino history belongs to site 4, where it is the My Bets target; the sports-by-SMS guide
 * only makes sense where the SMS service runs (Kenya, site 2).
 */
export const ACCESS_RULES: readonly AccessRule[] = [
  { path: /^\/my-bets\/casino-history(\/|$)/, allows: ({ siteId }) => siteId === 4 },
  { path: /^\/how-to-place-bets-via-sms$/, allows: ({ siteId }) => siteId === 2 },
];

export function passesAccessCheck(pathname: string, context: AccessContext): boolean {
  return ACCESS_RULES.every((rule) => !rule.path.test(pathname) || rule.allows(context));
}

/**
 * Where a signed-in user on a guest-only page goes: the same-site `redirectUrl` when the login
 * carried one (so the page and the login's own navigation agree), else `/`.
 */
export function afterSignIn(search: string): string {
  const target = new URLSearchParams(search).get('redirectUrl');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return '/';
  }
  return target;
}

export type NavigationDecision =
  { kind: 'redirect'; to: string } | { kind: 'denied' } | { kind: 'render' };

export function resolveNavigation(
  location: { pathname: string; search: string; hash: string },
  context: AccessContext,
): NavigationDecision {
  const stripped = withoutTrailingSlash(location.pathname);
  if (stripped !== null)
    return { kind: 'redirect', to: stripped + location.search + location.hash };
  const audience = audienceFor(location.pathname);
  if (audience === 'signed-in' && !context.isAuthenticated) {
    return { kind: 'redirect', to: loginRedirect(location.pathname, location.search) };
  }
  if (audience === 'guest' && context.isAuthenticated) {
    return { kind: 'redirect', to: afterSignIn(location.search) };
  }
  if (!passesAccessCheck(location.pathname, context)) return { kind: 'denied' };
  return { kind: 'render' };
}

/** Paths whose route change scrolls back to the top (spec doc 1 §2). */
export function scrollsToTop(pathname: string): boolean {
  return /^\/(sports|casino|live-casino|crash)(\/|$)/.test(pathname);
}
