import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshot } from '../lib/browser';
import { fillDemoLogin, useDau } from '../lib/journey';
import type { DauServer } from '../lib/server';

/** Kenya (site 2, with the demo user) first, then Tanzania (site 4). */
const journey = useDau(
  { SEED_DEMO: 'true', SANDBOX: 'true' },
  { SITE_ID: '4', SEED_DEMO: 'false', SANDBOX: 'true' },
);
const kenya = () => journey.dau;
const tanzania = () => journey.daus[1] ?? assert.fail('Tanzania is started');

/** The code the SMS sandbox kept for a number, as a tester would read it from the outbox. */
async function smsCode(dau: DauServer, phone: string): Promise<string> {
  const res = await fetch(`${dau.url}/api/sandbox/sms/outbox?phone=${encodeURIComponent(phone)}`);
  const body = (await res.json()) as { messages: { body: string }[] };
  const code = /\b(\d{6})\b/.exec(body.messages[0]?.body ?? '')?.[1];
  assert.ok(code, 'an SMS code was sent');
  return code;
}

async function startRegistration(page: Page, phone: string) {
  await page.goto('/register');
  await page.getByLabel(/^Phone number/).fill(phone);
  await page.getByLabel('Choose a PIN or password').fill('Safari#2026');
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByLabel(/years or older/).check();
  await page.getByRole('button', { name: 'JOIN' }).click();
  await page.waitForURL((url) => url.pathname === '/register/verify');
}

describe('account journeys at 360×740', () => {
  it('a new user registers and verifies the phone with the SMS code', async () => {
    const { context, page, errors } = await journey.open();
    await startRegistration(page, '0712 600 700');
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('mobile'), '+254712600700');
    assert.ok(!page.url().includes('Safari'), 'no password in the URL');
    await screenshot(page, 'accounts-register-verify');
    await page.getByLabel('Verification code').fill(await smsCode(kenya(), '+254712600700'));
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('button', { name: /^My Account/ }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('login goes to redirectUrl', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/my-account/settings');
    await page.waitForURL((u) => u.pathname === '/login');
    await fillDemoLogin(page);
    await screenshot(page, 'accounts-login');
    await page.getByRole('button', { name: 'LOG IN' }).click();
    await page.waitForURL((u) => u.pathname === '/my-account/settings');
    await page.getByRole('switch', { name: /Data-saving mode/ }).waitFor();
    const cookies = await context.cookies();
    const auth = cookies.find((c) => c.name === 'authBB');
    assert.equal(auth?.httpOnly, true);
    assert.equal(cookies.find((c) => c.name === 'returning_user')?.value, '1');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('site 4: the ID fills the date of birth, and compliance is read-only after submit', async () => {
    const { context, page, errors } = await journey.open({ baseUrl: tanzania().url });
    // Site 4 speaks Swahili by default; this journey reads the English words.
    await context.addCookies([{ name: 'locale', value: 'en-tz', url: tanzania().url }]);
    await startRegistration(page, '0654 100 200');
    await page.getByLabel('Verification code').fill(await smsCode(tanzania(), '+255654100200'));
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await page.waitForURL((u) => u.hash === '#3');
    await page.getByLabel('First name').fill('Neema');
    await page.getByLabel('Last name').fill('Mushi');
    await page.getByLabel('ID number').fill('1995-04-12');
    assert.equal(await page.getByRole('button', { name: 'FINISH' }).isDisabled(), true);
    await page.getByLabel('ID number').fill('19950412-12345-12345-12');
    assert.equal(await page.getByLabel('Date of birth').inputValue(), '1995-04-12');
    assert.equal(await page.getByLabel('Date of birth').getAttribute('readonly'), '');
    await screenshot(page, 'accounts-site4-details');
    await page.getByRole('button', { name: 'FINISH' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/my-account/profile');
    await page.getByText('Fully Compliant').waitFor();
    assert.equal(await page.getByLabel('First name').getAttribute('readonly'), '');
    assert.equal(await page.getByRole('button', { name: 'SAVE' }).count(), 0);
    await screenshot(page, 'accounts-site4-compliance');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
