import { describe, expect, it } from 'vitest';
import { isChunkLoadError, reloadForChunkError, shouldReload } from './chunk-reload';
import { createRateLimiter, serialiseLogEntry } from './client-log';
import { readCookie } from './cookies';
import { nameFromSlug, idFromSlug } from './slug';
import { appendChange, type StoreChange } from './store-log';
import { classifyUserAgent } from './user-agent';

describe('chunk reload guard', () => {
  it('reloads at most once per 60 s', () => {
    expect(shouldReload(100_000, null)).toBe(true);
    expect(shouldReload(100_000, 50_000)).toBe(false);
    expect(shouldReload(110_000, 50_000)).toBe(true);
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    let reloads = 0;
    expect(reloadForChunkError(storage, () => reloads++, 1_000_000)).toBe(true);
    expect(reloadForChunkError(storage, () => reloads++, 1_030_000)).toBe(false);
    expect(reloadForChunkError(storage, () => reloads++, 1_061_000)).toBe(true);
    expect(reloads).toBe(2);
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
});

describe('client log', () => {
  it('truncates entries to the byte limit', () => {
    const text = serialiseLogEntry(
      { kind: 'script', message: 'm'.repeat(500), stack: 's'.repeat(20_000) },
      1024,
    );
    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(1024);
    expect(JSON.parse(text)).toMatchObject({ kind: 'script', message: 'm'.repeat(500) });
  });

  it('allows 10 reports a minute', () => {
    let now = 0;
    const allow = createRateLimiter(10, () => now);
    const results = Array.from({ length: 12 }, () => allow());
    expect(results.filter(Boolean)).toHaveLength(10);
    now = 60_001;
    expect(allow()).toBe(true);
  });
});

describe('user agents', () => {
  it('detects crawlers, Opera Mini and old Android', () => {
    expect(
      classifyUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')
        .bot,
    ).toBe(true);
    expect(classifyUserAgent('facebookexternalhit/1.1').bot).toBe(true);
    expect(
      classifyUserAgent('Opera/9.80 (J2ME/MIDP; Opera Mini/4.2.14912/870; U; id) Presto/2.4.15'),
    ).toEqual({ bot: false, lite: true, operaMini: true });
    expect(
      classifyUserAgent('Mozilla/5.0 (Linux; U; Android 4.4.2; en-us; SM-G350) AppleWebKit/534.30')
        .lite,
    ).toBe(true);
    expect(
      classifyUserAgent(
        'Mozilla/5.0 (Linux; Android 10; TECNO KE5) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      ),
    ).toEqual({ bot: false, lite: false, operaMini: false });
  });
});

describe('small helpers', () => {
  it('reads cookies, slugs and the store log window', () => {
    expect(readCookie('b', 'a=1; b=x%20y; c')).toBe('x y');
    expect(readCookie('c', 'a=1; b=2; c')).toBe('');
    expect(readCookie('d', 'a=1')).toBeNull();
    expect(idFromSlug('football-1')).toBe(1);
    expect(idFromSlug('42')).toBe(42);
    expect(idFromSlug('football')).toBeNull();
    expect(nameFromSlug('premier-league-17', 'x')).toBe('Premier League');
    let log: StoreChange[] = Array.from({ length: 20 }, (_, i) => ({
      id: i,
      at: '',
      store: 's',
      keys: [],
    }));
    log = appendChange(log, { id: 99, at: '', store: 's', keys: ['a'] });
    expect(log).toHaveLength(20);
    expect(log[0]?.id).toBe(1);
    expect(log.at(-1)?.id).toBe(99);
  });
});
