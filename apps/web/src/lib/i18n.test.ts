import { afterEach, describe, expect, it } from 'vitest';
import { featureStrings, t } from './i18n';

afterEach(() => {
  document.querySelector('meta[name="dau-site"]')?.remove();
});

function onSite(id: number) {
  const meta = document.createElement('meta');
  meta.name = 'dau-site';
  meta.content = String(id);
  document.head.append(meta);
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
    document.cookie = 'locale=sw-tz; Path=/';
    expect(t('callMeBack')).toBe('Nipigie simu');
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
