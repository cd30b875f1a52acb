import { isPagePathOnSite } from '@dau/domain/page-routes';
import { isSiteId, SITES } from '@dau/domain/sites';

/**
 * Navigation menu items from the content service's `navbar` story and the visibility rules of
 * spec doc 1 §2. Pure, so the rules are tested without rendering.
 */
export interface MenuLink {
  url?: string;
  cached_url?: string;
  linktype?: string;
}

export interface MenuItem {
  _uid: string;
  label: string;
  link?: MenuLink;
  icon?: string;
  text_color?: string;
  hidden?: boolean;
  hidden_in_sidebar?: boolean;
  hidden_in_navbar?: boolean;
  /** Site ids the item is hidden for; Storyblok sends a list, older content a comma string. */
  hide_for_siteId?: readonly string[] | string;
  /** The item is about the Android app, so it is hidden inside the app's web view. */
  is_web_view_app?: boolean;
  only_show_when_authenticated?: boolean;
}

export interface MenuContext {
  placement: 'sidebar' | 'navbar';
  siteId: number;
  isAuthenticated: boolean;
  inWebViewApp: boolean;
}

function hiddenSites(value: MenuItem['hide_for_siteId']): string[] {
  if (!value) return [];
  const list = typeof value === 'string' ? value.split(',') : value;
  return list.map((s) => s.trim()).filter(Boolean);
}

export function isMenuItemVisible(item: MenuItem, context: MenuContext): boolean {
  if (item.hidden) return false;
  if (context.placement === 'sidebar' && item.hidden_in_sidebar) return false;
  if (context.placement === 'navbar' && item.hidden_in_navbar) return false;
  if (hiddenSites(item.hide_for_siteId).includes(String(context.siteId))) return false;
  if (item.is_web_view_app && context.inWebViewApp) return false;
  if (item.only_show_when_authenticated && !context.isAuthenticated) return false;
  return leadsToPageOfSite(item, context.siteId);
}

/**
 * `leadsToPageOfSite`'s answers by site and path: the footer and the menu ask for every link
 * on each render, and matching a path walks the whole route table (ADR 189).
 */
const pageOfSite = new Map<string, boolean>();
const PAGE_OF_SITE_SIZE = 256;

/**
 * A link to a page this site does not have (the SMS betting guide where there is no SMS
 * betting, a path no route knows) is not shown, whatever the content says.
 */
export function leadsToPageOfSite(item: { link?: MenuLink }, siteId: number): boolean {
  const target = menuTarget({ _uid: '', label: '', ...item });
  if (!target || target.external || !isSiteId(siteId)) return true;
  const key = `${siteId} ${target.href}`;
  let onSite = pageOfSite.get(key);
  if (onSite === undefined) {
    onSite = isPagePathOnSite(target.href, SITES[siteId]);
    if (pageOfSite.size >= PAGE_OF_SITE_SIZE) pageOfSite.clear();
    pageOfSite.set(key, onSite);
  }
  return onSite;
}

/** Where an item leads; links starting with https open in a new window. */
export function menuTarget(item: MenuItem): { href: string; external: boolean } | null {
  const url = item.link?.url || '';
  if (url.startsWith('https://')) return { href: url, external: true };
  if (url.startsWith('/')) return { href: url, external: false };
  const cached = item.link?.cached_url;
  if (!cached) return null;
  if (cached.startsWith('https://')) return { href: cached, external: true };
  return { href: cached === '/' ? '/' : `/${cached.replace(/^\/+/, '')}`, external: false };
}

const WEB_VIEW_KEY = 'dau:web-view-app';

/**
 * The Android app opens the site with its `versionName` in the query (doc 1 §2); remember it
 * for the visit. Android web views also mark themselves with `; wv)` in the user agent.
 */
export function isWebViewApp(
  search: string = typeof location === 'undefined' ? '' : location.search,
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): boolean {
  if (new URLSearchParams(search).has('versionName')) {
    try {
      sessionStorage.setItem(WEB_VIEW_KEY, '1');
    } catch {
      // Storage can be unavailable (private mode); the query still counts for this page.
    }
    return true;
  }
  try {
    if (sessionStorage.getItem(WEB_VIEW_KEY) === '1') return true;
  } catch {
    // As above.
  }
  return /; wv\)/.test(userAgent);
}
