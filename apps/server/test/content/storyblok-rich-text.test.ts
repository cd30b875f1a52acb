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
 * Rich-text fields (issue #20 item 6, ADR 217) through the published client: the document is
 * served as stored, and the story links of its link marks are listed for `resolve_links`, so
 * storyblok-js-client resolves them into the marks as it does against Storyblok.
 */
let dir: string;
let t: TestApp;
let client: { get(slug: string, params?: Record<string, unknown>): Promise<{ data: any }> };

async function write(relative: string, value: unknown): Promise<void> {
  const file = path.join(dir, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify(value));
}

const published = '2026-11-01T08:00:00.000Z';

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dau-richtext-'));
  await write('space.json', { id: 78, name: 'Rich text', domain: 'https://dau.test/' });
  await write('stories/en/posts/first.json', {
    name: 'First',
    published_at: published,
    content: { component: 'post', _uid: 'p-first', title: 'Welcome bonus' },
  });
  const link = {
    type: 'link',
    attrs: {
      href: '/posts/first',
      uuid: storyUuid('posts/first'),
      anchor: null,
      target: '_self',
      linktype: 'story',
    },
  };
  await write('stories/en/pages/rich.json', {
    name: 'Rich',
    published_at: published,
    content: {
      component: 'page',
      _uid: 'rich',
      body: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Read ' },
              { type: 'text', text: 'the first post', marks: [{ type: 'bold' }, link] },
            ],
          },
        ],
      },
    },
  });
  t = await createTestApp({ CONTENT_DIR: dir, CONTENT_RELOAD_MS: '0' });
  const url = await t.listen();
  client = new StoryblokClient({
    accessToken: 'dau-public',
    endpoint: `${url}${CONTENT_API_BASE}`,
  });
});

afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('rich-text fields', () => {
  it('serves the document as stored and resolves the story links of its link marks', async () => {
    const { data } = await client.get('cdn/stories/pages/rich', { resolve_links: 'url' });
    expect(data.links.map((l: { slug: string }) => l.slug)).toEqual(['posts/first']);
    const [plain, linked] = data.story.content.body.content[0].content;
    expect(plain).toEqual({ type: 'text', text: 'Read ' });
    expect(linked.text).toBe('the first post');
    const mark = linked.marks.find((m: { type: string }) => m.type === 'link');
    expect(mark.attrs.story).toMatchObject({ slug: 'posts/first' });
    const stories = await client.get('cdn/stories/pages/rich', { resolve_links: 'story' });
    expect(stories.data.links[0]).toMatchObject({ full_slug: 'posts/first' });
  });

  it('lists nothing when links are not asked for', async () => {
    const { data } = await client.get('cdn/stories/pages/rich', {});
    expect(data.links).toEqual([]);
  });
});
