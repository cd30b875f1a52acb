// @vitest-environment node
import { PAGE_ROUTES } from '@dau/domain/page-routes';
import { describe, expect, it } from 'vitest';
import { render, type RenderRequest, type RenderResult } from './entry-server';
import { event, football, json } from './test/sports-fixtures';

/**
 * Every page of the route table renders on the server through the app's own components, in
 * Node without a DOM: a component that reads `window`, `document`, `localStorage` or
 * `navigator` while rendering fails here (ADR 180). The journeys check hydration in Chromium.
 */
const offline: typeof fetch = async () => new Response(null, { status: 503 });

function samplePath(pattern: string): string {
  return pattern
    .replace(/:sportId/g, 'football-1')
    .replace(/:catId/g, 'england-1102')
    .replace(/:subId/g, 'premier-league-2103')
    .replace(/:id/g, '11')
    .replace(/:[A-Za-z]+/g, (param) => `sample-${param.slice(1)}`)
    .replace(/\*$/, 'verify');
}

async function renderPage(
  url: string,
  extra: Partial<RenderRequest> = {},
): Promise<{ result: RenderResult; errors: unknown[] }> {
  const errors: unknown[] = [];
  const result = await render({
    url,
    siteId: 2,
    cookie: 'dau_splash=1',
    userAgent: 'Mozilla/5.0 (Linux; Android 11) Chrome/120 Mobile',
    saveData: false,
    fetch: offline,
    onError: (error) => errors.push(error),
    ...extra,
  });
  return { result, errors };
}

function page(result: RenderResult) {
  if (result.kind !== 'page') throw new Error(`expected a page, got a redirect to ${result.to}`);
  return result;
}

/** Answers the sports calls: twelve football events of England's Premier League. */
const sportsApi: typeof fetch = async (input) => {
  const url = String(input);
  if (url.includes('/status'))
    return json({ uofLiveProducerUp: true, uofPreProducerUp: true, uofDisconnected: false });
  if (url.includes('ListSports')) return json([football]);
  if (url.includes('ListAllPreEvents') || url.includes('ListAllEvents')) {
    const events = Array.from({ length: 12 }, (_, i) => event(100 + i));
    return json({ sports: [{ ...football, eventMin: events }], liveCount: 0, lastKey: null });
  }
  if (url.includes('/match/event/byId')) return json({ eventMin: [event(11)] });
  return new Response(null, { status: 503 });
};

describe('server rendering (ADR 180)', () => {
  it('renders every page of the route table without touching browser globals', async () => {
    for (const route of PAGE_ROUTES) {
      for (const cookie of ['dau_splash=1', 'dau_splash=1; dau_signed_in=1']) {
        const url = samplePath(route.path);
        const { result, errors } = await renderPage(url, { cookie });
        expect(errors.map(String), `${url} (${cookie})`).toEqual([]);
        if (result.kind === 'page') {
          expect(result.html, url).toContain('id="content"');
        }
      }
    }
  }, 120_000);

  it('answers the path rules as redirects (sign-in pages, trailing slashes)', async () => {
    expect((await renderPage('/my-bets')).result).toEqual({
      kind: 'redirect',
      to: '/login?redirectUrl=/my-bets',
    });
    expect((await renderPage('/sports/')).result).toEqual({ kind: 'redirect', to: '/sports' });
  });

  it('puts the odds of a sports list in the HTML and hands the data over for hydration', async () => {
    const { result, errors } = await renderPage('/sports/football-1', { fetch: sportsApi });
    expect(errors).toEqual([]);
    const { html, handoff, title } = page(result);
    expect(title).toBe('Football | Dau');
    expect(html.match(/data-outcome=/g)?.length ?? 0).toBeGreaterThanOrEqual(10);
    expect(html).toContain('Home FC');
    expect(html).toContain('3.20');
    const data = JSON.parse(handoff) as { queries: { queries: { queryKey: unknown[] }[] } };
    expect(data.queries.queries.map((q) => q.queryKey[0])).toEqual(
      expect.arrayContaining(['sports', 'events']),
    );
  });

  it('renders home with its slots filled and an event page with its markets', async () => {
    const home = page((await renderPage('/', { fetch: sportsApi })).result);
    expect(home.html).toContain('data-slot="highlights"');
    expect(home.html.match(/data-outcome=/g)?.length ?? 0).toBeGreaterThanOrEqual(10);
    const match = page(
      (
        await renderPage('/sports/football-1/england-1102/premier-league-2103/11', {
          fetch: sportsApi,
        })
      ).result,
    );
    expect(match.title).toBe('Home FC - Away FC | Dau');
    expect(match.html).toContain('1x2');
  });

  it('keeps requests apart: each render reads its own site and cookies', async () => {
    const seen: string[] = [];
    const spy =
      (label: string): typeof fetch =>
      async (input) => {
        const language = /[?&]language=(\w+)/.exec(String(input))?.[1];
        if (language) seen.push(`${label}:${language}`);
        return offline(input);
      };
    await Promise.all([
      renderPage('/company/about-us', { siteId: 4, cookie: 'locale=sw-tz', fetch: spy('tz') }),
      renderPage('/company/about-us', { siteId: 2, fetch: spy('ke') }),
    ]);
    expect(seen.filter((s) => s.startsWith('tz')).every((s) => s === 'tz:sw')).toBe(true);
    expect(seen.filter((s) => s.startsWith('ke')).every((s) => s === 'ke:en')).toBe(true);
    expect(seen.length).toBeGreaterThan(1);
  });

  it('escapes the handoff so content cannot end its script element', async () => {
    const evil: typeof fetch = async (input) => {
      const url = String(input);
      if (url.includes('stories/home-general-components'))
        return json({ story: { content: { body: [{ _uid: 'x', component: '</script><b>' }] } } });
      return offline(input);
    };
    const home = page((await renderPage('/', { fetch: evil })).result);
    expect(home.handoff).not.toContain('</script>');
    expect(home.handoff).toContain('\\u003c/script>');
  });
});
