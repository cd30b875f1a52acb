/* eslint-disable @typescript-eslint/no-explicit-any -- answers of a third-party client */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import StoryblokClient from 'storyblok-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_API_BASE } from '@dau/contracts/content/paths';
import { storyUuid } from '../../src/modules/content/content-files';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The published Storyblok client (storyblok-js-client) drives the query parameters, relation
 * and link resolution, the extra endpoints and the error shapes of Dau's content service
 * (issue #20 items 1-5, 7), over real HTTP.
 */
let dir: string;
let t: TestApp;
/** The client's typings list only some parameters; it sends whatever it is given. */
type LooseClient = {
  get(slug: string, params?: Record<string, unknown>): Promise<{ data: any }>;
  getAll(slug: string, params?: Record<string, unknown>, entity?: string): Promise<any[]>;
};
let client: LooseClient;
let preview: LooseClient;

async function write(relative: string, value: unknown): Promise<void> {
  const file = path.join(dir, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify(value));
}

const author = (name: string) => ({
  name,
  published_at: '2026-10-01T08:00:00.000Z',
  content: { component: 'author', _uid: `a-${name}`, name },
});

function post(
  slug: string,
  fields: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): [string, unknown] {
  return [
    `stories/en/posts/${slug}.json`,
    {
      name: `Post ${slug}`,
      published_at: '2026-11-01T08:00:00.000Z',
      content: { component: 'post', _uid: `p-${slug}`, ...fields },
      ...extra,
    },
  ];
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dau-storyblok-'));
  await write('space.json', { id: 77, name: 'Queries', domain: 'https://dau.test/' });
  await write('stories/en/authors/amina.json', author('Amina Otieno'));
  await write('stories/en/authors/john.json', author('John Mwangi'));
  const amina = storyUuid('authors/amina');
  const john = storyUuid('authors/john');
  const files = [
    post(
      'first',
      {
        title: 'Welcome bonus',
        price: '10',
        featured: true,
        schedule: '2026-12-24 09:00',
        categories: ['sports', 'casino'],
        author: amina,
        body: 'Double your first deposit',
        more: { fieldtype: 'multilink', linktype: 'story', id: '', cached_url: 'posts/second' },
      },
      { tag_list: ['promo', 'home'], position: 2, first_published_at: '2026-09-01T08:00:00.000Z' },
    ),
    post(
      'second',
      {
        title: 'Cashback Friday',
        price: '9',
        featured: false,
        schedule: '2026-11-01 09:00',
        categories: ['sports'],
        author: john,
        body: '',
      },
      { tag_list: ['promo'], position: 1 },
    ),
    post('third', {
      title: 'Jackpot weekly',
      price: '100',
      categories: [],
      authors: [amina, john],
    }),
  ];
  for (const [file, value] of files) await write(file, value);
  await write('stories/sw/posts/first.json', {
    name: 'Bonasi',
    published_at: '2026-11-01T08:00:00.000Z',
    content: { component: 'post', _uid: 'p-first', title: 'Bonasi ya kukaribisha' },
  });
  await write('stories/en/posts/index.json', {
    name: 'Posts',
    published_at: '2026-11-01T08:00:00.000Z',
    is_startpage: true,
    content: { component: 'folder_page', _uid: 'idx' },
  });
  await write('drafts/en/posts/second.json', {
    name: 'Post second',
    content: { component: 'post', _uid: 'p-second', title: 'Cashback Friday (draft)' },
  });
  await write('datasources/labels.json', {
    name: 'Labels',
    dimensions: [{ name: 'Swahili', entry_value: 'sw' }],
    entries: [{ name: 'hello', value: 'Hello', dimensions: { sw: 'Habari' } }],
  });
  t = await createTestApp({ CONTENT_DIR: dir, CONTENT_RELOAD_MS: '0' });
  const url = await t.listen();
  client = new StoryblokClient({
    accessToken: 'dau-public',
    endpoint: `${url}${CONTENT_API_BASE}`,
  });
  preview = new StoryblokClient({
    accessToken: 'dau-preview',
    endpoint: `${url}${CONTENT_API_BASE}`,
  });
});

afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** Slugs of the matching stories in the order the API answered them. */
async function ordered(params: Record<string, unknown>): Promise<string[]> {
  const { data } = await client.get('cdn/stories', { starts_with: 'posts/', ...params });
  return (data.stories as { slug: string }[]).map((s) => s.slug);
}
const slugs = async (params: Record<string, unknown>) => (await ordered(params)).sort();

