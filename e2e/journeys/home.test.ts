import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshot } from '../lib/browser';
import { loginAsDemo, useDau, waitForOnlyLeague } from '../lib/journey';

const journey = useDau();

async function toggle(page: Page, name: string, on: boolean): Promise<void> {
  const input = page.locator(`main input[name="${name}"]:visible`);
  await input.waitFor();
  if ((await input.isChecked()) !== on) await input.click();
  await page.waitForFunction(
    ([n, want]) => {
      const el = [...document.querySelectorAll<HTMLInputElement>(`main input[name="${n}"]`)].find(
        (i) => i.offsetParent !== null,
      );
      return el !== undefined && el.checked === want && !el.disabled;
    },
    [name, on] as const,
  );
}

describe('home and the popular football menu at 360×740', () => {
  it('home shows highlights and live now; a tap adds a selection and the betslip shows it', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/');

    const highlights = page.locator('main section[data-slot="highlights"]');
    const live = page.locator('main section[data-slot="live"]');
    await highlights.locator('[data-event-id]').first().waitFor();
    await live.locator('[data-event-id]').first().waitFor();
    assert.equal(
      await highlights.getByRole('heading', { level: 2 }).first().textContent(),
      'Highlights',
    );
    assert.ok((await highlights.locator('[data-event-id]').count()) >= 5, 'highlighted matches');
    // Live rows carry a clock and a score.
    assert.match((await live.locator('[data-event-id] b').first().textContent()) ?? '', /^\d+$/);
    const leagues = page.locator('main section[data-slot="top-leagues"] li a');
    await leagues.first().waitFor();
    assert.ok((await leagues.count()) >= 3, 'top leagues');
    // The betslip button is on home from the start.
    await page.getByRole('button', { name: 'Betslip', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'home');

    await highlights.locator('button[data-outcome]:not([disabled])').first().click();
    await page.getByRole('button', { name: 'Betslip, 1 selections' }).waitFor();
    await live.locator('button[data-outcome]:not([disabled])').first().click();
    const fab = page.getByRole('button', { name: 'Betslip, 2 selections' });
    await fab.waitFor();
    assert.match((await fab.textContent()) ?? '', /^2\d+\.\d{2}$/);
    await screenshot(page, 'home-with-selections');

    // A top league tile opens its tournament list.
    await leagues.first().click();
    await page.waitForURL(/\/sports\/football-1\/[a-z-]+-\d+\/[a-z0-9-]+-\d+$/);
    // `:visible`: home stays mounted (hidden) in the page cache.
    await page.locator('main [data-event-id]:visible').first().waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the menu lists popular football; a tap lands on the tournament list', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/');
    await page.getByRole('button', { name: 'MENU' }).click();
    const popular = page.locator('#site-menu section[aria-label="Popular football"]');
    await popular.getByRole('link').first().waitFor();
    const countries = page.locator('#site-menu section[aria-label="Football by country"]');
    assert.ok((await countries.getByRole('link').count()) >= 3, 'football countries');
    const kenya = countries.getByRole('link', { name: /^Kenya/ });
    assert.equal(await kenya.getAttribute('href'), '/sports/football-1/kenya-1101');
    await popular.scrollIntoViewIfNeeded();
    await screenshot(page, 'menu-popular-football');

    const league = popular.getByRole('link', { name: /^Premier League\s*Kenya/ });
    assert.equal(
      await league.getAttribute('href'),
      '/sports/football-1/kenya-1101/premier-league-2101',
    );
    await league.click();
    await page.waitForURL(
      (url) => url.pathname === '/sports/football-1/kenya-1101/premier-league-2101',
    );
    await page.locator('main [data-event-id]:visible').first().waitFor();
    assert.equal(await page.locator('main h1:visible').textContent(), 'Premier League');
    await waitForOnlyLeague(page, 'Kenya · Premier League');
    assert.deepEqual(
      [...new Set(await page.locator('main section[aria-label] h2:visible').allTextContents())],
      ['Kenya · Premier League'],
    );
    // The menu closed on the route change.
    assert.equal(await page.locator('#site-menu').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('compact mode and data saving from the settings change the lists', async () => {
    const { context, page, errors } = await journey.open();
    await loginAsDemo(page, '/my-account/settings');
    // The switches follow the server's answer, so each is clicked and then read back.
    await toggle(page, 'compactMode', true);
    await toggle(page, 'saveData', true);

    await page.goto('/sports/football-1');
    // Data saving asks for smaller pages: the server rendered the list with the user's settings
    // and handed its query over (ADR 180), keyed by the page size.
    const listKey = await page.evaluate(() => {
      const handoff = JSON.parse(document.getElementById('dau-data')?.textContent ?? '{}') as {
        queries?: { queries: { queryKey: unknown[] }[] };
      };
      return handoff.queries?.queries.find((q) => q.queryKey[0] === 'events')?.queryKey ?? [];
    });
    assert.equal(listKey.at(-1), 15, JSON.stringify(listKey));
    await page.locator('main [data-event-id][data-layout="compact"]:visible').first().waitFor();
    assert.equal(await page.locator('main [data-layout="full"]:visible').count(), 0);
    await screenshot(page, 'sports-list-compact');

    // Home: no promotion images while saving data.
    await page.goto('/');
    await page
      .locator('main section[data-slot="highlights"] [data-layout="compact"]')
      .first()
      .waitFor();
    assert.equal(await page.locator('main [aria-roledescription="carousel"]').count(), 0);
    await screenshot(page, 'home-compact');

    await page.goto('/my-account/settings');
    await toggle(page, 'compactMode', false);
    await toggle(page, 'saveData', false);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
