import type {
  DatasourceEntriesQuery,
  DatasourceEntriesResponse,
  DatasourceEntry,
  SpaceResponse,
  StoriesQuery,
  StoriesResponse,
  Story,
  StoryQuery,
  StoryResponse,
} from '@dau/contracts/content/delivery-api';
import { AppError } from '../../errors/app-error';
import {
  DEFAULT_CONTENT_LANGUAGE,
  datasourceEntryId,
  loadContent,
  storyId,
  storyUuid,
  type ContentSnapshot,
  type LoadedStory,
} from './content-files';
import type { ContentSource, Paged } from './content-source';

export interface LocalContentOptions {
  dir: string;
  /** How long a loaded snapshot is trusted before the folder is read again. */
  reloadMs: number;
  now?: () => number;
  onProblems?: (problems: string[]) => void;
  onReloadError?: (error: unknown) => void;
}

/** The content service over the JSON files of the `content/` folder. */
export class LocalContentService implements ContentSource {
  private snapshot: ContentSnapshot | null = null;
  private loadedAt = 0;
  private pending: Promise<ContentSnapshot> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: LocalContentOptions) {
    this.now = options.now ?? Date.now;
  }

  async current(): Promise<ContentSnapshot> {
    if (this.snapshot && this.now() - this.loadedAt < this.options.reloadMs) return this.snapshot;
    this.pending ??= loadContent(this.options.dir)
      .then((snapshot) => {
        if (snapshot.problems.length > 0 && snapshot.version !== this.snapshot?.version) {
          this.options.onProblems?.(snapshot.problems);
        }
        this.snapshot = snapshot;
        this.loadedAt = this.now();
        return snapshot;
      })
      .catch((error: unknown) => {
        // Keep serving the last good content when the folder cannot be read for a moment.
        if (!this.snapshot) throw error;
        this.options.onReloadError?.(error);
        return this.snapshot;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  async cacheVersion(): Promise<number> {
    return (await this.current()).version;
  }

  async space(): Promise<SpaceResponse> {
    const snapshot = await this.current();
    return {
      space: {
        ...snapshot.space,
        version: snapshot.version,
        language_codes: snapshot.languages.filter((l) => l !== DEFAULT_CONTENT_LANGUAGE),
      },
    };
  }

  async story(fullSlug: string, query: StoryQuery): Promise<StoryResponse> {
    const snapshot = await this.current();
    const slug = normaliseSlug(fullSlug);
    const found = resolve(snapshot, slug, query);
    if (!found) {
      throw new AppError('NOT_FOUND', `The story "${slug}" was not found.`);
    }
    return {
      story: toWireStory(snapshot, found, query.version),
      cv: snapshot.version,
      rels: [],
      links: [],
    };
  }

  async stories(query: StoriesQuery): Promise<Paged<StoriesResponse>> {
    const snapshot = await this.current();
    const prefix = query.starts_with ? normaliseSlug(query.starts_with) : '';
    const slugs = new Set<string>();
    const collections =
      query.version === 'draft' ? [snapshot.published, snapshot.drafts] : [snapshot.published];
    for (const collection of collections) {
      for (const stories of collection.values()) {
        for (const slug of stories.keys()) if (slug.startsWith(prefix)) slugs.add(slug);
      }
    }
    const all = [...slugs]
      .map((slug) => resolve(snapshot, slug, query))
      .filter((story): story is LoadedStory => story !== null)
      .sort(
        (a, b) => (a.position ?? 0) - (b.position ?? 0) || a.fullSlug.localeCompare(b.fullSlug),
      );
    const start = (query.page - 1) * query.per_page;
    return {
      body: {
        stories: all
          .slice(start, start + query.per_page)
          .map((s) => toWireStory(snapshot, s, query.version)),
        cv: snapshot.version,
        rels: [],
        links: [],
      },
      total: all.length,
      perPage: query.per_page,
    };
  }

  async datasourceEntries(
    query: DatasourceEntriesQuery,
  ): Promise<Paged<DatasourceEntriesResponse>> {
    const snapshot = await this.current();
    let sources: [string, NonNullable<ReturnType<ContentSnapshot['datasources']['get']>>][];
    if (query.datasource) {
      const source = snapshot.datasources.get(query.datasource);
      if (!source) {
        throw new AppError('NOT_FOUND', `The datasource "${query.datasource}" was not found.`);
      }
      sources = [[query.datasource, source]];
    } else {
      sources = [...snapshot.datasources.entries()].sort(([a], [b]) => a.localeCompare(b));
    }
    const entries: DatasourceEntry[] = sources.flatMap(([slug, source]) =>
      source.entries.map((entry) => ({
        id: datasourceEntryId(slug, entry.name),
        name: entry.name,
        value: entry.value,
        dimension_value: query.dimension ? (entry.dimensions[query.dimension] ?? null) : null,
      })),
    );
    const start = (query.page - 1) * query.per_page;
    return {
      body: { datasource_entries: entries.slice(start, start + query.per_page) },
      total: entries.length,
      perPage: query.per_page,
    };
  }
}

function normaliseSlug(slug: string): string {
  return slug.replace(/^\/+|\/+$/g, '');
}

/** `sw-tz` is tried as `sw-tz` then `sw`; `default` means the default language. */
function languageCandidates(language: string | undefined): string[] {
  if (!language || language === 'default') return [DEFAULT_CONTENT_LANGUAGE];
  const base = language.split('-')[0];
  return base && base !== language ? [language, base] : [language];
}

/**
 * The requested language, then the fallback language, then the default language. Drafts win
 * over published stories of the same language when the draft version is asked for.
 */
function resolve(snapshot: ContentSnapshot, slug: string, query: StoryQuery): LoadedStory | null {
  const languages = [
    ...languageCandidates(query.language),
    ...(query.fallback_lang ? languageCandidates(query.fallback_lang) : []),
    DEFAULT_CONTENT_LANGUAGE,
  ];
  for (const lang of languages) {
    const story =
      (query.version === 'draft' ? snapshot.drafts.get(lang)?.get(slug) : undefined) ??
      snapshot.published.get(lang)?.get(slug);
    if (story) return story;
  }
  return null;
}

function toWireStory(
  snapshot: ContentSnapshot,
  story: LoadedStory,
  version: 'draft' | 'published',
): Story {
  const segments = story.fullSlug.split('/');
  const parentSlug = segments.slice(0, -1).join('/');
  const published = snapshot.published.get(story.lang)?.get(story.fullSlug);
  const publishedAt = published?.published_at ?? null;
  const uuid = storyUuid(story.fullSlug);
  const translations = snapshot.languages.filter(
    (lang) =>
      lang !== DEFAULT_CONTENT_LANGUAGE &&
      (snapshot.published.get(lang)?.has(story.fullSlug) ||
        (version === 'draft' && snapshot.drafts.get(lang)?.has(story.fullSlug))),
  );
  return {
    id: storyId(story.fullSlug),
    uuid,
    name: story.name,
    slug: segments.at(-1) ?? story.fullSlug,
    full_slug: story.fullSlug,
    content: story.content,
    created_at: story.created_at ?? story.first_published_at ?? publishedAt,
    published_at: publishedAt,
    first_published_at: story.first_published_at ?? publishedAt,
    sort_by_date: story.sort_by_date ?? null,
    position: story.position ?? 0,
    tag_list: story.tag_list ?? [],
    is_startpage: story.is_startpage ?? false,
    parent_id: parentSlug ? storyId(parentSlug) : 0,
    meta_data: null,
    group_id: uuid,
    release_id: null,
    // The language actually served, so a client can tell that a fallback answered.
    lang: story.lang === DEFAULT_CONTENT_LANGUAGE ? 'default' : story.lang,
    path: null,
    alternates: [],
    default_full_slug: story.fullSlug,
    translated_slugs: translations.map((lang) => ({
      path: story.fullSlug,
      name: snapshot.published.get(lang)?.get(story.fullSlug)?.name ?? null,
      lang,
      published: snapshot.published.get(lang)?.has(story.fullSlug) ?? false,
    })),
  };
}
