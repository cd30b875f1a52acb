import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MOBILE_VIEWPORT, screenshot } from '../lib/browser';
import { byteCountingProxy } from '../lib/byte-proxy';
import { useDau } from '../lib/journey';

const journey = useDau();

describe('installable and offline (issue #18 item 5, ADR 181)', () => {
  it('serves a web app manifest with our icons, and the service worker', async () => {
    const manifest = await fetch(`${journey.dau.url}/manifest.webmanifest`);
    assert.equal(manifest.status, 200);
    const body = (await manifest.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    assert.equal(body.start_url, '/');
    assert.equal(body.display, 'standalone');
    for (const size of ['192x192', '512x512']) {
      const icon = body.icons.find((i) => i.sizes === size && i.type === 'image/png');
      assert.ok(icon, `a ${size} PNG icon`);
      const res = await fetch(`${journey.dau.url}${icon.src}`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'image/png');
    }
    const page = await fetch(`${journey.dau.url}/`);
    assert.match(await page.text(), /<link rel="manifest" href="\/manifest.webmanifest"/);
    const worker = await fetch(`${journey.dau.url}/sw.js`);
    assert.equal(worker.status, 200);
    assert.match(await worker.text(), /const PRECACHE = \[.*"\/offline.html"/);
  });

  it('a page opened before reads offline; a page never opened says it is offline', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/', { waitUntil: 'networkidle' });
    // Registered after the first paint; active (and in control) once installed.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, {
      timeout: 60_000,
    });
    await page.goto('/sports/football-1', { waitUntil: 'networkidle' });
    await page.locator('main [data-outcome]').first().waitFor();

    await context.setOffline(true);
    await page.goto('/sports/football-1');
    assert.ok((await page.locator('main [data-outcome]').count()) >= 10, 'the odds, offline');
    await screenshot(page, 'offline-sports-list');
    await page.goto('/casino');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await screenshot(page, 'offline-page');
    await context.setOffline(false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a returning visit home → sports list → event page transfers at most 150 kB', async () => {
    // Counted on the wire between the browser and the server: pages, data, the service
    // worker's own fetches and the socket, compressed as sent.
    const proxy = await byteCountingProxy(journey.dau.url);
    const { context, page, errors } = await journey.open({ baseUrl: proxy.url });
    try {
      const visit = async (tab: typeof page) => {
        await tab.goto('/', { waitUntil: 'networkidle' });
        await tab.goto('/sports/football-1', { waitUntil: 'networkidle' });
        const href = await tab
          .locator('main a[href^="/sports/football-1/"]')
          .evaluateAll((links) =>
            links
              .map((a) => a.getAttribute('href') ?? '')
              .find((h) => /^\/sports\/football-1\/[^/]+\/[^/]+\/\d+$/.test(h)),
          );
        assert.ok(href, 'an event link on the football list');
        await tab.goto(href, { waitUntil: 'networkidle' });
        await tab.locator('main [data-outcome]').first().waitFor();
      };
      await visit(page);
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, {
        timeout: 60_000,
      });
      const first = proxy.received();
      // The visitor comes back another time: a new tab, the caches of the first visit.
      await page.close();
      const again = await context.newPage();
      proxy.reset();
      await visit(again);
      const returning = proxy.received();
      console.log(
        `# transferred: first visit ${(first / 1000).toFixed(1)} kB, returning ${(returning / 1000).toFixed(1)} kB`,
      );
      assert.ok(returning <= 150_000, `a returning visit transferred ${returning} bytes`);
      await again.close();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await proxy.close();
    }
  });

  it('/android-app says how to install, with JavaScript and without', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/android-app', { waitUntil: 'networkidle' });
    const install = page.getByRole('region', { name: 'Install Dau' });
    await install.waitFor();
    // Headless Chromium makes no install offer: the way to add it by hand.
    assert.match((await install.textContent()) ?? '', /Add to Home screen/);
    await screenshot(page, 'android-app-install');
    assert.deepEqual(errors, []);
    await context.close();

    const noJs = await journey.browser.newContext({
      baseURL: journey.dau.url,
      viewport: MOBILE_VIEWPORT,
      javaScriptEnabled: false,
    });
    const plain = await noJs.newPage();
    await plain.goto('/android-app');
    assert.match(
      (await plain.getByRole('region', { name: 'Install Dau' }).textContent()) ?? '',
      /Add to Home screen/,
    );
    await noJs.close();
  });
});
