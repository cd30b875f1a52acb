import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshot } from '../lib/browser';
import { fillDemoLogin, useDau } from '../lib/journey';

const journey = useDau({ SEED_DEMO: 'true', SANDBOX: 'true' });

/** Signs the demo user in through the header's LOG IN, which opens the login modal. */
async function loginThroughHeader(page: Page, shot?: string) {
  await page.getByRole('banner').getByRole('link', { name: 'LOG IN' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.waitFor();
  await fillDemoLogin(dialog);
  if (shot) await screenshot(page, shot);
  await dialog.getByRole('button', { name: 'LOG IN' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const headerBalance = (page: Page) => page.getByTestId('header-balance');

describe('signed-in header and account menu at 360×740', () => {
  it('the demo user logs in through the header modal, stays on the page and sees the balance', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/promotions');
    await loginThroughHeader(page, 'account-login-modal');
    assert.equal(new URL(page.url()).pathname, '/promotions');
    await headerBalance(page).filter({ hasText: 'KSh 5,000' }).waitFor();
    await page.getByRole('button', { name: /^My Account/ }).waitFor();
    const cookies = await context.cookies();
    assert.equal(cookies.find((c) => c.name === 'returning_user')?.value, '1');
    const events = await page.evaluate(() =>
      ((window as { dataLayer?: { event: string }[] }).dataLayer ?? []).map((e) => e.event),
    );
    assert.ok(events.includes('login'), `analytics login event in ${events.join(',')}`);
    // MY BETS is the bet-card drop (open bets, notify flag) once its chunk has loaded.
    await page.getByRole('button', { name: /^My Bets( \d+)?, \d+ open/ }).waitFor();
    await screenshot(page, 'account-header');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the account menu shows balances, links and content, and signs out', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/');
    await loginThroughHeader(page);
    await page.getByRole('button', { name: /^My Account/ }).click();
    const menu = page.getByRole('dialog', { name: 'My Account' });
    await menu.waitFor();
    await menu.locator('[data-balance="Cash"]').filter({ hasText: 'KSh 5,000.00' }).waitFor();
    await menu.locator('[data-balance="Free bet"]').filter({ hasText: 'KSh 100.00' }).waitFor();
    const links = menu.getByRole('navigation', { name: 'Account' });
    const href = (name: string) =>
      links.getByRole('link', { name, exact: true }).getAttribute('href');
    assert.equal(await href('My Bets'), '/my-bets/bet-history-v2');
    assert.equal(await href('Transactions'), '/payments/transactions');
    assert.equal(await href('My Account'), '/my-account/profile');
    assert.equal(await href('Change PIN'), '/my-account/change-password');
    // The demo user has no email: the menu asks for one.
    await menu.getByLabel('Email').waitFor();
    await menu.getByRole('heading', { name: 'Keep your account safe' }).waitFor();
    await screenshot(page, 'account-menu');

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^My Account/ }).click();
    await links.getByRole('link', { name: 'Transactions', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/payments/transactions');
    await menu.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /^My Account/ }).click();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'LOG IN' }).waitFor();
    assert.equal(await page.getByRole('button', { name: /^My Account/ }).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('Deposit in the header opens the deposit modal on the same page', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/sports');
    await loginThroughHeader(page);
    await page.getByRole('banner').getByRole('link', { name: 'Deposit' }).click();
    const deposit = page.getByRole('dialog', { name: 'Deposit' });
    await deposit.waitFor();
    await deposit.getByLabel(/^Amount/).waitFor();
    assert.equal(new URL(page.url()).pathname, '/sports');
    await page.keyboard.press('Escape');
    await deposit.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
