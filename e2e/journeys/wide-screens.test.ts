import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshot } from '../lib/browser';
import { useDau } from '../lib/journey';

const journey = useDau();

const PARTS = {
  menu: 'main nav[aria-label="Sports"]',
  list: 'main [data-event-id]',
  column: '[data-betslip-column="normal"]',
  fab: 'button[data-betslip-fab="normal"]',
};
interface Box {
  left: number;
  right: number;
  top: number;
  height: number;
}

/** The boxes of the list page's parts as drawn (null when none is drawn), in CSS pixels. */
async function layoutOf(page: Page): Promise<Record<keyof typeof PARTS, Box | null>> {
  // No named functions inside: the page gets the source as tsx compiled it.
  return page.evaluate(
    (parts) =>
      Object.fromEntries(
        Object.entries(parts).map(([part, selector]) => {
          const r = [...document.querySelectorAll(selector)]
            .map((el) => el.getBoundingClientRect())
            .find((rect) => rect.width > 0);
          return [part, r ? { left: r.left, right: r.right, top: r.top, height: r.height } : null];
        }),
      ) as Record<keyof typeof PARTS, Box | null>,
    PARTS,
  );
}

/** Sums the page's layout shifts (the CLS score's entries) from the first paint on. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Taps the first home-win price between 1.30 and 20 in the list; returns its event id. */
async function addFirstPick(page: Page): Promise<string> {
  const rows = page.locator('main [data-event-id]:visible');
  await rows.first().waitFor();
  for (let i = 0; i < (await rows.count()); i += 1) {
    const id = (await rows.nth(i).getAttribute('data-event-id')) ?? '';
    const price = rows.nth(i).locator(`button[data-outcome="${id}:1:1"]`);
    if ((await price.count()) === 0 || (await price.isDisabled())) continue;
    const odds = Number(/\d+\.\d\d/.exec((await price.textContent()) ?? '')?.[0]);
    if (odds >= 1.3 && odds <= 20) {
      await price.click();
      return id;
    }
  }
  throw new Error('no home-win price between 1.30 and 20 in the list');
}

describe('larger screens (issue #15 item 16, ADR 151)', () => {
  it('at 1280×800: sports menu, list and a docked betslip column; no floating button; home keeps it', async () => {
    const { context, page, errors } = await journey.open({ screen: 'desktop' });
    await watchLayoutShifts(page);
    await page.goto('/sports/football-1');
    await page.locator('main [data-event-id]:visible').first().waitFor();

    const wide = await layoutOf(page);
    assert.ok(wide.menu && wide.list && wide.column, JSON.stringify(wide));
    // Menu left of the list, the slip column right of it up to the edge, under the header.
    assert.ok(wide.menu.right <= wide.list.left, JSON.stringify(wide));
    assert.ok(wide.list.right <= wide.column.left, JSON.stringify(wide));
    assert.equal(wide.column.right, 1280);
    assert.equal(wide.column.top, 56, 'the column starts under the sticky header');
    assert.ok(wide.column.left >= 1280 - 360, 'the column is at most 360 px wide');
    assert.ok(wide.menu.height > 150, 'the sports menu is a column, not a chip row');
    assert.equal(wide.fab, null, 'no floating betslip button beside the docked slip');

    // The column is the slip itself: its heading and the empty state, no dialog to open.
    const column = page.getByRole('complementary', { name: 'Betslip' });
    await column.getByRole('heading', { name: 'Betslip' }).waitFor();
    await column.getByText('Tap any odds to add a selection.').waitFor();

    // A price goes straight onto the docked slip.
    const eventId = await addFirstPick(page);
    await column.getByRole('heading', { name: 'Betslip (1)' }).waitFor();
    await column.locator('li').first().waitFor();
    await column.getByRole('button', { name: 'Log in to place bets' }).waitFor();
    assert.equal(await page.getByRole('dialog', { name: 'Betslip' }).count(), 0);
    assert.equal((await layoutOf(page)).fab, null, 'still no floating button');
    assert.equal(
      await page
        .locator(`main button[data-outcome="${eventId}:1:1"]`)
        .first()
        .getAttribute('aria-pressed'),
      'true',
    );
    await page.waitForTimeout(800); // the toss lands
    await screenshot(page, 'wide-desktop-sports');

    // The server-rendered page was drawn in its wide layout: nothing moved once the app ran.
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    assert.ok(shift < 0.05, `layout shift ${shift}`);

    // Home keeps the floating button on larger screens (spec doc 1, Header) and docks nothing;
    // the slip opens as the spec's 450 px side panel.
    await page.goto('/');
    const fab = page.locator('button[data-betslip-fab="normal"]');
    await fab.waitFor();
    const home = await layoutOf(page);
    assert.ok(home.fab, 'the floating betslip button on home');
    assert.equal(home.column, null, 'no docked column on home');
    await screenshot(page, 'wide-desktop-home');
    await fab.click();
    const sheet = page.getByRole('dialog', { name: 'Betslip' });
    await sheet.waitFor();
    const panel = await sheet.boundingBox();
    assert.ok(
      panel && panel.width === 450 && panel.x + panel.width === 1280,
      JSON.stringify(panel),
    );
    await screenshot(page, 'wide-desktop-home-slip');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('at 768×1024: the list with its chip rows and the docked column; no floating button', async () => {
    const { context, page, errors } = await journey.open({ screen: 'tablet' });
    await page.goto('/sports/football-1');
    await page.locator('main [data-event-id]:visible').first().waitFor();
    const tablet = await layoutOf(page);
    assert.ok(tablet.menu && tablet.list && tablet.column, JSON.stringify(tablet));
    assert.ok(tablet.menu.height < 60, 'below 960 px the sports menu stays a chip row');
    assert.ok(tablet.list.right <= tablet.column.left, JSON.stringify(tablet));
    assert.equal(tablet.column.right, 768);
    assert.equal(tablet.fab, null);
    await addFirstPick(page);
    await page
      .getByRole('complementary', { name: 'Betslip' })
      .getByRole('heading', { name: 'Betslip (1)' })
      .waitFor();
    await page.waitForTimeout(800);
    await screenshot(page, 'wide-tablet-sports');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('at 360×740 nothing docks: chip row, floating button, bottom sheet', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/sports/football-1');
    await page.locator('main [data-event-id]:visible').first().waitFor();
    const phone = await layoutOf(page);
    assert.equal(phone.column, null, 'no docked column on a phone');
    assert.ok(phone.fab, 'the floating betslip button');
    assert.ok(phone.menu && phone.menu.height < 60, 'the sports menu is one chip row');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
