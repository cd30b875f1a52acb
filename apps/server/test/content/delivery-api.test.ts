import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorEnvelope } from '@dau/contracts/errors';
import { createTestApp, type TestApp } from '../helpers/test-app';

let dir: string;
let t: TestApp;

async function write(relative: string, value: unknown): Promise<void> {
  const file = path.join(dir, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify(value));
}

function story(
  name: string,
  content: Record<string, unknown>,
  publishedAt = '2026-11-01T08:00:00.000Z',
) {
  return { name, published_at: publishedAt, content: { _uid: `uid-${name}`, ...content } };
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dau-content-'));
  await write('space.json', { id: 4242, name: 'Dau test', domain: 'https://dau.test/' });
  await write('stories/en/help.json', story('Help', { component: 'help', title: 'Help' }));
  await write('stories/sw/help.json', story('Msaada', { component: 'help', title: 'Msaada' }));
  await write(
    'stories/en/footer.json',
    story('Footer', { component: 'footer', text: 'English only' }),
  );
  await write('stories/en/ke/compliance.json', story('Compliance', { component: 'compliance' }));
  await write('drafts/en/help.json', story('Help', { component: 'help', title: 'Help (draft)' }));
  await write('drafts/en/promotions/coming.json', story('Coming', { component: 'promotion' }));
  await write('stories/en/promotions/multibet.json', story('Multibet', { component: 'promotion' }));
  await write('stories/en/promotions/cashback.json', story('Cashback', { component: 'promotion' }));
  await write('datasources/labels_page_withdrawal.json', {
    name: 'Labels',
    dimensions: [{ name: 'Swahili', entry_value: 'sw' }],
    entries: [
      { name: 'deposit_min', value: '2' },
      { name: 'withdraw_title', value: 'Withdraw', dimensions: { sw: 'Toa pesa' } },
      ...Array.from({ length: 30 }, (_, i) => ({ name: `label_${i}`, value: `Label ${i}` })),
    ],
  });
  t = await createTestApp({ CONTENT_DIR: dir, CONTENT_RELOAD_MS: '0' });
});

afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('stories', () => {
  it('answers a story in the delivery API shape', async () => {
    const res = await get('/api/content/v2/cdn/stories/ke/compliance?version=published');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      story: {
        name: 'Compliance',
        slug: 'compliance',
        full_slug: 'ke/compliance',
        content: { component: 'compliance', _uid: 'uid-Compliance' },
        published_at: '2026-11-01T08:00:00.000Z',
        lang: 'default',
      },
      rels: [],
      links: [],
    });
    expect(Number.isInteger(body.story.id)).toBe(true);
    expect(body.story.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.cv).toBe((await get('/api/content/v2/cdn/spaces/me')).json().space.version);
  });

  it('answers the requested language and falls back to the fallback then default language', async () => {
    const sw = (await get('/api/content/v2/cdn/stories/help?language=sw')).json();
    expect(sw.story).toMatchObject({ lang: 'sw', content: { title: 'Msaada' } });
    const swTz = (await get('/api/content/v2/cdn/stories/help?language=sw-tz')).json();
    expect(swTz.story.lang).toBe('sw');
    const fallback = (
      await get('/api/content/v2/cdn/stories/footer?language=sw&fallback_lang=en')
    ).json();
    expect(fallback.story).toMatchObject({ lang: 'default', content: { text: 'English only' } });
    const en = (await get('/api/content/v2/cdn/stories/help')).json();
    expect(en.story).toMatchObject({ lang: 'default', content: { title: 'Help' } });
    expect(en.story.id).toBe(sw.story.id);
    expect(en.story.translated_slugs).toEqual([
      { path: 'help', name: 'Msaada', lang: 'sw', published: true },
    ]);
  });

  it('serves drafts only for version=draft, and never caches them', async () => {
    const published = await get('/api/content/v2/cdn/stories/help?version=published');
    expect(published.json().story.content.title).toBe('Help');
    const draft = await get('/api/content/v2/cdn/stories/help?version=draft&token=dau-preview');
    expect(draft.json().story.content.title).toBe('Help (draft)');
    expect(draft.json().story.published_at).toBe('2026-11-01T08:00:00.000Z');
    expect(draft.headers['cache-control']).toBe('no-store');

    const unpublished = await get('/api/content/v2/cdn/stories/promotions/coming');
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.json()).toEqual(['This record could not be found']);
    const draftOnly = await get(
      '/api/content/v2/cdn/stories/promotions/coming?version=draft&token=dau-preview',
    );
    expect(draftOnly.statusCode).toBe(200);
    expect(draftOnly.json().story.published_at).toBeNull();
  });

  it("answers Storyblok's own error shapes on the CDN paths, the envelope elsewhere", async () => {
    const missing = await get('/api/content/v2/cdn/stories/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(['This record could not be found']);
    const badVersion = await get('/api/content/v2/cdn/stories/help?version=latest');
    expect(badVersion.statusCode).toBe(422);
    expect(Object.keys(badVersion.json())).toEqual(['version']);
    const aliasMissing = await get('/api/storyblok/v2/cdn/stories/nope');
    expect(aliasMissing.json()).toEqual(['This record could not be found']);
    const specPath = await get('/api/stories/nope');
    expect(specPath.statusCode).toBe(404);
    expect(isErrorEnvelope(specPath.json())).toBe(true);
  });

  it('reads drafts only with the preview token, and refuses unknown tokens', async () => {
    for (const url of [
      '/api/content/v2/cdn/stories/help?version=draft',
      '/api/content/v2/cdn/stories/help?version=draft&token=',
      '/api/content/v2/cdn/stories/help?version=draft&token=dau-public',
      '/api/content/v2/cdn/stories?starts_with=promotions/&version=draft&token=anything',
      '/api/content/v2/cdn/stories/help?token=not-a-token',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: 'Unauthorized' });
    }
    const published = await get('/api/content/v2/cdn/stories/help?token=dau-public');
    expect(published.json().story.content.title).toBe('Help');
    const specDraft = await get('/api/stories/help?version=draft');
    expect(specDraft.statusCode).toBe(401);
    expect(isErrorEnvelope(specDraft.json())).toBe(true);
  });

  it('lists stories by folder with paging headers', async () => {
    const res = await get('/api/content/v2/cdn/stories?starts_with=promotions/');
    expect(res.statusCode).toBe(200);
    expect(res.json().stories.map((s: { full_slug: string }) => s.full_slug)).toEqual([
      'promotions/cashback',
      'promotions/multibet',
    ]);
    expect(res.headers.total).toBe('2');
    const drafts = await get(
      '/api/content/v2/cdn/stories?starts_with=promotions/&version=draft&token=dau-preview',
    );
    expect(drafts.json().stories).toHaveLength(3);
  });

  it('serves the spec client paths /stories/{story} and /storyblok/v2/cdn/spaces/me/', async () => {
    const story = await get(
      '/api/stories/help?language=sw&version=published&token=dau-public&cv=1',
    );
    expect(story.json().story.content.title).toBe('Msaada');
    const space = await get('/api/storyblok/v2/cdn/spaces/me/?token=dau-public');
    expect(space.statusCode).toBe(200);
    expect(space.json().space.id).toBe(4242);
    const aliasStory = await get('/api/storyblok/v2/cdn/stories/footer');
    expect(aliasStory.json().story.full_slug).toBe('footer');
  });
});

