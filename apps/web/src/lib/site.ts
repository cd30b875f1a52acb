import { COOKIES } from '@dau/contracts/http';
import { LOCALE_COOKIE_DAYS } from '@dau/domain/constants';
import { DEFAULT_SITE_ID, isSiteId, SITES, type SiteConfig, type SiteId } from '@dau/domain/sites';
import { readCookie } from './cookies';
import { serverEnvironment } from './ssr-environment';

const SITE_META = 'meta[name="dau-site"]';
/** The page's site meta once found: it stays for the page load (checked to be still there). */
let siteMeta: Element | null = null;

/**
 * The server injects the site into index.html as `<meta name="dau-site" content="2">`; one
 * build serves every site. Read on each call (a test may swap the tag); the element itself is
 * found once.
 */
export function currentSiteId(doc?: Document): SiteId {
  const env = serverEnvironment();
  if (env && !doc) return env.siteId;
  let meta: Element | null;
  if (doc) meta = doc.querySelector(SITE_META);
  else {
    if (!siteMeta?.isConnected) siteMeta = document.querySelector(SITE_META);
    meta = siteMeta;
  }
  const parsed = Number(meta?.getAttribute('content'));
  return isSiteId(parsed) ? parsed : DEFAULT_SITE_ID;
}

export function currentSite(): SiteConfig {
  return SITES[currentSiteId()];
}

function languageOf(site: SiteConfig, cookie: string | null): string {
  const chosen = cookie?.toLowerCase();
  const match = site.languages.find(
    (language) => language.locale === chosen || language.code === chosen,
  );
  return match?.code ?? site.defaultLanguage;
}

/**
 * The browser's language, read once per site: `t()` asks on every call, and each read of
 * `document.cookie` is a round trip to the browser process (~30 µs; hundreds of calls a page
 * at 4× CPU made ~12 ms of the first load's main thread, ADR 196). The language changes only
 * through `chooseLanguage` (which forgets it) and a reload.
 */
let browserLanguage: { siteId: SiteId; code: string } | null = null;

/** Site 4 offers a language picker that stores its choice in the `locale` cookie (`sw-tz`). */
export function currentLanguage(site: SiteConfig = currentSite()): string {
  if (serverEnvironment()) return languageOf(site, readCookie(COOKIES.locale));
  if (browserLanguage?.siteId !== site.siteId) {
    browserLanguage = { siteId: site.siteId, code: languageOf(site, readCookie(COOKIES.locale)) };
  }
  return browserLanguage.code;
}

/** Stores the language chosen on site 4's picker (`sw-tz`, `en-tz`); the page reloads after. */
export function chooseLanguage(locale: string): void {
  document.cookie = `${COOKIES.locale}=${locale}; Max-Age=${LOCALE_COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax`;
  forgetLanguage();
}

/** Reads the `locale` cookie again at the next call (tests set it directly). */
export function forgetLanguage(): void {
  browserLanguage = null;
}
