import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { screenshot } from '../lib/browser';
import { useDau } from '../lib/journey';
import { REGION_HOSTS, registerCustomer, siteUrl } from '../lib/regions';

/**
 * Issue #16 at 360×740: a new Tanzanian customer, in Swahili, deposits with Vodacom M-Pesa (the
 * M-Pesa OpenAPI sandbox) and sees the balance rise; the header at 320 px. One server answers as
 * each site by host name.
 */
const journey = useDau({
  SITE_HOSTS: REGION_HOSTS,
  SANDBOX: 'true',
  SEED_DEMO: 'false',
  FEED_MODE: 'manual',
  OPERATOR_SANDBOX_DELAY_MS: '800',
});

describe('Tanzania in Swahili at 360×740', () => {
  it('a new customer deposits TSh 2,000 with Vodacom M-Pesa and sees the balance rise', async () => {
    const { context, page, errors } = await journey.open({ baseUrl: siteUrl(journey, 'tz') });
    await registerCustomer(journey, page, 'tz', '754300100');
    await page.goto('/payments');
    await page.getByRole('button', { name: 'Weka Pesa', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    // The modal names the provider that will prompt this Vodacom number.
    await dialog.getByText(/^M-Pesa itatuma ujumbe wa malipo/).waitFor();
    await dialog.locator('input[name="amount"]').fill('2000');
    await screenshot(page, 'regions-tz-deposit');
    await dialog.locator('form button[type="submit"]').click();
    // The Vodacom single-stage call blocks while the customer answers; then the deposit is one
    // completed line of the transactions list.
    await page.getByText(/DP\w+/).first().waitFor();
    await screenshot(page, 'regions-tz-deposit-in-progress');
    // The header's balance rises when the deposit completes, without a reload (the pushes).
    await page
      .getByTestId('header-balance')
      .filter({ hasText: 'TSh 2,000' })
      .waitFor({ timeout: 20_000 });
    await screenshot(page, 'regions-tz-deposit-done');
    const row = page.locator('li[data-status="completed"]').filter({ hasText: '2,000' });
    for (let i = 0; i < 20 && (await row.count()) === 0; i++) {
      await page.goto('/payments/transactions');
      await page.locator('main h1').first().waitFor();
      await page.waitForTimeout(1000);
    }
    await row.first().waitFor();
    // After a full page load the header draws the balance the server knows, not a stale one.
    await page
      .getByTestId('header-balance')
      .filter({ hasText: 'TSh 2,000' })
      .waitFor({ timeout: 5_000 });
    await screenshot(page, 'regions-tz-transactions');
    // Signed in at 360 px the whole logo shows: the language choice is a row of the menu instead.
    const logo = page.locator('header > a[href="/"]');
    assert.ok(await logo.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the logo is not cut');
    assert.equal(await page.getByRole('button', { name: 'SW', exact: true }).isVisible(), false);
    await page.getByRole('button', { name: 'MENYU' }).click();
    await page.getByRole('button', { name: 'Lugha · SW' }).click();
    await page.getByRole('dialog', { name: 'Chagua lugha yako' }).waitFor();
    await screenshot(page, 'regions-tz-menu-language');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the header fits at 320 px', async () => {
    const { context, page, errors } = await journey.open({ baseUrl: siteUrl(journey, 'tz') });
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    const header = page.locator('header').first();
    await header.waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.equal(overflow, 0, 'no horizontal scroll at 320 px');
    for (const link of await header.locator('a, button').all()) {
      const box = await link.boundingBox();
      if (box) assert.ok(box.x >= 0 && box.x + box.width <= 320, 'header control inside 320 px');
    }
    // Home's tabs are in Swahili, and so is what a screen reader hears of the slideshow.
    const tabs = page.locator('main nav').first();
    assert.deepEqual((await tabs.getByRole('link').allTextContents()).slice(0, 3), [
      'Mechi Kuu',
      'Mubashara Sasa',
      'Soka',
    ]);
    await page.getByRole('region', { name: 'Promosheni' }).waitFor({ state: 'attached' });
    await screenshot(page, 'regions-tz-header-320');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('Uganda at 360×740', () => {
  it('a new customer deposits UGX 5,000 with MTN MoMo and sees the balance rise', async () => {
    const { context, page, errors } = await journey.open({ baseUrl: siteUrl(journey, 'ug') });
    await registerCustomer(journey, page, 'ug', '772300100');
    await page.goto('/payments');
    await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    // The modal names the provider that will prompt this MTN number.
    await dialog.getByText(/^MTN MoMo will send the payment prompt/).waitFor();
    await dialog.locator('input[name="amount"]').fill('5000');
    await screenshot(page, 'regions-ug-deposit');
    await dialog.locator('form button[type="submit"]').click();
    await page
      .getByTestId('header-balance')
      .filter({ hasText: 'UGX 5,000' })
      .waitFor({ timeout: 20_000 });
    // The money is in, so the "in progress" notice has gone with the push that said so.
    await page.getByText(/is in progress/).waitFor({ state: 'detached', timeout: 5_000 });
    await screenshot(page, 'regions-ug-deposit-done');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
