import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshot } from '../lib/browser';
import { loginAsDemo, useDau } from '../lib/journey';

const journey = useDau({ SEED_DEMO: 'true', SANDBOX: 'true', DARAJA_SANDBOX_DELAY_MS: '500' });

const cash = (page: Page) => page.locator('[data-balance="Cash"]');

describe('payment journeys at 360×740', () => {
  it('the demo user deposits KSh 100 through the sandbox and sees the balance rise', async () => {
    const { context, page, errors } = await journey.open();
    await loginAsDemo(page, '/payments');
    await cash(page).filter({ hasText: 'KSh 5,000.00' }).waitFor();
    const limits = page.getByRole('form', { name: 'Deposit limits' });
    await limits.getByLabel(/^Daily limit/).scrollIntoViewIfNeeded();
    await screenshot(page, 'payments-deposit-limits');
    await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    // The primary mobile is prefilled; the paybill steps come from the content service.
    await dialog.getByLabel('Phone number').and(page.locator('[value="0700000001"]')).waitFor();
    await dialog.getByText('Deposit with M-Pesa Paybill').waitFor();
    assert.equal(await dialog.getByTestId('paybill-number').textContent(), '290290');
    await dialog.getByRole('button', { name: '20', exact: true }).waitFor();
    await dialog.getByLabel(/^Amount/).fill('100');
    await screenshot(page, 'payments-deposit');
    await page.getByRole('dialog').getByRole('button', { name: 'Deposit' }).click();
    await page.getByText(/Your deposit DP\w+ is in progress/).waitFor();
    await page.getByTestId('coin-animation').waitFor();
    await cash(page).filter({ hasText: 'KSh 5,100.00' }).waitFor();
    await screenshot(page, 'payments-deposit-credited');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the demo user withdraws KSh 50 and sees step 2', async () => {
    const { context, page, errors } = await journey.open();
    await loginAsDemo(page, '/payments');
    const before = (await cash(page).textContent()) ?? '';
    await page.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdrawal' });
    await dialog.getByLabel('Phone number').and(page.locator('[value="0700000001"]')).waitFor();
    await dialog.getByLabel(/^Amount/).fill('50');
    await screenshot(page, 'payments-withdrawal');
    // The demo user's seeded bet makes them eligible (minBetsCount 1).
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    const step2 = dialog.locator('[data-step="2"]');
    await step2.waitFor();
    // Step 2 says it for good; the 5-second notice above it says it too until it goes.
    await step2
      .getByText(
        /Your withdrawal WD\w+ is in progress\. The funds should be in your account shortly!/,
      )
      .waitFor();
    // Step 2 once the 5-second success notice has gone.
    await page
      .locator('[aria-live="polite"]')
      .getByText(/Your withdrawal WD\w+ is in progress/)
      .waitFor({ state: 'detached' });
    await screenshot(page, 'payments-withdrawal-step-2');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await cash(page).filter({ hasNotText: before }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("a withdrawal above the balance shows the server's message", async () => {
    const { context, page } = await journey.open();
    await loginAsDemo(page, '/payments');
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByLabel('Phone number').fill('0700000001');
    await page.getByLabel(/^Amount/).fill('6000');
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
    const alert = page.getByRole('dialog').getByRole('alert');
    await alert.waitFor();
    assert.match(
      (await alert.textContent()) ?? '',
      /You can withdraw at most KSh [0-9,.]+, your cash balance\./,
    );
    await screenshot(page, 'payments-withdrawal-refused');
    await context.close();
  });
});
