import fs from 'node:fs';
import path from 'node:path';

/** A `<link rel="stylesheet">` of the build's own hashed assets, as Vite writes it in index.html. */
const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The built index.html with the build's stylesheet in a `<style>` element instead of a
 * `<link>` (ADR 183): on a slow link a linked stylesheet is one more round trip before
 * anything is painted (render-blocking). Done once, when the server loads the template. A link
 * whose file is missing is left as it is.
 */
export function inlineStylesheets(template: string, dist: string): string {
  return template.replace(STYLESHEET_LINK, (link, file: string) => {
    const filePath = path.join(dist, file);
    if (!fs.existsSync(filePath)) return link;
    const css = fs.readFileSync(filePath, 'utf8').trim();
    // `</style` inside the text would end the element early; `\/` is the same `/` to CSS.
    return `<style>${css.replace(/<\/(style)/gi, '<\\/$1')}</style>`;
  });
}
