import { matchPageRoute, routeOnSite } from '@dau/domain/page-routes';
import { SITES, type SiteId } from '@dau/domain/sites';

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
 * The access check that runs after each navigation (spec doc 1 §2: rules not shown). Every site
 * has casino history (site 4 makes it the My Bets target); no page is refused today. Pages a
 * site does not have at all (the SMS betting guide where there is no SMS betting) are not an
 * access question: they are unknown pages, 404 (`notOnSite`).
 */
export const ACCESS_RULES: readonly AccessRule[] = [];

/** A known page path that this site does not have (its feature is off here). */
export function notOnSite(pathname: string, siteId: SiteId): boolean {
  const match = matchPageRoute(pathname);
  return match !== null && !routeOnSite(match.route, SITES[siteId]);
}

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
  | { kind: 'redirect'; to: string }
  | { kind: 'denied' }
  | { kind: 'not-found' }
  | { kind: 'render' };

export function resolveNavigation(
  location: { pathname: string; search: string; hash: string },
  context: AccessContext,
): NavigationDecision {
  const stripped = withoutTrailingSlash(location.pathname);
  if (stripped !== null)
    return { kind: 'redirect', to: stripped + location.search + location.hash };
  if (notOnSite(location.pathname, context.siteId)) return { kind: 'not-found' };
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
