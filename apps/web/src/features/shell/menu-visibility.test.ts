import { beforeEach, describe, expect, it } from 'vitest';
import {
  isMenuItemVisible,
  isWebViewApp,
  leadsToPageOfSite,
  menuTarget,
  type MenuContext,
} from './menu-visibility';

const guestSidebar: MenuContext = {
  placement: 'sidebar',
  siteId: 2,
  isAuthenticated: false,
  inWebViewApp: false,
};
const item = { _uid: 'x', label: 'Item' };

describe('menu visibility', () => {
  it('shows a plain item everywhere', () => {
    expect(isMenuItemVisible(item, guestSidebar)).toBe(true);
    expect(isMenuItemVisible(item, { ...guestSidebar, placement: 'navbar' })).toBe(true);
  });

  it('hides hidden items and items hidden in the current layout only', () => {
    expect(isMenuItemVisible({ ...item, hidden: true }, guestSidebar)).toBe(false);
    const notInNavbar = { ...item, hidden_in_navbar: true };
    expect(isMenuItemVisible(notInNavbar, guestSidebar)).toBe(true);
    expect(isMenuItemVisible(notInNavbar, { ...guestSidebar, placement: 'navbar' })).toBe(false);
    expect(isMenuItemVisible({ ...item, hidden_in_sidebar: true }, guestSidebar)).toBe(false);
  });

  it('hides items for listed sites, as a list or a comma string', () => {
    expect(isMenuItemVisible({ ...item, hide_for_siteId: ['4'] }, guestSidebar)).toBe(true);
    expect(isMenuItemVisible({ ...item, hide_for_siteId: ['1', '2'] }, guestSidebar)).toBe(false);
    expect(isMenuItemVisible({ ...item, hide_for_siteId: '3, 2' }, guestSidebar)).toBe(false);
  });

  it('applies the web-view-app and authentication rules', () => {
    const appItem = { ...item, is_web_view_app: true };
    expect(isMenuItemVisible(appItem, guestSidebar)).toBe(true);
    expect(isMenuItemVisible(appItem, { ...guestSidebar, inWebViewApp: true })).toBe(false);
    const authOnly = { ...item, only_show_when_authenticated: true };
    expect(isMenuItemVisible(authOnly, guestSidebar)).toBe(false);
    expect(isMenuItemVisible(authOnly, { ...guestSidebar, isAuthenticated: true })).toBe(true);
  });

  it('opens https links in a new window and maps story links to paths', () => {
    expect(menuTarget({ ...item, link: { url: 'https://wa.me/1', linktype: 'url' } })).toEqual({
      href: 'https://wa.me/1',
      external: true,
    });
    expect(menuTarget({ ...item, link: { url: '', cached_url: 'promotions' } })).toEqual({
      href: '/promotions',
      external: false,
    });
    expect(menuTarget({ ...item, link: { url: '', cached_url: '/' } })).toEqual({
      href: '/',
      external: false,
    });
    expect(menuTarget(item)).toBeNull();
  });
});

describe('web view app detection', () => {
  beforeEach(() => sessionStorage.clear());
  it('remembers the versionName query for the visit and reads the wv marker', () => {
    expect(isWebViewApp('', 'Mozilla/5.0 (Linux; Android 10)')).toBe(false);
    expect(isWebViewApp('?versionName=1.0.0', '')).toBe(true);
    expect(isWebViewApp('', '')).toBe(true);
    sessionStorage.clear();
    expect(isWebViewApp('', 'Mozilla/5.0 (Linux; Android 10; K; wv) AppleWebKit')).toBe(true);
  });
});

describe('links to pages a site does not have', () => {
  const sms = {
    _uid: 's',
    label: 'Bet via SMS',
    link: { cached_url: 'how-to-place-bets-via-sms' },
  };

  it('shows the SMS betting guide only where SMS betting runs', () => {
    expect(isMenuItemVisible(sms, guestSidebar)).toBe(true);
    for (const siteId of [1, 3, 4]) {
      expect(isMenuItemVisible(sms, { ...guestSidebar, siteId })).toBe(false);
      expect(leadsToPageOfSite(sms, siteId)).toBe(false);
    }
  });

  it('hides links to unknown paths but never judges external links', () => {
    expect(leadsToPageOfSite({ link: { cached_url: 'no-such-page' } }, 2)).toBe(false);
    expect(leadsToPageOfSite({ link: { url: 'https://wa.me/254700000000' } }, 1)).toBe(true);
    expect(leadsToPageOfSite({ link: { cached_url: 'company/about-us' } }, 1)).toBe(true);
  });
});
