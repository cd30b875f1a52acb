import type { Page } from 'playwright-core';
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
