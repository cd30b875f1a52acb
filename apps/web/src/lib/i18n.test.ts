import { afterEach, describe, expect, it, vi } from 'vitest';
import { featureStrings, t } from './i18n';
import { chooseLanguage, forgetLanguage } from './site';

afterEach(() => {
  document.querySelector('meta[name="dau-site"]')?.remove();
});

function onSite(id: number) {
  const meta = document.createElement('meta');
  meta.name = 'dau-site';
  meta.content = String(id);
  document.head.append(meta);
}

/** The prototype of `document` that defines its `cookie` accessor (the DOM library's own). */
function cookieOwner(): Document {
  let owner: object | null = document;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, 'cookie')) {
    owner = Object.getPrototypeOf(owner) as object | null;
  }
  if (!owner) throw new Error('no cookie accessor');
  return owner as Document;
}

describe('i18n', () => {
  it('answers English on Kenya and Swahili by default on Tanzania', () => {
    onSite(2);
    expect(t('logIn')).toBe('LOG IN');
    document.querySelector('meta[name="dau-site"]')?.remove();
    onSite(4);
    expect(t('logIn')).toBe('INGIA');
  });

  it('follows site 4’s locale cookie', () => {
    onSite(4);
    document.cookie = 'locale=en-tz; Path=/';
    expect(t('callMeBack')).toBe('Call me back');
    chooseLanguage('sw-tz');
    expect(document.cookie).toContain('locale=sw-tz');
    expect(t('callMeBack')).toBe('Nipigie simu');
  });

  it('reads the locale cookie once, not on every string', () => {
    onSite(4);
    document.cookie = 'locale=en-tz; Path=/';
    const cookie = vi.spyOn(cookieOwner(), 'cookie', 'get');
    try {
      expect(t('callMeBack')).toBe('Call me back');
      expect(t('logIn')).toBe('LOG IN');
      expect(t('menu')).toBe('MENU');
      expect(cookie).toHaveBeenCalledTimes(1);
      // Set behind the cache's back: still the language read first, until it is forgotten.
      document.cookie = 'locale=sw-tz; Path=/';
      expect(t('callMeBack')).toBe('Call me back');
      forgetLanguage();
      expect(t('callMeBack')).toBe('Nipigie simu');
    } finally {
      cookie.mockRestore();
    }
  });

  it('falls back to English for unknown languages', () => {
    expect(t('menu', 'fr')).toBe('MENU');
  });

  it('serves a feature’s own strings in the same language, placeholders filled', () => {
    const strings = featureStrings(
      { more: 'Add {n} more selections for {p} %' },
      { more: 'Ongeza chaguo {n} zaidi upate {p} %' },
    );
    onSite(2);
    expect(strings.tf('more', { n: 2, p: 10 })).toBe('Add 2 more selections for 10 %');
    document.querySelector('meta[name="dau-site"]')?.remove();
    onSite(4);
    document.cookie = 'locale=sw-tz; Path=/';
    expect(strings.tf('more', { n: 2, p: 10 })).toBe('Ongeza chaguo 2 zaidi upate 10 %');
    expect(strings.tf('more', {})).toBe('Ongeza chaguo {n} zaidi upate {p} %');
  });
});
