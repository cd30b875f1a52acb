import type { SiteConfig } from './sites';

/**
 * The page paths of the web app (spec doc 1 §2, doc 2 §2), one table read by the web router
 * and by the server, which answers 404 for anything it does not know. Patterns use React
 * Router's syntax (`:param`, a trailing `*`); `matchPageRoute` ranks them the way React Router
 * does (static segments before parameters before a splat), so both sides pick the same route.
 */
export interface PageRoute {
  readonly path: string;
  /** The page name (the page cache's exclusions use it). */
  readonly page: string;
  /**
   * The page shows the story `{prefix}{params[param]}` of the content service: an unknown slug
   * is an unknown page. `siteHidden`: the story's `hide_for_siteId` also hides the page.
   */
  readonly story?: { readonly prefix: string; readonly param: string; readonly siteHidden?: true };
  /** The page exists only on sites that offer this feature. */
  readonly siteFeature?: 'smsBetting';
}

export const PAGE_ROUTES = [
  { path: '/', page: 'Home' },
  // Accounts
  { path: '/login', page: 'Login' },
  { path: '/register', page: 'Register' },
  { path: '/register/*', page: 'Register' },
  { path: '/forgotten-password', page: 'ForgottenPassword' },
  { path: '/reset-password/:guid', page: 'ResetPassword' },
  { path: '/my-account', page: 'MyAccount' },
  { path: '/my-account/change-password', page: 'MyAccount' },
  { path: '/my-account/profile', page: 'MyAccount' },
  { path: '/my-account/settings', page: 'MyAccount' },
  // My bets
  { path: '/my-bets', page: 'MyBets' },
  { path: '/my-bets/bet-history-v2', page: 'MyBets' },
  { path: '/my-bets/bet-history-v2/:betId', page: 'BetIdIndex' },
  { path: '/my-bets/bet-history-v3', page: 'MyBets' },
  { path: '/my-bets/casino-history', page: 'MyBets' },
  { path: '/my-bets/virtuals', page: 'MyBets' },
  { path: '/my-bets/casino-history/old', page: 'MyBets' },
  { path: '/my-bets/casino-prag-stp-history', page: 'MyBets' },
  // Payments
  { path: '/payments', page: 'Payments' },
  { path: '/payments/transactions', page: 'Payments' },
  // Sports; the event page sits below its subcategory
  { path: '/sports', page: 'Sports' },
  { path: '/sports/:sportId', page: 'SportsSport' },
  { path: '/sports/:sportId/:catId', page: 'SportsCategory' },
  { path: '/sports/:sportId/:catId/:subId', page: 'SportsSubcategory' },
  { path: '/sports/:sportId/:catId/:subId/:id', page: 'SportsEvent' },
  { path: '/live-now', page: 'LiveNow' },
  { path: '/live-now/:sportId', page: 'LiveNow' },
  // Casino and games
  { path: '/casino', page: 'Casino' },
  { path: '/casino/provider', page: 'CasinoProviders' },
  { path: '/casino/provider/:slug', page: 'CasinoProvider' },
  { path: '/casino/:slug', page: 'CasinoCategory' },
  { path: '/live-casino', page: 'LiveCasino' },
  { path: '/live-casino/:slug', page: 'LiveCasino' },
  { path: '/crash', page: 'Crash' },
  { path: '/crash/:slug', page: 'Crash' },
  { path: '/virtuals', page: 'Virtuals' },
  { path: '/jackpots', page: 'Jackpots' },
  { path: '/games', page: 'Games' },
  { path: '/instant-wins', page: 'InstantWins' },
  { path: '/all-games', page: 'AllGames' },
  { path: '/all-games/:slug', page: 'AllGames' },
  { path: '/all-winners', page: 'AllWinners' },
  { path: '/all-winners/:slug', page: 'AllWinners' },
  { path: '/game/not-available', page: 'GameNotAvailable' },
  { path: '/game/q-tech', page: 'QTech' },
  { path: '/game/q-tech/:id', page: 'GamePlay' },
  { path: '/game/info/REDO-high-flyer', page: 'GameInfo' },
  { path: '/game/info/:id', page: 'GameInfo' },
  { path: '/game-rt/info/:id', page: 'GameInfo' },
  { path: '/game/play/:id', page: 'GamePlay' },
  { path: '/game/demo/:id', page: 'GamePlay' },
  // Provable fairness of Dau's own games (issue #13): seeds and a check of any round.
  { path: '/fairness', page: 'Fairness' },
  // Content and shell
  { path: '/promotions', page: 'Promotions' },
  {
    path: '/promotions/:slug',
    page: 'Promotion',
    story: { prefix: 'promotions/', param: 'slug', siteHidden: true },
  },
  { path: '/company', page: 'Company' },
  { path: '/company/:slug', page: 'Company', story: { prefix: 'company/', param: 'slug' } },
  { path: '/customer-support', page: 'CustomerSupport' },
  { path: '/customer-support/delete-account', page: 'DeleteAccount' },
  {
    path: '/customer-support/:slug',
    page: 'CustomerSupport',
    story: { prefix: 'customer-support/', param: 'slug' },
  },
  { path: '/android-app', page: 'AndroidApp' },
  { path: '/features', page: 'Features' },
  { path: '/speedtest', page: 'SpeedTest' },
  { path: '/how-to-place-bets-via-sms', page: 'SmsBetting', siteFeature: 'smsBetting' },
  { path: '/social-share', page: 'SocialShare' },
  { path: '/social-share/:ssid', page: 'SocialShare' },
] as const satisfies readonly PageRoute[];

