import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository's seed content (`content/`) served the way the content service answers, for
 * tests that render real stories: stories by full slug with the language fallback (language,
 * then English), listings by prefix, the space and the labels datasource. Everything else
 * answers 503, as the offline default of `test/setup.ts` does.
 */
export const CONTENT_DIR = path.resolve(import.meta.dirname, '../../../../content');
const STORIES_DIR = path.join(CONTENT_DIR, 'stories');

export interface SeedStory {
  /** The language folder the file is in (`en`, `sw`). */
  language: string;
  fullSlug: string;
  file: string;
  name: string;
  content: Record<string, unknown> & { component: string };
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : entry.name.endsWith('.json') ? [full] : [];
  });
}

/** Every story file of every language. */
export function seedStories(): SeedStory[] {
  return fs.readdirSync(STORIES_DIR).flatMap((language) =>
    walk(path.join(STORIES_DIR, language)).map((file) => {
      const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        name: string;
        content: SeedStory['content'];
      };
      const fullSlug = path
        .relative(path.join(STORIES_DIR, language), file)
        .replace(/\.json$/, '')
        .split(path.sep)
        .join('/');
      return { language, fullSlug, file, name: parsed.name, content: parsed.content };
    }),
  );
}

function storyFile(fullSlug: string, language: string): string | null {
  for (const lang of [language, 'en']) {
    const file = path.join(STORIES_DIR, lang, `${fullSlug}.json`);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

function wireStory(fullSlug: string, file: string) {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    name: string;
    position?: number;
    content: unknown;
  };
  const folder = path.relative(STORIES_DIR, file).split(path.sep)[0];
  const lang = folder === 'en' ? 'default' : (folder ?? 'default');
  return {
    id: fullSlug.length,
    uuid: `seed-${fullSlug}`,
    name: parsed.name,
    slug: fullSlug.split('/').pop() ?? fullSlug,
    full_slug: fullSlug,
    position: parsed.position ?? 0,
    content: parsed.content,
    published_at: null,
    lang,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A `fetch` that answers the content service's calls from the seed content. */
export function seedContentFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://dau.test');
  const language = url.searchParams.get('language') ?? 'en';
  const story = /\/cdn\/stories\/(.+)$/.exec(url.pathname);
  if (url.pathname.includes('/spaces/me')) {
    return Promise.resolve(json(200, { space: { id: 1, name: 'Dau', domain: '', version: 1 } }));
  }
  if (story) {
    const fullSlug = decodeURIComponent(story[1] ?? '');
    const file = storyFile(fullSlug, language);
    if (!file) return Promise.resolve(json(404, { error: 'not found' }));
    return Promise.resolve(json(200, { story: wireStory(fullSlug, file), cv: 1 }));
  }
  if (url.pathname.endsWith('/cdn/stories')) {
    const prefix = url.searchParams.get('starts_with') ?? '';
    const slugs = new Set(
      seedStories()
        .map((s) => s.fullSlug)
        .filter((slug) => slug.startsWith(prefix)),
    );
    const stories = [...slugs].map((slug) => wireStory(slug, storyFile(slug, language) as string));
    return Promise.resolve(json(200, { stories, cv: 1 }));
  }
  if (url.pathname.endsWith('/cdn/datasource_entries')) {
    const name = url.searchParams.get('datasource') ?? '';
    const file = path.join(CONTENT_DIR, 'datasources', `${name}.json`);
    if (!fs.existsSync(file)) return Promise.resolve(json(404, { error: 'not found' }));
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      entries: { name: string; value: string; dimensions?: Record<string, string> }[];
    };
    const dimension = url.searchParams.get('dimension');
    return Promise.resolve(
      json(200, {
        datasource_entries: parsed.entries.map((e, id) => ({
          id,
          name: e.name,
          value: e.value,
          dimension_value: dimension ? (e.dimensions?.[dimension] ?? null) : null,
        })),
      }),
    );
  }
  return Promise.resolve(new Response(null, { status: 503 }));
}
