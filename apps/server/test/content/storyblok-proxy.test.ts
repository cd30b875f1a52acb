import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { StoryblokCdnService } from '../../src/modules/content/storyblok-cdn.service';
import { createTestApp, type TestApp } from '../helpers/test-app';

const upstreamStory = {
  story: {
    id: 1,
    uuid: 'u-1',
    name: 'Help',
    slug: 'help',
    full_slug: 'help',
    content: { component: 'help', _uid: 'x', title: 'From Storyblok' },
    published_at: '2026-11-01T00:00:00.000Z',
    lang: 'sw',
    some_future_field: true,
  },
  cv: 1700000000,
  rels: [],
  links: [],
};
const upstreamSpace = { space: { id: 9, name: 'Real', domain: 'https://x/', version: 1700000000 } };

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A fake Storyblok: records requested URLs and answers by path. */
function fakeStoryblok() {
  const urls: URL[] = [];
  const fetchImpl = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input);
    urls.push(url);
    if (url.pathname === '/v2/cdn/spaces/me') return json(upstreamSpace);
    if (url.pathname === '/v2/cdn/stories/help') return json(upstreamStory);
    if (url.pathname === '/v2/cdn/datasource_entries') {
      return json(
        { datasource_entries: [{ id: 1, name: 'deposit_min', value: '2', dimension_value: null }] },
        200,
        { total: '1', 'per-page': '1000' },
      );
    }
    if (url.pathname === '/v2/cdn/stories/broken') return json({ nonsense: true });
    if (url.pathname === '/v2/cdn/stories/down') return json({ error: 'x' }, 502);
    if (url.pathname === '/v2/cdn/stories' && url.searchParams.has('filter_query[x][nope]')) {
      return json({ filter_query: ['nope is not an operation'] }, 422);
    }
    if (url.pathname === '/v2/cdn/stories') {
      return json({ stories: [], cv: 1700000000, rels: [], links: [] }, 200, {
        total: '0',
        'per-page': '25',
      });
    }
    return json(['This record could not be found'], 404);
  });
  return { urls, fetchImpl };
}

describe('Storyblok CDN service (injected fetch)', () => {
  it('reads with the server token, region and current cv, and caches published answers', async () => {
    let now = 1_000;
    const { urls, fetchImpl } = fakeStoryblok();
    const service = new StoryblokCdnService({
      token: 'server-secret',
      region: 'us',
      cacheMs: 60_000,
      fetch: fetchImpl,
      now: () => now,
    });
    const answer = await service.story('help', {
      version: 'published',
      language: 'sw',
      fallback_lang: 'en',
      token: 'client-token',
    });
    expect(answer.story.content.title).toBe('From Storyblok');
    const storyUrl = urls.find((u) => u.pathname === '/v2/cdn/stories/help');
    expect(storyUrl?.origin).toBe('https://api-us.storyblok.com');
    expect(storyUrl?.searchParams.get('token')).toBe('server-secret');
    expect(storyUrl?.searchParams.get('cv')).toBe('1700000000');
    expect(storyUrl?.searchParams.get('language')).toBe('sw');

    const calls = fetchImpl.mock.calls.length;
    await service.story('help', { version: 'published', language: 'sw', fallback_lang: 'en' });
    expect(fetchImpl.mock.calls.length).toBe(calls);
    await service.story('help', { version: 'draft', language: 'sw' });
    await service.story('help', { version: 'draft', language: 'sw' });
    expect(fetchImpl.mock.calls.length).toBe(calls + 2);

    now += 61_000;
    await service.story('help', { version: 'published', language: 'sw', fallback_lang: 'en' });
    expect(fetchImpl.mock.calls.length).toBeGreaterThan(calls + 2);
  });

  it('passes datasource paging through and maps upstream failures to 404 and 503', async () => {
    const { fetchImpl } = fakeStoryblok();
    const service = new StoryblokCdnService({
      token: 't',
      region: 'eu',
      cacheMs: 0,
      fetch: fetchImpl,
    });
    const page = await service.datasourceEntries({
      datasource: 'labels_page_withdrawal',
      per_page: 1000,
      page: 1,
    });
    expect(page).toMatchObject({ total: 1, perPage: 1000 });
    await expect(service.story('missing', { version: 'published' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.story('broken', { version: 'published' })).rejects.toMatchObject({
      status: 503,
    });
    await expect(service.story('down', { version: 'published' })).rejects.toMatchObject({
      status: 503,
    });
    const unreachable = new StoryblokCdnService({
      token: 't',
      region: 'eu',
      cacheMs: 0,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(unreachable.space()).rejects.toMatchObject({ status: 503 });
  });
});

describe('content routes with STORYBLOK_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STORYBLOK_TOKEN: 'server-secret', STORYBLOK_CACHE_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers from Storyblok in the same shapes, keeping fields Storyblok adds', async () => {
    const { fetchImpl } = fakeStoryblok();
    vi.spyOn(globalThis, 'fetch').mockImplementation(fetchImpl);
    const res = await t.app.inject({ method: 'GET', url: '/api/stories/help?language=sw' });
    expect(res.statusCode).toBe(200);
    expect(res.json().story).toMatchObject({ lang: 'sw', some_future_field: true });
    const space = await t.app.inject({ method: 'GET', url: '/api/storyblok/v2/cdn/spaces/me/' });
    expect(space.json()).toEqual(upstreamSpace);
    const down = await t.app.inject({ method: 'GET', url: '/api/content/v2/cdn/stories/down' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ error: expect.any(String) });
  });

  it('forwards every listing parameter as the client sent it, never the client token', async () => {
    const { urls, fetchImpl } = fakeStoryblok();
    vi.spyOn(globalThis, 'fetch').mockImplementation(fetchImpl);
    const query =
      'starts_with=promotions/&filter_query[component][in]=promotion&filter_query[__or][][a][is]=true' +
      '&filter_query[__or][][b][like]=x*&sort_by=content.title:asc&by_slugs=promotions/*' +
      '&resolve_relations=page.author&resolve_links=url&search_term=bonus&token=dau-public';
    const res = await t.app.inject({ method: 'GET', url: `/api/content/v2/cdn/stories?${query}` });
    expect(res.statusCode).toBe(200);
    const sent = urls.find((u) => u.pathname === '/v2/cdn/stories')!;
    expect(sent.searchParams.get('token')).toBe('server-secret');
    expect(sent.searchParams.get('filter_query[component][in]')).toBe('promotion');
    expect(sent.searchParams.getAll('filter_query[__or][][a][is]')).toEqual(['true']);
    expect(sent.searchParams.get('filter_query[__or][][b][like]')).toBe('x*');
    expect(sent.searchParams.get('sort_by')).toBe('content.title:asc');
    expect(sent.searchParams.get('resolve_links')).toBe('url');
    expect(sent.searchParams.get('search_term')).toBe('bonus');
    expect(sent.searchParams.get('cv')).toBe('1700000000');

    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/content/v2/cdn/stories?filter_query[x][nope]=1',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ filter_query: ['nope is not an operation'] });
  });
});
