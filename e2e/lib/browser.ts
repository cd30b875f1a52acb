import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const MOBILE_VIEWPORT = { width: 360, height: 740 };
/** Larger screens (issue #15 item 16): a tablet held upright and a laptop. */
export const WIDE_SCREENS = {
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 800 },
} as const;
export type Screen = 'phone' | keyof typeof WIDE_SCREENS;
const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

/** Debian's Chromium, launched the way this machine allows (no downloads, no sandbox). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
}

/**
 * A phone-sized context: 360×740, touch, a mid-range Android user agent (or, with `screen`, a
 * tablet or a laptop). The intro splash is marked as seen unless `splash` is asked for, so
 * journeys start on the page itself.
 */
export async function mobileContext(
  browser: Browser,
  baseURL: string,
  options: { splash?: boolean; screen?: Screen } = {},
): Promise<BrowserContext> {
  const screen = options.screen ?? 'phone';
  const device =
    screen === 'phone'
      ? {
          viewport: MOBILE_VIEWPORT,
          deviceScaleFactor: 2,
          isMobile: true,
          hasTouch: true,
          userAgent:
            'Mozilla/5.0 (Linux; Android 11; TECNO KF6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
        }
      : {
          viewport: WIDE_SCREENS[screen],
          deviceScaleFactor: 1,
          isMobile: false,
          hasTouch: screen === 'tablet',
          userAgent:
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
        };
  const context = await browser.newContext({
    baseURL,
    ...device,
    locale: 'en-KE',
    timezoneId: 'Africa/Nairobi',
  });
  if (!options.splash) {
    // The server draws the splash unless the session cookie says it was seen (ADR 180).
    const { hostname } = new URL(baseURL);
    await context.addCookies([{ name: 'dau_splash', value: '1', domain: hostname, path: '/' }]);
    await context.addInitScript(() => sessionStorage.setItem('dau:splash-seen', '1'));
  }
  return context;
}

/** Fails the journey on any script error the page reports. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await fs.mkdir(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
