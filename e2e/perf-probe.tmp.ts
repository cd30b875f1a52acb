import { startDau } from './lib/server';
import { launchBrowser, mobileContext } from './lib/browser';
const dau = await startDau();
const browser = await launchBrowser();
try {
  const context = await mobileContext(browser, dau.url);
  const page = await context.newPage();
  const t0 = Date.now();
  const rows: string[] = [];
  page.on('response', async (res) => {
    const url = res.url();
    if (!/\.js$/.test(url)) return;
    const size = (await res.request().sizes()).responseBodySize;
    rows.push(`${String(Date.now() - t0).padStart(5)} ms ${res.headers()['content-encoding'] ?? '-'} ${size} ${url.replace(dau.url, '')}`);
  });
  await page.goto('/', { waitUntil: 'load' });
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
  rows.push(`--- load; FCP ${fcp}`);
  await page.getByRole('contentinfo').waitFor();
  await page.getByRole('button', { name: 'Help' }).waitFor();
  await page.waitForTimeout(3000);
  console.log(rows.join('\n'));
  await page.screenshot({ path: '/tmp/perf-home.png' });
} finally {
  await browser.close();
  await dau.stop();
}
