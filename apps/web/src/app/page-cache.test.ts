import { describe, expect, it } from 'vitest';
import {
  isCacheable,
  PAGE_CACHE_LIMIT,
  UNCACHED_PAGES,
  visitPage,
  type CacheEntry,
} from './page-cache';

const keys = (entries: CacheEntry<string>[]) => entries.map((e) => e.key);

describe('page cache', () => {
  it('keeps at most 5 pages, dropping the least recently visited', () => {
    let cache: CacheEntry<string>[] = [];
    for (const path of ['/a', '/b', '/c', '/d', '/e', '/f'])
      cache = visitPage(cache, path, path, 'Casino');
    expect(PAGE_CACHE_LIMIT).toBe(5);
    expect(keys(cache)).toEqual(['/b', '/c', '/d', '/e', '/f']);
  });

  it('moves a revisited page to the recent end and refreshes its value', () => {
    let cache: CacheEntry<string>[] = [];
    for (const path of ['/a', '/b', '/c']) cache = visitPage(cache, path, path, 'Casino');
    cache = visitPage(cache, '/a', '/a?x=1', 'Casino');
    expect(keys(cache)).toEqual(['/b', '/c', '/a']);
    expect(cache[2]?.value).toBe('/a?x=1');
    cache = visitPage(cache, '/d', '/d', 'Home');
    cache = visitPage(cache, '/e', '/e', 'Home');
    cache = visitPage(cache, '/f', '/f', 'Home');
    expect(keys(cache)).toEqual(['/c', '/a', '/d', '/e', '/f']);
  });

  it('never caches the excluded pages', () => {
    const spec = [
      'SportsSubcategory',
      'SportsCategory',
      'BetIdIndex',
      'LiveNow',
      'MyAccount',
      'MyBets',
      'Payments',
      'Withdrawals',
    ];
    for (const page of spec) {
      expect(UNCACHED_PAGES.has(page)).toBe(true);
      expect(visitPage([{ key: '/', value: '/' }], '/x', '/x', page)).toEqual([
        { key: '/', value: '/' },
      ]);
    }
    expect(isCacheable('Sports')).toBe(true);
    expect(isCacheable('SportsEvent')).toBe(true);
    expect(isCacheable('GamePlay')).toBe(false);
    expect(isCacheable('Login')).toBe(false);
  });
});
