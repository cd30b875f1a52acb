import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { screenshot } from '../lib/browser';
import { useDau } from '../lib/journey';
import {
  REGION_HOSTS,
  assertApart,
  completedRow,
  notices,
  placeHomeWin,
  registerCustomer,
  siteUrl,
} from '../lib/regions';

/**
 * Issue #16 at 360×740, the money journeys of the other countries: an Airtel Money payout in
 * Uganda; a deposit, a winning bet and a payout in Zambia (ZMW, two decimals). The mobile money
 * operators are the built-in sandboxes of their own protocols; the odds feed is the simulator,
 * held still so that the journey settles the match when it wants.
 */
const journey = useDau({
  SITE_HOSTS: REGION_HOSTS,
  SANDBOX: 'true',
  SEED_DEMO: 'false',
  OPERATOR_SANDBOX_DELAY_MS: '800',
});

describe('Uganda at 360×740: Airtel Money', () => {
  it('an Airtel customer deposits, bets, withdraws UGX 2,000 and sees the payout', async () => {
    const { context, page, errors } = await journey.open({ baseUrl: siteUrl(journey, 'ug') });
    await journey.sandbox('pause', {});
    // 070… is an Airtel Uganda number.
    await registerCustomer(journey, page, 'ug', '701300200');
    await page.goto('/payments');
    await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
    const deposit = page.getByRole('dialog');
    await deposit.getByText(/^Airtel Money will send the payment prompt/).waitFor();
    await deposit.locator('input[name="amount"]').fill('5000');
    await deposit.locator('form button[type="submit"]').click();
    // The "in progress" notice sits under the header: the page's title stays readable.
    const inProgress = page.getByText(/^Your deposit DP\w+ is in progress/);
    await inProgress.waitFor();
    await assertApart(inProgress, page.locator('main h1').first(), 'deposit notice and title');
    await page
      .getByTestId('header-balance')
      .filter({ hasText: 'UGX 5,000' })
      .waitFor({ timeout: 20_000 });

    // One bet makes the account eligible to withdraw (the server's minimum of bets).
    await placeHomeWin(page, 'UGX 1,000', 'en');
    await page.getByTestId('header-balance').filter({ hasText: 'UGX 4,000' }).waitFor();

    await page.goto('/payments');
    await page.locator('[data-balance="Cash"]').filter({ hasText: 'UGX 4,000' }).waitFor();
    await page.getByRole('button', { name: 'Withdraw' }).click();
    const withdrawal = page.getByRole('dialog', { name: 'Withdrawal' });
    await withdrawal.getByLabel('Phone number').and(page.locator('[value="0701300200"]')).waitFor();
    // The modal names the provider that pays this Airtel number.
    await withdrawal.getByText('Airtel Money will pay the money to this number.').waitFor();
    await withdrawal.getByLabel(/^Amount/).fill('2000');
    await screenshot(page, 'regions-ug-withdrawal');
    await withdrawal.getByRole('button', { name: 'Withdraw' }).click();
    const step2 = withdrawal.locator('[data-step="2"]');
    await step2.waitFor({ timeout: 20_000 });
    assert.match((await step2.textContent()) ?? '', /UGX 2,000/);
    // The toast shows under the modal's title, never over it.
    const toast = notices(page).filter({ hasText: /Your withdrawal WD\w+ is in progress/ });
    await toast.waitFor();
    await assertApart(
      toast,
      withdrawal.getByRole('heading', { name: 'Withdrawal', exact: true }),
      'toast and modal title',
    );
    await screenshot(page, 'regions-ug-withdrawal-step-2');
    await withdrawal.getByRole('button', { name: 'Done' }).click();

    // The sandbox pays out: the reserved amount leaves, the cash is UGX 2,000, and the
    // transactions list has one completed withdrawal line with Airtel's reference.
    await page.locator('[data-balance="Cash"]').filter({ hasText: 'UGX 2,000' }).waitFor();
    const row = await completedRow(page, 'Withdrawal', '2,000');
    assert.match((await row.textContent()) ?? '', /Reference: \S+/);
    assert.equal(await page.locator('li[data-status="failed"]').count(), 0, 'nothing failed');
    await page.getByTestId('header-balance').filter({ hasText: 'UGX 2,000' }).waitFor();
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'regions-ug-transactions');
    // A user who withdrew and never fell below the threshold through play is greeted by no
    // low-balance notice.
    assert.equal(await page.getByText(/balance is low/i).count(), 0);
    await journey.sandbox('resume', {});
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('Zambia at 360×740: deposit, bet, win, withdraw in ZMW', () => {
  it('a failed deposit replaces its notice; then a deposit, a winning bet and a payout', async () => {
    const { context, page, errors } = await journey.open({ baseUrl: siteUrl(journey, 'zm') });
    await journey.sandbox('pause', {});
    // 076… is an MTN Zambia number.
    await registerCustomer(journey, page, 'zm', '761300300');
    await page.goto('/payments');
    // A new customer's balance is shown as K 0.00, not left out.
    await page.locator('[data-balance="Cash"]').filter({ hasText: 'K 0.00' }).waitFor();
    await page.getByTestId('header-balance').filter({ hasText: /^K 0$/ }).waitFor();

    // A payment the customer rejects on the phone (the sandbox's 1032 suffix): its reason
    // replaces the "in progress" notice instead of stacking under it.
    await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
    let deposit = page.getByRole('dialog');
    await deposit.getByLabel('Phone number').fill('0761231032');
    await deposit.getByText(/^MTN MoMo will send the payment prompt/).waitFor();
    await deposit.locator('input[name="amount"]').fill('25.50');
    await deposit.locator('form button[type="submit"]').click();
    const failure = page
      .getByRole('alert')
      .filter({ hasText: 'You cancelled the MTN MoMo payment. Your deposit was not made.' });
    await failure.waitFor({ timeout: 20_000 });
    assert.equal(await page.getByText(/^Your deposit DP\w+ is in progress/).count(), 0);
    assert.equal(await notices(page).count(), 1, 'one notice for the one payment');
    await assertApart(failure, page.locator('main h1').first(), 'failure notice and title');
    await screenshot(page, 'regions-zm-deposit-failed');

    // The customer's own MTN number: K 50.00 in, two decimals.
    await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
    deposit = page.getByRole('dialog');
    await deposit.getByLabel('Phone number').and(page.locator('[value="0761300300"]')).waitFor();
    await deposit.getByText(/^MTN MoMo will send the payment prompt/).waitFor();
    await deposit.locator('input[name="amount"]').fill('50.50');
    await screenshot(page, 'regions-zm-deposit');
    await deposit.locator('form button[type="submit"]').click();
    // Ngwee count: K 50.50 on the payments page; the header shows whole kwacha, rounded down.
    await page
      .locator('[data-balance="Cash"]')
      .filter({ hasText: 'K 50.50' })
      .waitFor({ timeout: 20_000 });
    await page
      .getByTestId('header-balance')
      .filter({ hasText: /^K 50$/ })
      .waitFor();

    // A K 10.00 home win, and the feed ends the match 2–0.
    const { eventId, betId } = await placeHomeWin(page, 'K 10.00', 'en');
    await page
      .getByTestId('header-balance')
      .filter({ hasText: /^K 40$/ })
      .waitFor();
    await journey.sandbox('settle', { eventId, home: 2, away: 0 });
    const won = page.getByText(
      new RegExp(`^Bet ${betId} has settled\\. You won K [\\d,]+\\.\\d\\d!$`),
    );
    await won.waitFor({ timeout: 30_000 });
    const paid = /K ([\d,]+\.\d\d)/.exec((await won.textContent()) ?? '')?.[1] ?? '';
    const paidCents = Math.round(Number(paid.replace(/,/g, '')) * 100);
    assert.ok(paidCents > 1000, `the win ${paid} is more than the stake`);
    await screenshot(page, 'regions-zm-bet-won');
    const money = (cents: number) =>
      `K ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const afterWin = 4050 + paidCents;
    const header = (cents: number) => `K ${Math.floor(cents / 100).toLocaleString('en-US')}`;
    await page
      .getByTestId('header-balance')
      .filter({ hasText: new RegExp(`^${header(afterWin)}$`) })
      .waitFor();

    // K 20 out to the same MTN number (whole units, as the form says).
    await page.goto('/payments');
    await page
      .locator('[data-balance="Cash"]')
      .filter({ hasText: money(afterWin) })
      .waitFor();
    await page.getByRole('button', { name: 'Withdraw' }).click();
    const withdrawal = page.getByRole('dialog', { name: 'Withdrawal' });
    await withdrawal.getByText('MTN MoMo will pay the money to this number.').waitFor();
    await withdrawal.getByLabel(/^Amount/).fill('20');
    await withdrawal.getByRole('button', { name: 'Withdraw' }).click();
    const step2 = withdrawal.locator('[data-step="2"]');
    await step2.waitFor({ timeout: 20_000 });
    assert.match((await step2.textContent()) ?? '', /K 20\.00/);
    await screenshot(page, 'regions-zm-withdrawal-step-2');
    await withdrawal.getByRole('button', { name: 'Done' }).click();
    const afterPayout = money(afterWin - 2000);
    await page.locator('[data-balance="Cash"]').filter({ hasText: afterPayout }).waitFor();
    const row = await completedRow(page, 'Withdrawal', '20.00');
    assert.match((await row.textContent()) ?? '', /Reference: \S+/);
    await completedRow(page, 'Deposit', 'K 50.50');
    // The win is a line of its own, named as one.
    await completedRow(page, 'Winnings', `K ${paid}`);
    // The rejected deposit is one failed line, not a completed one.
    assert.equal(
      await page.locator('li[data-status="failed"]').filter({ hasText: 'K 25.50' }).count(),
      1,
    );
    await page
      .getByTestId('header-balance')
      .filter({ hasText: new RegExp(`^${header(afterWin - 2000)}$`) })
      .waitFor();
    await screenshot(page, 'regions-zm-transactions');
    await journey.sandbox('resume', {});
    assert.deepEqual(errors, []);
    await context.close();
  });
});
