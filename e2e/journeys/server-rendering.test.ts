import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { MOBILE_VIEWPORT, screenshot } from '../lib/browser';
import { useDau } from '../lib/journey';

const journey = useDau();

/** Console errors and warnings (a hydration mismatch is one), page errors. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // Chromium's "Failed to load resource" line does not say which: name the request.
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  return problems;
}

async function html(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${journey.dau.url}${path}`, { headers: { cookie: 'dau_splash=1' } });
  return { status: res.status, body: await res.text() };
}

const count = (body: string, pattern: RegExp) => body.match(pattern)?.length ?? 0;

/** An event page path, read from the football list's server HTML. */
async function anEventPath(): Promise<string> {
  const { body } = await html('/sports/football-1');
  const match = /href="(\/sports\/football-1\/[^/"]+\/[^/"]+\/\d+)"/.exec(body);
  assert.ok(match?.[1], 'the list links its events');
  return match[1];
}

describe('server-rendered pages (ADR 180)', () => {
  it('the first response of each public page carries its content, odds and title', async () => {
    const event = await anEventPath();
    const pages: [string, RegExp, number][] = [
      ['/', /data-outcome=/g, 10],
      ['/sports/football-1', /data-outcome=/g, 10],
      ['/live-now', /data-outcome=/g, 3],
      [event, /data-outcome=/g, 3],
      ['/casino', /<h1[^>]*>Casino<\/h1>/g, 1],
      ['/promotions', /href="\/promotions\/[a-z-]+"/g, 1],
      ['/company/about-us', /<h1[^>]*>[^<]+<\/h1>/g, 1],
    ];
    for (const [path, pattern, least] of pages) {
      const { status, body } = await html(path);
      assert.equal(status, 200, path);
      assert.match(body, /<div id="root" data-ssr>/, path);
      assert.ok(count(body, pattern) >= least, `${path}: ${count(body, pattern)} of ${pattern}`);
      // The header is drawn by the server too, and the handoff is there for hydration.
      assert.match(body, /aria-label="Dau home"/, path);
      assert.match(body, /<script id="dau-data" type="application\/json">/, path);
    }
    const football = await html('/sports/football-1');
    assert.match(football.body, /<title>Football \| Dau<\/title>/);
    const missing = await html('/no-such-page');
    assert.equal(missing.status, 404);
    assert.match(missing.body, /Page not found/);
  });

  it('hydrates every page without a mismatch or console error, and the odds respond', async () => {
    const event = await anEventPath();
    const { context, page } = await journey.open();
    const problems = watchConsole(page);
    for (const path of ['/', '/sports/football-1', '/live-now', event, '/casino', '/promotions']) {
      const apiCalls: string[] = [];
      const onRequest = (request: { url(): string }) => {
        if (new URL(request.url()).pathname.startsWith('/api/uof/match/event/')) {
          apiCalls.push(request.url());
        }
      };
      page.on('request', onRequest);
      await page.goto(path, { waitUntil: 'networkidle' });
      page.off('request', onRequest);
      assert.deepEqual(problems, [], path);
      // The lists and the event came with the page: not asked for again after hydration.
      assert.deepEqual(apiCalls, [], `${path} fetched again: ${apiCalls.join(', ')}`);
    }
    await page.goto('/sports/football-1', { waitUntil: 'networkidle' });
    const first = page.locator('main [data-outcome]').first();
    await first.click();
    await page.waitForFunction(
      () => document.querySelector('main [data-outcome]')?.getAttribute('aria-pressed') === 'true',
    );
    await screenshot(page, 'ssr-hydrated-sports');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('reads and navigates with JavaScript disabled: odds on the list, then the event page', async () => {
    const context = await journey.browser.newContext({
      baseURL: journey.dau.url,
      viewport: MOBILE_VIEWPORT,
      deviceScaleFactor: 2,
      isMobile: true,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/sports/football-1');
    const odds = page.locator('main [data-outcome]');
    assert.ok((await odds.count()) >= 10, `odds without JavaScript: ${await odds.count()}`);
    assert.match((await odds.first().textContent()) ?? '', /\d+\.\d{2}/);
    await screenshot(page, 'ssr-nojs-sports');
    await page.locator('main [data-event-id] a').first().click();
    await page.waitForURL(/\/sports\/football-1\/[^/]+\/[^/]+\/\d+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.ok((await page.locator('main [data-outcome]').count()) >= 3, 'markets of the event');
    await screenshot(page, 'ssr-nojs-event');
    // Home reads too, with its promotion image in the HTML.
    await page.goto('/');
    assert.ok((await page.locator('main [data-outcome]').count()) >= 10);
    await context.close();
  });
});
