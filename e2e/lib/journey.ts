import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, mobileContext, type Screen } from './browser';
import { startDau, type DauServer } from './server';

export { collectPageErrors };

/** The demo user the seed creates (`SEED_DEMO`), signed in the way a customer types it. */
export const DEMO_LOGIN = { phone: '0700000001', password: 'DemoPass#2026' } as const;

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Script errors the page reported; a journey asserts this is empty. */
  errors: string[];
}

export interface Journey {
  /** The first (or only) server started. */
  readonly dau: DauServer;
  /** Every server started, in the order their envs were given. */
  readonly daus: readonly DauServer[];
  readonly browser: Browser;
  /**
   * A 360×740 context (or the `screen` asked for) on `baseUrl` (the first server unless told),
   * one page, its errors.
   */
  open(options?: { baseUrl?: string; splash?: boolean; screen?: Screen }): Promise<OpenPage>;
  /** POSTs to the feed sandbox (`/api/sandbox/feed/<path>`) and fails the test unless 200. */
  sandbox(path: string, body: unknown): Promise<void>;
  /** The 6-digit code the SMS sandbox last kept for `phone` (E.164), as a tester reads it. */
  smsCode(phone: string): Promise<string>;
}

/**
 * Starts the built Dau (one per env given, in parallel) and one browser before the file's tests,
 * and stops them after. Call at the top level of a journey file.
 */
export function useDau(...envs: Record<string, string>[]): Journey {
  let daus: DauServer[] = [];
  let browser: Browser | undefined;
  before(async () => {
    daus = await Promise.all((envs.length > 0 ? envs : [{}]).map((env) => startDau(env)));
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await Promise.all(daus.map((dau) => dau.stop()));
  });
  const journey: Journey = {
    get dau() {
      const dau = daus[0];
      assert.ok(dau, 'Dau is started');
      return dau;
    },
    get daus() {
      return daus;
    },
    get browser() {
      assert.ok(browser, 'the browser is launched');
      return browser;
    },
    async open({ baseUrl, splash, screen } = {}) {
      const context = await mobileContext(journey.browser, baseUrl ?? journey.dau.url, {
        splash,
        screen,
      });
      const page = await context.newPage();
      waitForHydrationOnLoad(page);
      return { context, page, errors: collectPageErrors(page) };
    },
    async sandbox(path, body) {
      const res = await fetch(`${journey.dau.url}/api/sandbox/feed/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 200, `sandbox ${path}: ${await res.text()}`);
    },
    async smsCode(phone) {
      const res = await fetch(
        `${journey.dau.url}/api/sandbox/sms/outbox?phone=${encodeURIComponent(phone)}`,
      );
      const body = (await res.json()) as { messages: { body: string }[] };
      const code = /\b(\d{6})\b/.exec(body.messages[0]?.body ?? '')?.[1];
      assert.ok(code, `an SMS code was sent to ${phone}`);
      return code;
    },
  };
  return journey;
}

/**
 * Pages arrive drawn by the server (ADR 180) and answer taps once React has hydrated them, as
 * on a phone: after `goto` and `reload` the page waits for the app's `data-hydrated` mark on
 * server-rendered pages, so a journey taps what a user could tap.
 */
export function waitForHydrationOnLoad(page: Page): void {
  const hydrated = async () => {
    await page.waitForFunction(
      () =>
        document.getElementById('root')?.dataset.ssr === undefined ||
        document.documentElement.dataset.hydrated !== undefined,
      undefined,
      { timeout: 30_000 },
    );
    // Parts that hydrate with their own chunk (the signed-in header's actions, the slip) answer
    // once those chunks are in: wait for the network to settle, briefly.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await hydrated();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await hydrated();
    return response;
  };
}

/** Types the demo user's phone and password into a login form (the page or the modal). */
export async function fillDemoLogin(form: Page | Locator): Promise<void> {
  await form.getByLabel('Phone number or username').fill(DEMO_LOGIN.phone);
  await form.getByLabel('Password or PIN').fill(DEMO_LOGIN.password);
}

/** Signs the demo user in on /login and waits until the app has gone on to `redirectUrl`. */
export async function loginAsDemo(page: Page, redirectUrl: string): Promise<void> {
  await page.goto(`/login?redirectUrl=${redirectUrl}`);
  await fillDemoLogin(page);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await page.waitForURL((u) => u.pathname === redirectUrl);
}

/**
 * Waits until the visible event list shows only `title`'s league cards. After a navigation the
 * old list (or the page cache's hidden copy) and the loading state come before the new list, so
 * one read of the titles can catch either; this polls until the list has settled.
 */
export async function waitForOnlyLeague(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => {
    const titles = [...document.querySelectorAll<HTMLElement>('main section[aria-label] h2')]
      .filter((h) => h.offsetParent !== null)
      .map((h) => h.textContent);
    return titles.length > 0 && titles.every((t) => t === expected);
  }, title);
}