/** A path pattern of the table; the web app's component map is keyed by it. */
export type PagePath = (typeof PAGE_ROUTES)[number]['path'];

export interface PageMatch {
  route: PageRoute;
  params: Record<string, string>;
}

const SEGMENT_STATIC = 10;
const SEGMENT_PARAM = 3;
const SEGMENT_SPLAT = -2;

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** A pattern split once: its segments, lower-cased for the static comparison. */
interface CompiledRoute {
  readonly route: PageRoute;
  readonly segments: readonly string[];
  readonly lower: readonly string[];
  readonly score: number;
}

/** React Router's ranking: more segments first, then static over parameter over splat. */
function score(segments: readonly string[]): number {
  let total = segments.length;
  for (const segment of segments) {
    if (segment === '*') total += SEGMENT_SPLAT;
    else if (segment.startsWith(':')) total += SEGMENT_PARAM;
    else total += SEGMENT_STATIC;
  }
  return total;
}

/** The table split and ranked once, at module load (the entry evaluates it before hydrating). */
const RANKED: readonly CompiledRoute[] = PAGE_ROUTES.map((route: PageRoute) => {
  const segments = segmentsOf(route.path);
  return { route, segments, lower: segments.map((s) => s.toLowerCase()), score: score(segments) };
}).sort((a, b) => b.score - a.score);

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function matchPattern(
  compiled: CompiledRoute,
  have: readonly string[],
): Record<string, string> | null {
  const want = compiled.segments;
  const hasSplat = want[want.length - 1] === '*';
  if (hasSplat ? have.length < want.length - 1 : have.length !== want.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] as string;
    if (segment === '*') {
      params['*'] = have.slice(i).join('/');
      return params;
    }
    const actual = have[i] as string;
    if (segment.startsWith(':')) {
      const value = decode(actual);
      if (value === null) return null;
      params[segment.slice(1)] = value;
    } else if (compiled.lower[i] !== actual.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/** The route a pathname shows, with its parameters; null for an unknown path. */
export function matchPageRoute(pathname: string): PageMatch | null {
  const have = segmentsOf(pathname);
  for (const compiled of RANKED) {
    const params = matchPattern(compiled, have);
    if (params) return { route: compiled.route, params };
  }
  return null;
}

/** Whether a route exists on a site at all (before any content lookup). */
export function routeOnSite(route: PageRoute, site: SiteConfig): boolean {
  return route.siteFeature === undefined || site.features[route.siteFeature];
}

/**
 * Whether a link target is a page of this site, as far as the table alone can tell: unknown
 * paths and pages of features the site does not offer are not. External links are not judged.
 */
export function isPagePathOnSite(href: string, site: SiteConfig): boolean {
  if (!href.startsWith('/')) return true;
  const pathname = href.split(/[?#]/)[0] ?? '/';
  const match = matchPageRoute(pathname);
  return match !== null && routeOnSite(match.route, site);
}

/** The story slug a matched page shows (`company/about-us`), or null for pages without one. */
export function storySlugOf(match: PageMatch): string | null {
  const story = match.route.story;
  if (!story) return null;
  const value = match.params[story.param];
  return value ? `${story.prefix}${value}` : null;
}
