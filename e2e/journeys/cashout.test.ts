import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshot } from '../lib/browser';
import { loginAsDemo, useDau } from '../lib/journey';

const journey = useDau();

/** 'KSh 4,990.00' → 499000 cents. */
function cents(text: string | null): number {
  const match = /KSh\s*([\d,]+)\.(\d\d)/.exec(text ?? '');
  assert.ok(match, `an amount in "${text}"`);
  return Number(match[1]?.replace(/,/g, '')) * 100 + Number(match[2]);
}

/** The header's 'KSh 4,990' → 4990. */
function wholeUnits(text: string | null): number {
  const match = /KSh\s*([\d,]+)/.exec(text ?? '');
  assert.ok(match, `an amount in "${text}"`);
  return Number(match[1]?.replace(/,/g, ''));
}

/**
 * On the list on screen, puts one home win priced 1.30–20.00 on the slip and places it (moved
 * prices accepted until Place bet is enabled); live bets wait the live delay.
 */
async function placeSingle(
  page: Page,
): Promise<{ betId: string; stake: number; eventId: string; odds: number }> {
  const rows = page.locator('main [data-event-id]:visible');
  await rows.first().waitFor();
  let eventId = '';
  let odds = 0;
  for (let i = 0; i < (await rows.count()) && !eventId; i += 1) {
    const id = await rows.nth(i).getAttribute('data-event-id');
    const button = rows.nth(i).locator(`button[data-outcome="${id}:1:1"]`);
    if ((await button.count()) === 0 || (await button.isDisabled())) continue;
    const price = Number(
      / (\d+\.\d\d)$/.exec((await button.getAttribute('aria-label')) ?? '')?.[1],
    );
    if (!(price >= 1.3 && price <= 20)) continue;
    await button.click();
    eventId = id ?? '';
    odds = price;
  }
  assert.ok(eventId, 'a price between 1.30 and 20.00');
  const fab = page.getByRole('button', { name: /^Betslip, 1 selection/ });
  await page.waitForTimeout(800);
  await fab.click();
  const slip = page.getByRole('dialog', { name: 'Betslip' });
  await slip.waitFor();

  // The simulator keeps moving prices: accept them until Place bet is enabled.
  const placeButton = slip.getByRole('button', { name: /^Place bet/ });
  const accept = slip.getByRole('button', { name: 'Accept changes' });
  let placed: string | null = null;
  let stake = 0;
  for (let attempt = 0; attempt < 3 && !placed; attempt += 1) {
    for (let i = 0; i < 50 && !(await placeButton.isEnabled()); i += 1) {
      if (await accept.isVisible()) await accept.click().catch(() => undefined);
      else await page.waitForTimeout(200);
    }
    stake = cents((await placeButton.textContent()) ?? '');
    await placeButton.click();
    // A live price can move during the live delay: accept and place again.
    placed = await slip
      .getByText(/^Bet placed \(\d+\)\.$/)
      .textContent({ timeout: 20_000 })
      .catch(() => null);
  }
  const betId = /\((\d+)\)/.exec(placed ?? '')?.[1] ?? '';
  assert.ok(betId, 'a bet id');
  await slip.getByRole('button', { name: 'Close betslip' }).click();
  return { betId, stake, eventId, odds };
}