describe('datasource entries', () => {
  it('answers entries with dimension values and paging', async () => {
    const res = await get(
      '/api/content/v2/cdn/datasource_entries?datasource=labels_page_withdrawal&dimension=sw&per_page=1000',
    );
    expect(res.statusCode).toBe(200);
    const entries = res.json().datasource_entries as {
      id: number;
      name: string;
      value: string;
      dimension_value: string | null;
    }[];
    expect(entries).toHaveLength(32);
    expect(entries[0]).toMatchObject({ name: 'deposit_min', value: '2', dimension_value: null });
    expect(entries[1]).toMatchObject({ value: 'Withdraw', dimension_value: 'Toa pesa' });
    expect(res.headers.total).toBe('32');
    expect(res.headers['per-page']).toBe('1000');

    const page2 = await get(
      '/api/content/v2/cdn/datasource_entries?datasource=labels_page_withdrawal&per_page=25&page=2',
    );
    expect(page2.json().datasource_entries).toHaveLength(7);
    expect(page2.json().datasource_entries[0].dimension_value).toBeNull();
  });

  it('a dimension named like an object property (valueOf, __proto__) is just an unknown one', async () => {
    for (const dimension of ['valueOf', '__proto__', 'constructor']) {
      const res = await get(
        `/api/content/v2/cdn/datasource_entries?datasource=labels_page_withdrawal&dimension=${dimension}&per_page=3`,
      );
      expect(res.statusCode).toBe(200);
      const entries = res.json().datasource_entries as { dimension_value: string | null }[];
      expect(entries.map((e) => e.dimension_value)).toEqual([null, null, null]);
    }
  });

  it('refuses per_page above 1000 and unknown datasources', async () => {
    const tooMany = await get(
      '/api/content/v2/cdn/datasource_entries?datasource=labels_page_withdrawal&per_page=1001',
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().per_page).toHaveLength(1);
    const unknown = await get('/api/content/v2/cdn/datasource_entries?datasource=nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(['This record could not be found']);
  });
});

describe('spaces/me and the cache version', () => {
  it('changes the version when a content file changes, and caches answers naming it for long', async () => {
    const before = (await get('/api/content/v2/cdn/spaces/me')).json();
    expect(before.space).toMatchObject({ id: 4242, name: 'Dau test', language_codes: ['sw'] });
    expect(Number.isSafeInteger(before.space.version)).toBe(true);

    const current = await get(`/api/content/v2/cdn/stories/help?cv=${before.space.version}`);
    expect(current.headers['cache-control']).toBe('public, max-age=86400');
    const stale = await get('/api/content/v2/cdn/stories/help?cv=1');
    expect(stale.headers['cache-control']).toBe('public, max-age=60');

    const again = (await get('/api/content/v2/cdn/spaces/me')).json();
    expect(again.space.version).toBe(before.space.version);

    await write(
      'stories/en/footer.json',
      story('Footer', { component: 'footer', text: 'Changed' }),
    );
    const after = (await get('/api/content/v2/cdn/spaces/me')).json();
    expect(after.space.version).not.toBe(before.space.version);
    const footer = (await get('/api/content/v2/cdn/stories/footer')).json();
    expect(footer).toMatchObject({
      cv: after.space.version,
      story: { content: { text: 'Changed' } },
    });
  });
});
