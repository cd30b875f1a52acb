/**
 * Page cache (spec doc 1 §2): recently visited pages stay mounted (hidden with React's
 * `<Activity>`) so going back is instant and keeps scroll and state. Pure LRU logic here;
 * `page-outlet.tsx` renders it.
 */
export const PAGE_CACHE_LIMIT = 5;

/**
 * Page names the spec excludes, plus: game play (a hidden game iframe would keep playing) and
 * the forms holding a password, whose fields the spec clears when the user leaves.
 */
export const UNCACHED_PAGES: ReadonlySet<string> = new Set([
  'SportsSubcategory',
  'SportsCategory',
  'BetIdIndex',
  'LiveNow',
  'MyAccount',
  'MyBets',
  'Payments',
  'Withdrawals',
  'GamePlay',
  'Login',
  'Register',
  'ResetPassword',
]);

export function isCacheable(page: string): boolean {
  return !UNCACHED_PAGES.has(page);
}

export interface CacheEntry<T> {
  key: string;
  value: T;
}

/**
 * Visits `key`: a cacheable page moves to the most-recent end (its value refreshed) and the
 * oldest entries drop beyond the limit; an excluded page leaves the cache as it is.
 */
export function visitPage<T>(
  entries: readonly CacheEntry<T>[],
  key: string,
  value: T,
  page: string,
  limit: number = PAGE_CACHE_LIMIT,
): CacheEntry<T>[] {
  if (!isCacheable(page)) return [...entries];
  const rest = entries.filter((entry) => entry.key !== key);
  return [...rest, { key, value }].slice(-limit);
}
