/**
 * Draws the app's PNG icons (web app manifest, home screen; issue #18 item 5) from its own SVGs
 * in public/, with Debian's Chromium: `npx tsx apps/web/scripts/draw-icons.ts`. The PNGs are
 * committed; run this again after changing an SVG.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../../../e2e/lib/browser';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const ICONS: { svg: string; png: string; size: number }[] = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
];

const browser = await launchBrowser();
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = await readFile(`${publicDir}${icon.svg}`, 'utf8');
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${icon.size}px;height:${icon.size}px}</style>${svg}`,
    );
    await writeFile(`${publicDir}${icon.png}`, await page.screenshot({ omitBackground: true }));
    await page.close();
  }
} finally {
  await browser.close();
}
