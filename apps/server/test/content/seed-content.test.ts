import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITES } from '@dau/domain/sites';
import { loadContent } from '../../src/modules/content/content-files';

/** The committed content folder loads without problems and holds every story the spec reads. */
const contentDir = path.resolve(import.meta.dirname, '../../../../content');

describe('seed content', () => {
  it('loads every file', async () => {
    const snapshot = await loadContent(contentDir);
    expect(snapshot.problems).toEqual([]);
  });

  it('has every story the spec names, in English, and the site-4 ones in Swahili', async () => {
    const snapshot = await loadContent(contentDir);
    const en = snapshot.published.get('en');
    const sw = snapshot.published.get('sw');
    const shared = [
      'all/sidebar-my-account',
      'home-general-components',
      'help',
      'navbar',
      'sports',
      'footer',
      'promos',
      'promosLive',
      'support-widget',
      'company/about-us',
      'company/terms-and-conditions',
      'company/privacy-policy',
      'company/responsible-gambling',
      'customer-support/contact-us',
      'customer-support/delete-account',
    ];
    const perCountry = Object.values(SITES).flatMap((site) => [
      `${site.countryCode}/compliance`,
      `${site.countryCode}/deposit-instructions`,
    ]);
    for (const slug of [...shared, ...perCountry]) expect(en?.has(slug), slug).toBe(true);
    for (const slug of [...shared, 'tz/compliance', 'tz/deposit-instructions']) {
      expect(sw?.has(slug), `sw/${slug}`).toBe(true);
    }
  });

  it('gives Kenya the paybill of the site configuration', async () => {
    const snapshot = await loadContent(contentDir);
    const deposit = snapshot.published.get('en')?.get('ke/deposit-instructions');
    expect(JSON.stringify(deposit?.content)).toContain(SITES[2].features.paybillNumber);
  });
});

describe('content assets', () => {
  it('serves the banners the promos refer to, and nothing outside the assets folder', async () => {
    const { createTestApp } = await import('../helpers/test-app');
    const t = await createTestApp();
    try {
      const promos = await t.app.inject({
        method: 'GET',
        url: '/api/content/v2/cdn/stories/promos',
      });
      const slides = promos.json().story.content.slides as { image: { filename: string } }[];
      expect(slides.length).toBeGreaterThan(1);
      for (const slide of slides) {
        const res = await t.app.inject({ method: 'GET', url: slide.image.filename });
        expect(res.statusCode, slide.image.filename).toBe(200);
        expect(res.headers['content-type']).toContain('image/svg+xml');
      }
      const escape = await t.app.inject({
        method: 'GET',
        url: '/api/content/assets/..%2F..%2Fpackage.json',
      });
      expect(escape.statusCode).toBe(404);
      const notImage = await t.app.inject({
        method: 'GET',
        url: '/api/content/assets/../space.json',
      });
      expect(notImage.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
