import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import StoryblokClient from 'storyblok-js-client';
import { CONTENT_API_BASE } from '@dau/contracts/content/paths';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The published Storyblok SDK reads Dau's content service as if it were Storyblok. */
let t: TestApp;
let client: StoryblokClient;

beforeAll(async () => {
  t = await createTestApp();
  const url = await t.listen();
  client = new StoryblokClient({
    accessToken: 'dau-public',
    endpoint: `${url}${CONTENT_API_BASE}`,
  });
});
afterAll(async () => {
  await t.close();
});

describe('storyblok-js-client against the seed content', () => {
  it('reads a story in Swahili with a fallback language', async () => {
    const { data } = await client.get('cdn/stories/navbar', {
      version: 'published',
      language: 'sw',
      fallback_lang: 'en',
    });
    expect(data.story.full_slug).toBe('navbar');
    expect(data.story.lang).toBe('sw');
    expect(data.story.content.component).toBe('navbar');
  });

  it('reads every datasource entry of labels_page_withdrawal', async () => {
    const entries = await client.getAll('cdn/datasource_entries', {
      datasource: 'labels_page_withdrawal',
      per_page: 1000,
    });
    const byName = new Map(entries.map((e: { name: string; value: string }) => [e.name, e.value]));
    expect(byName.get('deposit_min')).toBe('2');
    expect(byName.get('deposit_min_bal_notify')).toBe('1');
  });

  it('reads the space and lists promotions', async () => {
    const { data } = await client.get('cdn/spaces/me');
    expect(Number.isSafeInteger(data.space.version)).toBe(true);
    const promotions = await client.getAll('cdn/stories', { starts_with: 'promotions/' });
    expect(promotions.length).toBeGreaterThan(1);
  });
});
