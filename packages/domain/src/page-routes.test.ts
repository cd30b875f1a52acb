import { describe, expect, it } from 'vitest';
import {
  PAGE_ROUTES,
  isPagePathOnSite,
  matchPageRoute,
  routeOnSite,
  storySlugOf,
} from './page-routes';
import { SITES } from './sites';

describe('page routes', () => {
  it('knows every page path of the spec and nothing else', () => {
    expect(matchPageRoute('/')?.route.page).toBe('Home');
    expect(matchPageRoute('/sports/football-1/kenya-12/premier-league-7/4410')?.params).toEqual({
      sportId: 'football-1',
      catId: 'kenya-12',
      subId: 'premier-league-7',
      id: '4410',
    });
    expect(matchPageRoute('/register/verify')?.route.page).toBe('Register');
    expect(matchPageRoute('/no-such-page')).toBeNull();
    expect(matchPageRoute('/company/about-us/extra')).toBeNull();
    expect(matchPageRoute('/sports/1/2/3/4/5')).toBeNull();
  });

  it('prefers static segments over parameters, whatever the order of the table', () => {
    expect(matchPageRoute('/customer-support/delete-account')?.route.page).toBe('DeleteAccount');
    expect(matchPageRoute('/customer-support/contact-us')?.route.page).toBe('CustomerSupport');
    expect(matchPageRoute('/casino/provider')?.route.page).toBe('CasinoProviders');
    expect(matchPageRoute('/casino/slots')?.route.page).toBe('CasinoCategory');
    expect(matchPageRoute('/game/info/REDO-high-flyer')?.route.path).toBe(
      '/game/info/REDO-high-flyer',
    );
    expect(matchPageRoute('/game/info/77')?.route.path).toBe('/game/info/:id');
  });

  it('compares static segments without case and keeps the splat’s rest', () => {
    expect(matchPageRoute('/Casino/PROVIDER')?.route.page).toBe('CasinoProviders');
    expect(matchPageRoute('/CASINO/Slots')?.params).toEqual({ slug: 'Slots' });
    expect(matchPageRoute('/register/verify/step-2')?.params).toEqual({ '*': 'verify/step-2' });
    expect(matchPageRoute('/register/')?.route.path).toBe('/register');
  });

  it('gives the story slug of content pages', () => {
    const company = matchPageRoute('/company/about-us');
    expect(company && storySlugOf(company)).toBe('company/about-us');
    const promo = matchPageRoute('/promotions/multibet-bonus');
    expect(promo && storySlugOf(promo)).toBe('promotions/multibet-bonus');
    expect(promo?.route.story?.siteHidden).toBe(true);
    const list = matchPageRoute('/promotions');
    expect(list && storySlugOf(list)).toBeNull();
  });

  it('rejects a malformed escape instead of throwing', () => {
    expect(matchPageRoute('/company/%E0%A4%A')).toBeNull();
  });

  it('has the SMS betting page only on sites that offer SMS betting', () => {
    const sms = matchPageRoute('/how-to-place-bets-via-sms');
    expect(sms).not.toBeNull();
    for (const site of Object.values(SITES)) {
      expect(routeOnSite(sms!.route, site)).toBe(site.features.smsBetting);
      expect(isPagePathOnSite('/how-to-place-bets-via-sms', site)).toBe(site.features.smsBetting);
    }
    expect(SITES[2].features.smsBetting).toBe(true);
  });

  it('judges link targets: unknown paths are not pages, external links are not judged', () => {
    expect(isPagePathOnSite('/company/about-us?x=1#top', SITES[1])).toBe(true);
    expect(isPagePathOnSite('/nowhere', SITES[1])).toBe(false);
    expect(isPagePathOnSite('https://wa.me/254700000000', SITES[1])).toBe(true);
  });

  it('has no two routes with the same pattern', () => {
    const paths = PAGE_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