describe('filter_query', () => {
  it('applies each operation to content fields', async () => {
    expect(
      await slugs({ filter_query: { title: { in: 'Welcome bonus,Jackpot weekly' } } }),
    ).toEqual(['first', 'third']);
    expect(await slugs({ filter_query: { component: { not_in: 'post' } } })).toEqual(['index']);
    expect(await slugs({ filter_query: { title: { like: '*bonus*' } } })).toEqual(['first']);
    expect(await slugs({ filter_query: { title: { like: 'cash*' } } })).toEqual(['second']);
    expect(
      await slugs({ filter_query: { component: { in: 'post' }, title: { not_like: '*a*' } } }),
    ).toEqual(['first']);
    expect(await slugs({ filter_query: { featured: { is: 'true' } } })).toEqual(['first']);
    expect(
      await slugs({ filter_query: { body: { is: 'empty' }, component: { in: 'post' } } }),
    ).toEqual(['second', 'third']);
    expect(await slugs({ filter_query: { categories: { is: 'empty_array' } } })).toEqual(['third']);
    expect(
      await slugs({ filter_query: { categories: { all_in_array: 'sports,casino' } } }),
    ).toEqual(['first']);
    expect(
      await slugs({ filter_query: { categories: { any_in_array: 'casino,sports' } } }),
    ).toEqual(['first', 'second']);
    expect(await slugs({ filter_query: { price: { gt_int: '9' } } })).toEqual(['first', 'third']);
    expect(await slugs({ filter_query: { price: { lt_int: '10' } } })).toEqual(['second']);
    expect(await slugs({ filter_query: { schedule: { gt_date: '2026-12-01 00:00' } } })).toEqual([
      'first',
    ]);
    expect(await slugs({ filter_query: { schedule: { lt_date: '2026-12-01 00:00' } } })).toEqual([
      'second',
    ]);
    expect(
      await slugs({ filter_query: { component: { is: 'zzz-none' } } }).catch((e) => e.status),
    ).toBe(422);
    expect(await slugs({ filter_query: { component: { in: 'zzz-none' } } })).toEqual([]);
  });

  it('joins __or alternatives with OR and the rest with AND', async () => {
    expect(
      await slugs({
        filter_query: { __or: [{ title: { like: 'welcome*' } }, { price: { gt_int: '50' } }] },
      }),
    ).toEqual(['first', 'third']);
    expect(
      await slugs({
        filter_query: {
          featured: { is: 'true' },
          __or: [{ title: { like: 'cash*' } }, { price: { gt_int: '50' } }],
        },
      }),
    ).toEqual([]);
  });
});

describe('listing parameters', () => {
  it('sorts by story properties and content fields, as strings or numbers', async () => {
    expect(await ordered({ sort_by: 'content.title:asc', content_type: 'post' })).toEqual([
      'second',
      'third',
      'first',
    ]);
    expect(await ordered({ sort_by: 'content.price:desc:int', content_type: 'post' })).toEqual([
      'third',
      'first',
      'second',
    ]);
    expect(await ordered({ sort_by: 'content.price:desc', content_type: 'post' })).toEqual([
      'second',
      'third',
      'first',
    ]);
    expect(await ordered({ sort_by: 'position:desc' })).toEqual([
      'first',
      'second',
      'index',
      'third',
    ]);
  });

  it('selects by slugs, uuids, ids, tags, start pages, level and text', async () => {
    expect(await slugs({ by_slugs: 'posts/f*,posts/third' })).toEqual(['first', 'third']);
    expect(await slugs({ excluding_slugs: 'posts/s*,posts/index' })).toEqual(['first', 'third']);
    const first = storyUuid('posts/first');
    const third = storyUuid('posts/third');
    expect(await slugs({ by_uuids: `${third},${first}` })).toEqual(['first', 'third']);
    expect(await ordered({ by_uuids_ordered: `${third},${first}` })).toEqual(['third', 'first']);
    const { data } = await client.get('cdn/stories/posts/first', {});
    expect(await slugs({ excluding_ids: String(data.story.id), content_type: 'post' })).toEqual([
      'second',
      'third',
    ]);
    expect(await slugs({ with_tag: 'home' })).toEqual(['first']);
    expect(await slugs({ is_startpage: 1 })).toEqual(['index']);
    expect(await slugs({ is_startpage: 0 })).not.toContain('index');
    expect(await slugs({ starts_with: '', level: 1 })).toEqual([]);
    expect((await slugs({ starts_with: '', level: 2 })).length).toBe(6);
    expect(await slugs({ search_term: 'first deposit' })).toEqual(['first']);
    expect(await slugs({ first_published_at_lt: '2026-10-01 00:00' })).toEqual(['first']);
  });

  it('drops excluded root fields and pages with total headers', async () => {
    const { data } = await client.get('cdn/stories', {
      starts_with: 'posts/',
      excluding_fields: 'body,title',
      content_type: 'post',
    });
    for (const story of data.stories) {
      expect(story.content.title).toBeUndefined();
      expect(story.content.component).toBe('post');
    }
    const all = await client.getAll('cdn/stories', { starts_with: 'posts/', per_page: 1 });
    expect(all).toHaveLength(4);
  });
});

