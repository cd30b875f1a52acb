import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { collectPageErrors, mobileContext, screenshot } from '../lib/browser';
import { loginAsDemo, useDau } from '../lib/journey';

const journey = useDau();

/** Picks the first outcome of the first `count` visible events; answers their event ids. */
async function addSelections(page: Page, count: number, skip = 0): Promise<number[]> {
  const rows = page.locator('main [data-event-id]:visible');
  await rows.first().waitFor();
  const ids: number[] = [];
  for (let i = skip; i < skip + count; i += 1) {
    const row = rows.nth(i);
    ids.push(Number(await row.getAttribute('data-event-id')));
    await row.locator('button[data-outcome]').first().click();
    await row.locator('button[data-outcome][aria-pressed="true"]').waitFor();
  }
  // The slip (its dock loads with the first pick) has taken every pick before the slip opens.
  await page.getByRole('button', { name: `Betslip, ${count} selections` }).waitFor();
  await page.getByTestId('bet-toss').waitFor({ state: 'detached' });
  return ids;
}

describe('share and loyalty journeys at 360×740', () => {
  it('a guest shares a slip as a booking code; a friend opens the link and gets the picks', async () => {
    const { context: sharer, page, errors } = await journey.open();
    await page.goto('/sports/football-1');
    await addSelections(page, 3);
    await page.getByRole('button', { name: 'Betslip, 3 selections' }).click();
    const slip = page.getByRole('dialog', { name: 'Betslip' });
    await slip.getByRole('button', { name: 'Share this betslip as a booking code' }).click();
    const code = (await slip.getByTestId('booking-code').textContent()) ?? '';
    assert.match(code, /^[2-9A-HJ-NP-Z]{6}$/);
    await slip.getByRole('button', { name: /^(Share…|Copy link)$/ }).waitFor();
    await screenshot(page, 'share-betslip-code');
    const picked = await slip.locator('li').allTextContents();
    assert.equal(picked.length, 3);
    assert.deepEqual(errors, []);
    await sharer.close();

    // A fresh phone: nothing stored, not signed in.
    const friend = await mobileContext(journey.browser, journey.dau.url);
    const other = await friend.newPage();
    const friendErrors = collectPageErrors(other);
    await other.goto(`/social-share/${code}`);
    await other.getByTestId('shared-code').waitFor();
    assert.equal(await other.getByTestId('shared-code').textContent(), code);
    assert.equal(
      await other.getByRole('status').filter({ hasText: 'shared selections' }).textContent(),
      '3 shared selections are in your betslip.',
    );
    await other.getByRole('button', { name: 'Betslip, 3 selections' }).waitFor();
    await screenshot(other, 'social-share-loaded');
    await other.getByRole('button', { name: 'Open betslip' }).click();
    const friendSlip = other.getByRole('dialog', { name: 'Betslip' });
    await friendSlip.waitFor();
    const loaded = await friendSlip.locator('li').allTextContents();
    assert.equal(loaded.length, 3);
    // The same three picks (outcome, market, event); prices are today's, so they are left out.
    const withoutPrices = (text: string) => text.replace(/[▲▼]?\s?\d+\.\d{2}/g, '');
    assert.deepEqual(loaded.map(withoutPrices), picked.map(withoutPrices));
    await screenshot(other, 'social-share-betslip');
    assert.deepEqual(friendErrors, []);
    await friend.close();
  });

  it('a friend types a code by hand on /social-share; a bad code gets a clear message', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/sports/football-1');
    await addSelections(page, 2, 3);
    await page.getByRole('button', { name: 'Betslip, 2 selections' }).click();
    const slip = page.getByRole('dialog', { name: 'Betslip' });
    await slip.getByRole('button', { name: 'Share this betslip as a booking code' }).click();
    const code = (await slip.getByTestId('booking-code').textContent()) ?? '';
    await page.evaluate(() => localStorage.clear());

    await page.goto('/social-share');
    const input = page.getByLabel('Enter a booking code');
    await input.fill('AB0-K9X');
    await page.getByRole('button', { name: 'Load code' }).click();
    assert.equal(
      await page.getByRole('alert').textContent(),
      'Enter a valid booking code: 6 letters and digits.',
    );
    await screenshot(page, 'social-share-enter-invalid');
    await input.fill(`${code.slice(0, 3).toLowerCase()} ${code.slice(3).toLowerCase()}`);
    await page.getByRole('button', { name: 'Load code' }).click();
    await page.waitForURL((u) => u.pathname === `/social-share/${code}`);
    await page.getByRole('button', { name: 'Betslip, 2 selections' }).waitFor();

    await page.goto('/social-share/ZZZZZZ');
    assert.equal(
      await page.getByRole('alert').first().textContent(),
      'Booking code ZZZZZZ was not found.',
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the loyalty pop-up shows the demo user’s weekly progress, which a settled bet moves', async () => {
    const { context, page, errors } = await journey.open();
    await loginAsDemo(page, '/sports/football-1');

    const loyalty = page.getByRole('button', { name: /^Weekly reward: \d+ of 10 settled bets$/ });
    await loyalty.waitFor();
    const before = Number(/(\d+) of/.exec((await loyalty.getAttribute('aria-label')) ?? '')?.[1]);
    await loyalty.click();
    const popup = page.getByRole('dialog', { name: 'Weekly reward' });
    await popup.waitFor();
    assert.equal(
      await popup.getByTestId('loyalty-count').textContent(),
      `${before} of 10 settled bets`,
    );
    assert.match(
      (await popup.textContent()) ?? '',
      /Settle 10 bets of KSh 50\.00 or more this week and get a KSh 50\.00 free bet\./,
    );
    const box = await popup.boundingBox();
    assert.equal(Math.round(box?.width ?? 0), 200);
    assert.ok((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360, 'pop-up on screen');
    await screenshot(page, 'loyalty-popup');
    await page.keyboard.press('Escape');

    // A KSh 50 single that settles counts toward the target.
    const [eventId] = await addSelections(page, 1, 6);
    await page.getByRole('button', { name: 'Betslip, 1 selections' }).click();
    const slip = page.getByRole('dialog', { name: 'Betslip' });
    await slip.getByRole('button', { name: '50', exact: true }).click();
    await slip.getByRole('button', { name: /^Place bet/ }).click();
    await slip.getByText(/^Bet placed \(/).waitFor({ timeout: 20_000 });
    await slip.getByRole('button', { name: 'Close betslip' }).click();
    await journey.sandbox('settle', { eventId, home: 1, away: 0 });

    const after = `Weekly reward: ${before + 1} of 10 settled bets`;
    await page.getByRole('button', { name: after }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: after }).click();
    await popup.waitFor();
    assert.equal(
      await popup.getByTestId('loyalty-count').textContent(),
      `${before + 1} of 10 settled bets`,
    );
    assert.equal(
      await popup.getByRole('progressbar').getAttribute('aria-valuenow'),
      String((before + 1) * 10),
    );
    await screenshot(page, 'loyalty-popup-progress');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
