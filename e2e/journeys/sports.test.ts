import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshot } from '../lib/browser';
import { loginAsDemo, useDau, waitForOnlyLeague } from '../lib/journey';

const journey = useDau();

async function leagueTitles(page: Page): Promise<string[]> {
  return page.locator('main section[aria-label] h2').allTextContents();
}

describe('sports journeys at 360×740', () => {
  it('lists football, filters by tournament and odds, opens an event and sees a price move live', async () => {
    const { context, page, errors } = await journey.open();

    await page.goto('/sports/football-1');
    await page.locator('main [data-event-id]').first().waitFor();
    assert.equal(await page.locator('main h1').textContent(), 'Football');
    // Shown 10 at a time.
    assert.equal(await page.locator('main [data-event-id]').count(), 10);
    await screenshot(page, 'sports-list');

    // Tournament filter: England's Premier League only.
    await page.getByRole('link', { name: /^England Premier League/ }).click();
    await page.waitForURL((url) => url.searchParams.get('tournaments') === '2103');
    await page.locator('main section[aria-label="England · Premier League"]').waitFor();
    await waitForOnlyLeague(page, 'England · Premier League');
    const titles = await leagueTitles(page);
    assert.ok(titles.length > 0);
    assert.deepEqual([...new Set(titles)], ['England · Premier League']);

    // Odds range on top of it: every listed event has a 1x2 price within 2.00–3.00.
    await page.getByLabel('Min odds').fill('2');
    await page.getByLabel('Max odds').fill('3');
    const filtered = page.waitForResponse(
      (res) => res.url().includes('ListAllPreEvents') && res.url().includes('minOdds=2'),
    );
    await page.getByRole('button', { name: 'Apply' }).click();
    await filtered;
    await page.waitForURL(
      (url) => url.searchParams.get('minodd') === '2' && url.searchParams.get('maxodd') === '3',
    );
    await page.locator('main [data-event-id]').first().waitFor();
    await waitForOnlyLeague(page, 'England · Premier League');
    for (const row of await page.locator('main [data-event-id]').all()) {
      const prices = (
        await row.locator('button[data-outcome] span:nth-child(2)').allTextContents()
      ).map(Number);
      assert.ok(
        prices.some((p) => p >= 2 && p <= 3),
        `a price within 2–3 in ${prices.join(',')}`,
      );
    }
    assert.deepEqual([...new Set(await leagueTitles(page))], ['England · Premier League']);

    // Open the first event: every market grouped, total lines readable.
    const row = page.locator('main [data-event-id]').first();
    const eventId = Number(await row.getAttribute('data-event-id'));
    await row.locator('a').first().click();
    await page.waitForURL(
      new RegExp(`/sports/football-1/england-1102/premier-league-2103/${eventId}$`),
    );
    await page.locator('main details summary', { hasText: '1x2' }).waitFor();
    assert.ok((await page.locator('main details').count()) >= 3, 'several market groups');
    await page
      .locator('main details p', { hasText: /^Total 2\.5/ })
      .first()
      .waitFor();
    await screenshot(page, 'sports-event');

    // A price change through the feed sandbox reaches the button without a reload.
    // `:visible`: the list page stays mounted (hidden) in the page cache with the same button.
    const home = page.locator(`main button[data-outcome="${eventId}:1:1"]:visible`);
    const before = Number((await home.locator('span').nth(1).textContent()) ?? '0');
    const target = before >= 5 ? 1.5 : Math.round((before + 0.77) * 100) / 100;
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await journey.sandbox('price', {
      eventId,
      marketId: 1,
      specifier: '',
      outcomeId: 1,
      odds: target,
    });
    await page
      .locator(
        `main button[data-outcome="${eventId}:1:1"][data-move="${target > before ? 'up' : 'down'}"]:visible`,
      )
      .waitFor({ timeout: 15_000 });
    assert.equal(await home.locator('span').nth(1).textContent(), target.toFixed(2));
    assert.deepEqual(navigations, [], 'no reload');

    // Into the betslip: the floating button shows the count and the odds.
    await home.click();
    await page.getByRole('button', { name: 'Betslip, 1 selections' }).click();
    await page.getByRole('dialog', { name: 'Betslip' }).waitFor();
    await page.getByTestId('net-payout').waitFor();
    await screenshot(page, 'sports-betslip');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows live matches; a goal suspends then reopens; the live producer down locks odds', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/live-now');
    await page.locator('main [data-event-id]').first().waitFor();
    await screenshot(page, 'sports-live');
    // The simulator's matches run on the wall clock: a lopsided one (2 : 0 at 80') may have no
    // bettable price after one more goal. Take a match whose prices are all open and ordinary.
    const eventId = await page.evaluate(() => {
      const rows = [...document.querySelectorAll<HTMLElement>('main [data-event-id]')];
      const open = rows.find((r) => {
        const buttons = [...r.querySelectorAll<HTMLButtonElement>('button[data-outcome]')];
        const prices = buttons.map((b) =>
          Number(/ ([\d.]+)$/.exec(b.getAttribute('aria-label') ?? '')?.[1]),
        );
        return buttons.length > 0 && buttons.every((b) => !b.disabled) && Math.max(...prices) < 12;
      });
      return Number(open?.dataset.eventId ?? rows[0]?.dataset.eventId);
    });
    const row = page.locator(`main [data-event-id="${eventId}"]`).first();
    const button = row.locator('button[data-outcome]').first();
    // Let the sport subscription settle before driving the feed.
    await page.waitForFunction(() => document.querySelector('main [data-event-id]') !== null);
    await page.waitForTimeout(500);

    await journey.sandbox('producer-down', { producer: 1 });
    await page.getByText('Live betting is temporarily disabled').waitFor();
    assert.equal(await button.isDisabled(), true);
    await screenshot(page, 'sports-live-producer-down');
    await journey.sandbox('producer-up', { producer: 1 });
    await page
      .getByText('Live betting is temporarily disabled')
      .waitFor({ state: 'detached', timeout: 20_000 });

    await journey.sandbox('pause', {});
    await journey.sandbox('goal', { eventId, team: 'home' });
    await page.waitForFunction(
      (id) =>
        [...document.querySelectorAll(`main [data-event-id="${id}"] button[data-outcome]`)].every(
          (b) => (b as HTMLButtonElement).disabled,
        ),
      eventId,
      { timeout: 15_000 },
    );
    await journey.sandbox('advance', { ms: 60_000 });
    await journey.sandbox('resume', {});
    await page.waitForFunction(
      (id) =>
        [...document.querySelectorAll(`main [data-event-id="${id}"] button[data-outcome]`)].some(
          (b) => !(b as HTMLButtonElement).disabled,
        ),
      eventId,
      { timeout: 20_000 },
    );

    // A live event page: score and clock in the header.
    await row.locator('a').first().click();
    await page.waitForURL(new RegExp(`/${eventId}$`));
    await page.locator('main details summary:visible', { hasText: '1x2' }).waitFor();
    const score = await page.locator('main b:visible', { hasText: ':' }).first().textContent();
    assert.match(score ?? '', /^\d+ : \d+$/);
    await screenshot(page, 'sports-live-event');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the demo user adds three selections, sees boost and taxes, and places the multiple', async () => {
    const { context, page, errors } = await journey.open();
    await loginAsDemo(page, '/sports/football-1');
    const rows = page.locator('main [data-event-id]:visible');
    await rows.first().waitFor();
    // Three events, each picked at a price that qualifies for the win boost (≥ 1.20 a leg): the
    // simulator's matches follow the wall clock, so a first price can be 1.01 at some hours.
    let picked = 0;
    for (let i = 0; picked < 3 && i < (await rows.count()); i += 1) {
      for (const button of await rows.nth(i).locator('button[data-outcome]:enabled').all()) {
        const price = Number(await button.locator('span').nth(1).textContent());
        if (price >= 1.3 && price <= 20) {
          await button.click();
          picked += 1;
          break;
        }
      }
    }
    assert.equal(picked, 3, 'three events with a boost-qualifying price');
    await page.getByRole('button', { name: 'Betslip, 3 selections' }).click();
    const slip = page.getByRole('dialog', { name: 'Betslip' });
    await slip.waitFor();
    assert.match((await page.getByTestId('win-boost').textContent()) ?? '', /^3 %/);
    assert.equal(await page.getByTestId('excise').textContent(), '−KSh 1.30');
    await screenshot(page, 'sports-betslip-three');
    // The simulator keeps moving prices: with 'Ask me' a moved price waits for the bettor's
    // 'Accept changes' before Place bet is enabled again.
    const placeButton = slip.getByRole('button', { name: /^Place bet/ });
    const accept = slip.getByRole('button', { name: 'Accept changes' });
    for (let i = 0; i < 50 && !(await placeButton.isEnabled()); i += 1) {
      if (await accept.isVisible()) await accept.click().catch(() => undefined);
      else await page.waitForTimeout(200);
    }
    await placeButton.click();
    await slip.getByText(/^Bet placed \(/).waitFor({ timeout: 20_000 });
    assert.equal(await slip.getByText('Tap any odds to add a selection.').isVisible(), true);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows an error state for an unknown event', async () => {
    const { context, page } = await journey.open();
    await page.goto('/sports/football-1/england-1102/premier-league-2103/999999999');
    await page.getByText('This match is not available.', { exact: false }).waitFor();
    assert.ok(await page.getByRole('link', { name: 'More matches' }).isVisible());
    await context.close();
  });
});
