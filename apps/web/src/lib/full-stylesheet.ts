/**
 * The server sends a page with the CSS rules its HTML uses inline and the whole stylesheet as
 * a `media="print"` link that blocks no paint (ADR 183), given its address by the loader with
 * the app's modules, after the first screen's images (ADR 186). Once
 * it has loaded it is switched on, for what the page draws later (menus, the betslip) and for
 * the pages the app navigates to. It holds every rule of the inline part in the same order, so
 * switching it on moves nothing already drawn.
 */
export function enableFullStylesheet(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-dau-css]')) {
    const enable = () => {
      link.media = 'all';
    };
    if (link.sheet) enable();
    else link.addEventListener('load', enable, { once: true });
  }
}
