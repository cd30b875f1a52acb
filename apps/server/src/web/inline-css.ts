import fs from 'node:fs';
import path from 'node:path';
import { criticalCss, parseStyleSheet, type StyleSheet } from './critical-css';

/** A `<link rel="stylesheet">` of the build's own hashed assets, as Vite writes it in index.html. */
const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/(assets\/[^"]+\.css)"[^>]*>/g;

/** `</style` inside the text would end the element early; `\/` is the same `/` to CSS. */
const styleElement = (css: string) => `<style>${css.replace(/<\/(style)/gi, '<\\/$1')}</style>`;

export interface PageStyles {
  /**
   * A server-rendered page: the rules its HTML can use inline, and the whole stylesheet as an
   * inert link (`data-href`, `media="print"`): the loader gives it its address with the app's
   * modules, after the first screen's images (ADR 186), and the browser's entry switches it on
   * once loaded (`apps/web/src/lib/full-stylesheet.ts`) for what the page draws later and the
   * pages it navigates to. Without JavaScript the inline rules are the page's whole style.
   */
  critical(html: string): string;
  /** The bare shell (no server renderer): the whole stylesheet inline. */
  inline(html: string): string;
}

/**
 * The build's stylesheet links of index.html, read once when the server loads the template
 * (ADR 183): on a slow link a linked stylesheet is one more round trip before anything is
 * painted. A link whose file is missing is left as it is.
 */
export function pageStyles(template: string, dist: string): PageStyles {
  const sheets = new Map<string, { css: string; sheet: StyleSheet }>();
  for (const [, file] of template.matchAll(STYLESHEET_LINK)) {
    const filePath = path.join(dist, file!);
    if (!fs.existsSync(filePath)) continue;
    const css = fs.readFileSync(filePath, 'utf8').trim();
    sheets.set(file!, { css, sheet: parseStyleSheet(css) });
  }
  return {
    critical: (html) =>
      html.replace(STYLESHEET_LINK, (link, file: string) => {
        const found = sheets.get(file);
        if (!found) return link;
        return `${styleElement(criticalCss(found.sheet, html))}<link rel="stylesheet" data-href="/${file}" media="print" data-dau-css>`;
      }),
    inline: (html) =>
      html.replace(STYLESHEET_LINK, (link, file: string) => {
        const found = sheets.get(file);
        return found ? styleElement(found.css) : link;
      }),
  };
}