/** Drags the card's cash-out slider to leave `keep` cents running, confirms, returns what was paid. */
async function cashOutPart(
  page: Page,
  betId: string,
  stake: number,
  keep: number,
): Promise<number> {
  const block = page.locator(`[data-cashout="${betId}"]`);
  await block.getByRole('button', { name: /^Cash out KSh [\d,]+\.\d\d$/ }).click();
  const panel = block.getByRole('region', { name: `Cash out bet ${betId}` });
  await panel.waitFor();
  const slider = panel.getByRole('slider', { name: /Stake to cash out/ });
  assert.equal(Number(await slider.getAttribute('max')) * 100, stake);
  const part = stake - keep;
  assert.ok(part > 0, 'a stake to split');
  await slider.evaluate(
    (input: HTMLInputElement, value) => {
      // As a drag does: the native setter, then the input event React listens to.
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    String(part / 100),
  );
  const partText = `${(part / 100).toFixed(2)} of KSh ${(stake / 100).toFixed(2)}`;
  await panel.getByTestId('cashout-part').filter({ hasText: partText }).waitFor();
  await panel.getByText(`KSh ${(keep / 100).toFixed(2)} keeps running`, { exact: true }).waitFor();
  const confirm = panel.getByRole('button', { name: 'Confirm cash out' });
  await page.waitForFunction(
    (id) =>
      !(
        document.querySelector(
          `[data-cashout="${id}"] [data-testid="cashout-panel"] button:last-child`,
        ) as HTMLButtonElement | null
      )?.disabled,
    betId,
    { timeout: 10_000 },
  );
  const offered = cents(await panel.getByTestId('cashout-value').textContent());
  assert.ok(offered > 0 && offered < stake * 20, `a value for the part (${offered})`);
  await screenshot(page, `cashout-confirm-${betId}`);
  await confirm.click();
  // A value that moved anyway: the panel names it and the bettor confirms again.
  const done = block.getByTestId('cashout-done');
  const changed = panel.getByTestId('cashout-changed');
  for (let i = 0; i < 3 && !(await done.isVisible()); i += 1) {
    await Promise.race([
      done.waitFor({ timeout: 20_000 }),
      changed.waitFor({ timeout: 20_000 }),
    ]).catch(() => undefined);
    if (await changed.isVisible()) {
      await screenshot(page, 'cashout-changed');
      await confirm.click();
    }
  }
  await done.waitFor({ timeout: 20_000 });
  const paid = cents(await done.textContent());
  assert.ok(paid > 0, 'paid something');
  return paid;
}

/** Waits until the header shows `cents` as whole shillings (it rounds down). */
async function headerShows(page: Page, cents: number): Promise<void> {
  await page.waitForFunction(
    (want) =>
      (document.querySelector('[data-testid="header-balance"]')?.textContent ?? '').replace(
        /\D/g,
        '',
      ) === String(want),
    Math.floor(cents / 100),
    { timeout: 15_000 },
  );
}

describe('cash-out journey at 360×740', () => {
  it('the demo user places a single, cashes out part of it on My Bets, and sees the card and balance change', async () => {
    const { context, page, errors } = await journey.open();
    await loginAsDemo(page, '/sports/football-1');
    const header = page.getByTestId('header-balance');
    await header.filter({ hasText: 'KSh' }).waitFor();
    const { betId, stake } = await placeSingle(page);
    // Prices stand still from here, so the offer the bettor confirms is the one paid.
    await journey.sandbox('pause', {});

    // My Bets: the open bet's card offers a cash-out.
    await page.goto('/my-bets');
    const card = page.locator(`a[data-bet-id="${betId}"]`);
    await card.waitFor({ timeout: 15_000 });
    assert.equal(
      cents(await card.locator('span > span', { hasText: /^Stake/ }).textContent()),
      stake,
    );
    const block = page.locator(`[data-cashout="${betId}"]`);
    await block
      .getByRole('button', { name: /^Cash out KSh [\d,]+\.\d\d$/ })
      .waitFor({ timeout: 15_000 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'cashout-offer');
    // The header shows whole shillings (compactMoney): the demo balance is whole before this.
    const balanceBefore = wholeUnits(await header.textContent());

    // Part of it: the slider starts at the whole stake; the bettor drags it down to leave 6.
    const paid = await cashOutPart(page, betId, stake, 600);

    // The card now runs the remaining 6 and the header balance rose by what was paid.
    await card
      .locator('span > span', { hasText: /^Stake/ })
      .filter({ hasText: 'KSh 6.00' })
      .waitFor({ timeout: 15_000 });
    await headerShows(page, balanceBefore * 100 + paid);
    await block.getByRole('button', { name: /^Cash out KSh/ }).waitFor({ timeout: 15_000 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'cashout-done');

    // The bet page offers the rest and shows the cash-out in its timeline.
    await card.click();
    await page.waitForURL((u) => u.pathname === `/my-bets/bet-history-v2/${betId}`);
    await page
      .locator(`[data-cashout="${betId}"]`)
      .getByRole('button', { name: /^Cash out KSh/ })
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'cashout-bet-detail');

    await journey.sandbox('resume', {});
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a live bet: the offer follows a moved price without a reload, and part of it is cashed out after the live delay', async () => {
    const { context, page, errors } = await journey.open();
    await loginAsDemo(page, '/live-now');
    const header = page.getByTestId('header-balance');
    await header.filter({ hasText: 'KSh' }).waitFor();
    const { betId, stake, eventId, odds } = await placeSingle(page);

    await page.goto('/my-bets');
    const card = page.locator(`a[data-bet-id="${betId}"]`);
    await card.waitFor({ timeout: 15_000 });
    const block = page.locator(`[data-cashout="${betId}"]`);
    const offer = block.getByRole('button', { name: /^Cash out KSh [\d,]+\.\d\d$/ });
    await offer.waitFor({ timeout: 20_000 });
    // The world stops; then the home price halves: the offer rises on the card by a push (the
    // card asks by itself only every 30 s).
    await journey.sandbox('pause', {});
    await page.waitForTimeout(600);
    const before = cents(await offer.textContent());
    await journey.sandbox('price', {
      eventId: Number(eventId),
      marketId: 1,
      outcomeId: 1,
      odds: Math.max(1.01, Math.round((odds / 2) * 100) / 100),
    });
    await page.waitForFunction(
      ([id, was]) => {
        const text = document.querySelector(`[data-cashout="${id}"] button`)?.textContent ?? '';
        const match = /KSh\s*([\d,]+)\.(\d\d)/.exec(text);
        return (
          !!match && Number(match[1]?.replace(/,/g, '')) * 100 + Number(match[2]) > Number(was)
        );
      },
      [betId, String(before)] as const,
      { timeout: 10_000 },
    );
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'cashout-live-pushed');

    const balanceBefore = wholeUnits(await header.textContent());
    const paid = await cashOutPart(page, betId, stake, 500);
    await card
      .locator('span > span', { hasText: /^Stake/ })
      .filter({ hasText: 'KSh 5.00' })
      .waitFor({ timeout: 15_000 });
    // The balance is no longer whole after the first cash-out: the header (whole shillings)
    // rises by what was paid, give or take the rounding.
    await page.waitForFunction(
      ([low, high]) => {
        const shown = Number(
          (document.querySelector('[data-testid="header-balance"]')?.textContent ?? '').replace(
            /\D/g,
            '',
          ),
        );
        return shown >= Number(low) && shown <= Number(high);
      },
      [balanceBefore + Math.floor(paid / 100), balanceBefore + Math.ceil(paid / 100) + 1] as const,
      { timeout: 15_000 },
    );
    await screenshot(page, 'cashout-live-done');

    await journey.sandbox('resume', {});
    assert.deepEqual(errors, []);
    await context.close();
  });
});
