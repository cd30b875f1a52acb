import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { screenshot } from '../lib/browser';
import { useDau } from '../lib/journey';

const journey = useDau({ SITE_HOSTS: 'localhost=4' });
/** The same server answers as site 4 (Tanzania) when reached as localhost. */
const tanzaniaUrl = () => journey.dau.url.replace('127.0.0.1', 'localhost');

describe('content and shell journeys at 360×740', () => {
  it('shows LOG IN and JOIN to a guest, and the promotions slideshow on home', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/');
    await page.getByRole('link', { name: 'LOG IN' }).waitFor();
    await page.getByRole('link', { name: 'JOIN' }).waitFor();
    await page.getByRole('region', { name: 'Promotions' }).locator('img').first().waitFor();
    await screenshot(page, 'content-home');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('opens the menu from content, hides signed-in items for guests, closes on navigation', async () => {
    const { context, page } = await journey.open();
    await page.goto('/');
    await page.getByRole('button', { name: 'MENU' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Promotions' }).waitFor();
    assert.equal(await menu.getByRole('link', { name: 'Transactions' }).count(), 0);
    await screenshot(page, 'content-menu-open');
    await menu.getByRole('link', { name: 'Promotions' }).click();
    await page.waitForURL((url) => url.pathname === '/promotions');
    assert.equal(await page.getByRole('navigation', { name: 'Main menu' }).count(), 0);
    await page.getByRole('heading', { name: 'Promotions' }).waitFor();
    await context.close();
  });

  it('requests a call back: the server error for a bad number, then success', async () => {
    const { context, page } = await journey.open();
    await page.goto('/');
    await page.getByRole('button', { name: 'Help' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByText('07:00am to 11:00pm').waitFor();
    await panel.getByRole('link', { name: 'WhatsApp' }).waitFor();
    await screenshot(page, 'content-support-widget');
    await panel.getByRole('tab', { name: 'Call me' }).click();
    const phone = panel.getByLabel('Phone number');
    assert.equal(await phone.inputValue(), '+254');
    await phone.fill('+254 12');
    await panel.getByRole('button', { name: 'Call me back' }).click();
    const alert = panel.getByRole('alert');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /valid Kenya mobile number/);
    await phone.fill('0712 345 678');
    await panel.getByRole('button', { name: 'Call me back' }).click();
    await panel.getByRole('status').waitFor();
    assert.match((await panel.getByRole('status').textContent()) ?? '', /0712345678/);
    await screenshot(page, 'content-call-back-sent');
    await context.close();
  });

  it('switches site 4 to Swahili', async () => {
    const { context, page } = await journey.open({ baseUrl: tanzaniaUrl() });
    await page.goto('/company/about-us');
    await page.getByRole('button', { name: 'SW', exact: true }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'About Dau' }).waitFor();
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('button', { name: 'Kiswahili' }).click();
    await page.getByRole('heading', { name: 'Kuhusu Dau' }).waitFor();
    const cookies = await context.cookies();
    assert.equal(cookies.find((c) => c.name === 'locale')?.value, 'sw-tz');
    await screenshot(page, 'content-site4-swahili');
    await context.close();
  });

  it('runs the speed test and shows a quality class', async () => {
    const { context, page } = await journey.open();
    await page.goto('/speedtest');
    await page.getByRole('button', { name: 'Start test' }).click();
    const quality = page.getByTestId('connection-quality');
    await quality.waitFor({ timeout: 40_000 });
    assert.match((await quality.textContent()) ?? '', /^(excellent|good|fair|poor)$/);
    await screenshot(page, 'content-speedtest');
    await context.close();
  });
});
