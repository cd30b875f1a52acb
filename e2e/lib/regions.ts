import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './browser';
import type { Journey } from './journey';

/** One server answering as each site by host name (the regions journeys). */
export const REGION_HOSTS = 'ug.localhost=1,ke.localhost=2,zm.localhost=3,tz.localhost=4';

const PREFIXES = { ug: '+256', zm: '+260', tz: '+255' } as const;
export type Region = keyof typeof PREFIXES;

/** The journey's server as one site (`ug`, `zm`, `tz`). */
export function siteUrl(journey: Journey, region: Region | 'ke'): string {
  return journey.dau.url.replace('127.0.0.1', `${region}.localhost`);
}

/**
 * Registers a new customer on `national` (9 digits) as a user types it (0 + the number), with
 * the SMS code from the sandbox and the site's details step (names and more on Uganda, names
 * and the ID number on Tanzania, none on Zambia); ends signed in on `/`.
 */
export async function registerCustomer(
  journey: Journey,
  page: Page,
  region: Region,
  national: string,
): Promise<void> {
  await page.goto('/register');
  await page.locator('input[name="phone"]').fill(`0${national}`);
  await page.locator('input[name="password"]').fill('Safari#2026');
  await page.locator('input[name="acceptTerms"]').check();
  await page.locator('input[name="confirmMinimumAge"]').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/register/verify');
  await page
    .locator('input[name="code"]')
    .fill(await journey.smsCode(`${PREFIXES[region]}${national}`));
  await page.locator('form button[type="submit"]').first().click();
  if (region === 'zm') {
    await page.waitForURL((url) => url.pathname === '/');
    return;
  }
  await page.waitForURL((url) => url.hash === '#3');
  await page.locator('input[name="firstName"]').fill(region === 'ug' ? 'Aisha' : 'Neema');
  await page.locator('input[name="lastName"]').fill(region === 'ug' ? 'Nakato' : 'Mushi');
  if (region === 'tz') {
    await page.locator('input[name="idNumber"]').fill('19950412-12345-12345-12');
  } else {
    await page.locator('input[name="birthDate"]').fill('1994-06-02');
    await page.locator('select[name="gender"]').selectOption('2');
    const source = page.locator('select[name="incomeSourceId"] option:not([value=""])').first();
    await source.waitFor({ state: 'attached' });
    await page
      .locator('select[name="incomeSourceId"]')
      .selectOption((await source.getAttribute('value')) ?? '');
    await page.locator('select[name="isPoliticallyExposed"]').selectOption('no');
  }
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** The slip's words as a user reads them, in each language. */
const SLIP_WORDS = {
  en: {
    fab: 'Betslip, 1 selections',
    slip: 'Betslip',
    place: 'Place bet',
    placed: /^Bet placed \(\d+\)\.$/,
    close: 'Close betslip',
  },
  sw: {
    fab: 'Tiketi, chaguo 1',
    slip: 'Tiketi',
    place: 'Weka beti',
    placed: /^Beti imewekwa \(\d+\)\.$/,
    close: 'Funga tiketi',
  },
} as const;

/** The notice boxes in the toast slot (page or modal). */
export const notices = (page: Page) => page.locator('[aria-live="polite"] > *');

/** Asserts two elements' boxes do not overlap: a toast never covers a title or a field. */
export async function assertApart(a: Locator, b: Locator, what: string): Promise<void> {
  const boxA = await a.boundingBox();
  const boxB = await b.boundingBox();
  assert.ok(boxA && boxB, `${what}: both are shown`);
  const apart =
    boxA.y + boxA.height <= boxB.y ||
    boxB.y + boxB.height <= boxA.y ||
    boxA.x + boxA.width <= boxB.x ||
    boxB.x + boxB.width <= boxA.x;
  assert.ok(apart, `${what}: ${JSON.stringify(boxA)} overlaps ${JSON.stringify(boxB)}`);
}

/**
 * Picks the first football match's home win and places it with the slip's default stake;
 * returns the event and the bet id.
 */
export async function placeHomeWin(
  page: Page,
  stakeLabel: string,
  language: 'en' | 'sw',
): Promise<{ eventId: number; betId: string }> {
  const words = SLIP_WORDS[language];
  await page.goto('/sports/football-1');
  const row = page.locator('main [data-event-id]:visible').first();
  await row.waitFor();
  const eventId = Number(await row.getAttribute('data-event-id'));
  await row.locator(`button[data-outcome="${eventId}:1:1"]`).click();
  await row.locator('button[data-outcome][aria-pressed="true"]').waitFor();
  await page.getByRole('button', { name: words.fab }).waitFor();
  await page.getByTestId('bet-toss').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: words.fab }).click();
  const slip = page.getByRole('dialog', { name: words.slip, exact: true });
  await slip.getByRole('button', { name: `${words.place} · ${stakeLabel}` }).click();
  const placed = await slip.getByText(words.placed).textContent({ timeout: 20_000 });
  const betId = /\((\d+)\)/.exec(placed ?? '')?.[1] ?? '';
  assert.ok(betId, 'a bet id');
  await screenshot(page, `regions-bet-placed-${stakeLabel.split(' ')[0]}`);
  await slip.getByRole('button', { name: words.close }).click();
  return { eventId, betId };
}

/** Reloads the transactions list until a completed row of `type` shows `amount`. */
export async function completedRow(page: Page, type: string, amount: string): Promise<Locator> {
  const row = page
    .locator('li[data-status="completed"]')
    .filter({ hasText: type })
    .filter({ hasText: amount });
  for (let i = 0; i < 20 && (await row.count()) === 0; i++) {
    await page.goto('/payments/transactions');
    await page.locator('main h1').first().waitFor();
    if ((await row.count()) > 0) break;
    await page.waitForTimeout(1000);
  }
  await row.first().waitFor();
  return row.first();
}
