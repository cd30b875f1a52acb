import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { screenshot } from '../lib/browser';
import { useDau } from '../lib/journey';

const journey = useDau();

describe('foundation journeys at 360×740', () => {
  it('shows the 404 page for an unknown route', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/this/route/does/not/exist');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await screenshot(page, 'foundation-404');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('sends a guest from /my-account to the login page with redirectUrl', async () => {
    const { context, page } = await journey.open();
    await page.goto('/my-account');
    await page.waitForURL((url) => url.pathname === '/login');
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('redirectUrl'), '/my-account');
    await page.locator('main h1').first().waitFor();
    await screenshot(page, 'foundation-login-redirect');
    await context.close();
  });

  it('redirects /sports/ to /sports', async () => {
    const { context, page } = await journey.open();
    const response = await page.goto('/sports/');
    assert.equal(new URL(page.url()).pathname, '/sports');
    assert.ok(response, 'navigation answered');
    const chain = response.request().redirectedFrom();
    assert.equal(chain?.url(), `${journey.dau.url}/sports/`);
    await page.locator('main h1').first().waitFor();
    await screenshot(page, 'foundation-sports');
    await context.close();
  });

  it('shows a critical notice raised for the site on /, live, and lets the bettor dismiss it', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/');
    await page.locator('main').first().waitFor();
    // Raised while the page is open: it arrives as a Critical push on the site's room.
    const res = await fetch(`${journey.dau.url}/api/sandbox/notices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        siteId: 2,
        kind: 'maintenance',
        message: 'M-Pesa deposits resume at 02:00.',
      }),
    });
    const body = await res.text();
    assert.equal(res.status, 200, body);
    const { id } = JSON.parse(body) as { id: number };
    const banner = page.getByRole('alert').filter({ hasText: 'M-Pesa deposits resume' });
    await banner.waitFor({ timeout: 10_000 });
    assert.match(
      (await banner.textContent()) ?? '',
      /^Maintenance: some services may be unavailable\./,
    );
    await screenshot(page, 'foundation-critical-notice');
    // A page opened later is sent the notice in force when it registers the site.
    const later = await journey.open();
    await later.page.goto('/sports');
    await later.page
      .getByRole('alert')
      .filter({ hasText: 'M-Pesa deposits resume' })
      .waitFor({ timeout: 10_000 });
    await later.context.close();
    await banner.getByRole('button', { name: 'Dismiss notice' }).click();
    await banner.waitFor({ state: 'detached' });
    await fetch(`${journey.dau.url}/api/sandbox/notices/${id}/withdraw`, { method: 'POST' });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