describe('relations and links', () => {
  it('resolves relation fields into the stories they name', async () => {
    const { data } = await client.get('cdn/stories/posts/first', {
      resolve_relations: 'post.author',
    });
    expect(data.story.content.author.name).toBe('Amina Otieno');
    expect(data.rels).toHaveLength(1);
    const listed = await client.get('cdn/stories', {
      by_slugs: 'posts/third',
      resolve_relations: ['post.authors'],
    });
    expect(
      listed.data.stories[0].content.authors.map((a: { name: string }) => a.name).sort(),
    ).toEqual(['Amina Otieno', 'John Mwangi']);
  });

  it('gives story multilinks the uuid of their story and resolves them', async () => {
    const { data } = await client.get('cdn/stories/posts/first', { resolve_links: 'story' });
    const more = data.story.content.more;
    expect(more.id).toBe(storyUuid('posts/second'));
    expect(more.story.full_slug).toBe('posts/second');
    const urls = await client.get('cdn/stories/posts/first', { resolve_links: 'url' });
    expect(urls.data.links[0]).toMatchObject({ slug: 'posts/second', is_folder: false });
  });
});

describe('stories by id, uuid and language prefix', () => {
  it('finds a story by numeric id and by uuid', async () => {
    const bySlug = (await client.get('cdn/stories/posts/second', {})).data.story;
    const byId = (await client.get(`cdn/stories/${bySlug.id}`, {})).data.story;
    expect(byId.full_slug).toBe('posts/second');
    const byUuid = (await client.get(`cdn/stories/${bySlug.uuid}`, { find_by: 'uuid' })).data.story;
    expect(byUuid.id).toBe(bySlug.id);
    await expect(client.get('cdn/stories/123', {})).rejects.toMatchObject({
      status: 404,
      message: 'This record could not be found',
    });
  });

  it('reads a language from the slug prefix', async () => {
    const { data } = await client.get('cdn/stories/sw/posts/first', {});
    expect(data.story).toMatchObject({ lang: 'sw', content: { title: 'Bonasi ya kukaribisha' } });
    const listed = await client.get('cdn/stories', {
      starts_with: 'sw/posts/',
      by_slugs: 'posts/first',
    });
    expect(listed.data.stories[0].lang).toBe('sw');
  });
});

describe('links, tags, datasources', () => {
  it('lists links of stories and folders keyed by uuid', async () => {
    const links = await client.getAll('cdn/links', { starts_with: 'posts/' }, 'links');
    const bySlug = new Map(links.map((l: { slug: string }) => [l.slug, l]));
    expect(bySlug.get('posts/first')).toMatchObject({ is_folder: false, published: true });
    expect(bySlug.get('posts')).toMatchObject({ is_folder: true });
    const top = await client.get('cdn/links', { with_parent: 0, per_page: 100 });
    expect(
      Object.values(top.data.links)
        .map((l) => (l as { slug: string }).slug)
        .sort(),
    ).toEqual(['authors', 'posts']);
  });

  it('counts tags and lists datasources with their dimensions', async () => {
    const { data } = await client.get('cdn/tags', { starts_with: 'posts/' });
    expect(data.tags).toEqual([
      { name: 'home', taggings_count: 1 },
      { name: 'promo', taggings_count: 2 },
    ]);
    const sources = await client.get('cdn/datasources', {});
    expect(sources.data.datasources).toEqual([
      expect.objectContaining({
        slug: 'labels',
        name: 'Labels',
        dimensions: [expect.objectContaining({ entry_value: 'sw', name: 'Swahili' })],
      }),
    ]);
  });
});

describe('drafts, cache version, errors and CORS', () => {
  it('serves drafts to the preview token and keeps the published cv stable across draft edits', async () => {
    await expect(
      client.get('cdn/stories/posts/second', { version: 'draft' }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Unauthorized',
    });
    const draft = await preview.get('cdn/stories/posts/second', { version: 'draft' });
    expect(draft.data.story.content.title).toBe('Cashback Friday (draft)');
    const before = (await client.get('cdn/spaces/me')).data.space.version;
    await write('drafts/en/posts/second.json', {
      name: 'Post second',
      content: { component: 'post', _uid: 'p-second', title: 'Edited draft' },
    });
    expect((await client.get('cdn/spaces/me')).data.space.version).toBe(before);
    const edited = await preview.get('cdn/stories/posts/second', { version: 'draft', cv: 1 });
    expect(edited.data.story.content.title).toBe('Edited draft');
  });

  it("gives the client Storyblok's messages instead of [object Object]", async () => {
    await expect(
      client.get('cdn/datasource_entries', { datasource: 'nope' }),
    ).rejects.toMatchObject({ status: 404, message: 'This record could not be found' });
    await expect(client.get('cdn/stories', { sort_by: 'a:sideways' })).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/^sort_by: /),
    });
  });

  it('allows reads and preflights from other origins', async () => {
    const res = await fetch(`${t.url}${CONTENT_API_BASE}/cdn/stories?starts_with=posts/`, {
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('total');
    const preflight = await fetch(`${t.url}${CONTENT_API_BASE}/cdn/stories`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'GET',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
  });
});

describe('refusals before the route', () => {
  it('answers a NUL character in a CDN query with a 4xx in Storyblok’s shape, never a 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${CONTENT_API_BASE}/cdn/stories?content_type=%00x&cv=%00`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });
});
