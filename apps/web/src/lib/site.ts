import { COOKIES } from '@dau/contracts/http';
import { DEFAULT_SITE_ID, isSiteId, SITES, type SiteConfig, type SiteId } from '@dau/domain/sites';
import { readCookie } from './cookies';
import { serverEnvironment } from './ssr-environment';

/**
 * The server injects the site into index.html as `<meta name="dau-site" content="2">`; one
 * build serves every site. Read on each call: it is a cheap DOM lookup and keeps tests simple.
 */
export function currentSiteId(doc?: Document): SiteId {
  const env = serverEnvironment();
  if (env && !doc) return env.siteId;
  const raw = (doc ?? document).querySelector('meta[name="dau-site"]')?.getAttribute('content');
  const parsed = Number(raw);
  return isSiteId(parsed) ? parsed : DEFAULT_SITE_ID;
}

export function currentSite(): SiteConfig {
  return SITES[currentSiteId()];
}

/** Site 4 offers a language picker that stores its choice in the `locale` cookie (`sw-tz`). */
export function currentLanguage(site: SiteConfig = currentSite()): string {
  const chosen = readCookie(COOKIES.locale)?.toLowerCase();
  const match = site.languages.find(
    (language) => language.locale === chosen || language.code === chosen,
  );
  return match?.code ?? site.defaultLanguage;
}
