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
});
