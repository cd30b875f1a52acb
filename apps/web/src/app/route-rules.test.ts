import { describe, expect, it } from 'vitest';
import {
  audienceFor,
  loginRedirect,
  passesAccessCheck,
  resolveNavigation,
  scrollsToTop,
  withoutTrailingSlash,
} from './route-rules';

const guest = { siteId: 2 as const, isAuthenticated: false };
const member = { siteId: 2 as const, isAuthenticated: true };
const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('route rules', () => {
  it('strips trailing slashes but keeps the root', () => {
    expect(withoutTrailingSlash('/sports/')).toBe('/sports');
    expect(withoutTrailingSlash('/sports//')).toBe('/sports');
    expect(withoutTrailingSlash('/sports')).toBeNull();
    expect(withoutTrailingSlash('/')).toBeNull();
  });

  it('redirects a trailing slash keeping query and hash', () => {
    expect(resolveNavigation(at('/sports/', '?a=1', '#x'), guest)).toEqual({
      kind: 'redirect',
      to: '/sports?a=1#x',
    });
  });

  it('classifies sign-in-only and guest-only pages', () => {
    for (const path of [
      '/my-account',
      '/my-account/profile',
      '/my-bets/bet-history-v2/9',
      '/payments/transactions',
      '/customer-support/delete-account',
      '/game/play/7',
    ]) {
      expect(audienceFor(path)).toBe('signed-in');
    }
    for (const path of [
      '/login',
      '/register',
      '/register/verify',
      '/forgotten-password',
      '/reset-password/abc',
    ]) {
      expect(audienceFor(path)).toBe('guest');
    }
    for (const path of [
      '/',
      '/sports',
      '/customer-support',
      '/my-accounts',
      '/game/demo/7',
      '/login-help',
    ]) {
      expect(audienceFor(path)).toBe('anyone');
    }
  });

  it('sends guests to login with the page and its query as redirectUrl', () => {
    expect(resolveNavigation(at('/my-account'), guest)).toEqual({
      kind: 'redirect',
      to: '/login?redirectUrl=/my-account',
    });
    const to = loginRedirect('/my-bets/bet-history-v2', '?page=2&x=1');
    expect(to).toBe('/login?redirectUrl=/my-bets/bet-history-v2%3Fpage%3D2%26x%3D1');
    expect(new URL(to, 'http://x').searchParams.get('redirectUrl')).toBe(
      '/my-bets/bet-history-v2?page=2&x=1',
    );
  });

  it('sends signed-in users away from guest-only pages', () => {
    expect(resolveNavigation(at('/login'), member)).toEqual({ kind: 'redirect', to: '/' });
    expect(resolveNavigation(at('/register/verify', '?mobile=1'), member)).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(resolveNavigation(at('/login'), guest)).toEqual({ kind: 'render' });
  });

  it('sends a user who just signed in on the login page to its same-site redirectUrl', () => {
    expect(resolveNavigation(at('/login', '?redirectUrl=/my-account/settings'), member)).toEqual({
      kind: 'redirect',
      to: '/my-account/settings',
    });
    expect(resolveNavigation(at('/login', '?redirectUrl=//evil.example/x'), member)).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('opens casino history on every site (Kenya too)', () => {
    for (const siteId of [1, 2, 3, 4] as const) {
      expect(resolveNavigation(at('/my-bets/casino-history'), { ...member, siteId })).toEqual({
        kind: 'render',
      });
    }
    expect(passesAccessCheck('/my-bets/bet-history-v2', member)).toBe(true);
  });

  it('shows the SMS betting guide to guests where SMS betting runs, and 404 elsewhere (not 401)', () => {
    expect(resolveNavigation(at('/how-to-place-bets-via-sms'), guest)).toEqual({ kind: 'render' });
    for (const siteId of [1, 3, 4] as const) {
      for (const context of [guest, member]) {
        expect(resolveNavigation(at('/how-to-place-bets-via-sms'), { ...context, siteId })).toEqual(
          { kind: 'not-found' },
        );
      }
    }
  });

  it('scrolls to top only on sport, casino, live-casino and crash paths', () => {
    expect(
      ['/sports', '/sports/football-1', '/casino/x', '/live-casino', '/crash/aviator'].every(
        scrollsToTop,
      ),
    ).toBe(true);
    expect(['/', '/live-now', '/promotions', '/casinos'].some(scrollsToTop)).toBe(false);
  });
});
