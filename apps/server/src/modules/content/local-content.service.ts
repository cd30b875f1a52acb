import type {
  DatasourceEntriesQuery,
  DatasourceEntriesResponse,
  DatasourceEntry,
  DatasourcesQuery,
  DatasourcesResponse,
  LinksQuery,
  LinksResponse,
  SpaceResponse,
  StoriesQuery,
  StoriesResponse,
  StoryQuery,
  StoryResponse,
  TagsQuery,
  TagsResponse,
} from '@dau/contracts/content/delivery-api';
import { AppError } from '../../errors/app-error';
import {
  DEFAULT_CONTENT_LANGUAGE,
  datasourceEntryId,
  datasourceId,
  loadContent,
  type ContentSnapshot,
  type LoadedStory,
} from './content-files';
import type { ContentSource, Paged } from './content-source';
import {
  collectionsOf,
  cvOf,
  indexOf,
  list,
  normaliseSlug,
  related,
  resolve,
  splitLanguage,
  storyMatcher,
  toLink,
  toWireStory,
} from './local-stories';
import { compareBy, parseFilterQuery, parseSortBy, withoutFields } from './story-query';

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

  /**
   * The content to answer from. Once loaded, an expired snapshot is still answered while the
   * folder is read again in the background (stale-while-revalidate): a page render never waits
   * for the whole folder to be parsed (~0.3 s on a busy 2-core machine, issue #18's TTFB), and
   * an edit shows one reload later. A reload that finds the same versions keeps the loaded
   * snapshot, so what is derived from it (the story index) stays built. `reloadMs: 0` reads the
   * folder for every call (tests, editing).
   */
  async current(): Promise<ContentSnapshot> {
    if (this.snapshot && this.now() - this.loadedAt < this.options.reloadMs) return this.snapshot;
    const reload = this.reload();
    if (this.snapshot && this.options.reloadMs > 0) return this.snapshot;
    return reload;
  }

  private reload(): Promise<ContentSnapshot> {
    this.pending ??= loadContent(this.options.dir)
      .then((snapshot) => {
        const previous = this.snapshot;
        if (snapshot.problems.length > 0 && snapshot.draftVersion !== previous?.draftVersion) {
          this.options.onProblems?.(snapshot.problems);
        }
        const same =
          previous !== null &&
          previous.version === snapshot.version &&
          previous.draftVersion === snapshot.draftVersion;
        if (!same) this.snapshot = snapshot;
        this.loadedAt = this.now();
        return this.snapshot ?? snapshot;
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

  async story(ref: string, query: StoryQuery): Promise<StoryResponse> {
    const snapshot = await this.current();
    const index = indexOf(snapshot);
    const wanted = normaliseSlug(ref);
    let slug: string | undefined;
    let language = query.language;
    if (query.find_by === 'uuid') slug = index.slugByUuid.get(wanted);
    else if (/^\d+$/.test(wanted)) slug = index.slugById.get(Number(wanted));
    else {
      const split = splitLanguage(wanted, snapshot);
      slug = split.slug;
      language = split.language ?? language;
    }
    const asked = { ...query, language };
    const found = slug ? resolve(snapshot, slug, asked) : null;
    if (!found) throw new AppError('NOT_FOUND', `The story "${wanted}" was not found.`);
    const story = toWireStory(snapshot, found, query.version);
    return { story, cv: cvOf(snapshot, query.version), ...related(snapshot, [story], asked) };
  }

  async stories(query: StoriesQuery, raw = new URLSearchParams()): Promise<Paged<StoriesResponse>> {
    const snapshot = await this.current();
    const filters = parseFilterQuery(raw);
    const start = splitLanguage(
      normaliseSlug(query.starts_with ?? '').replace(/\*$/, ''),
      snapshot,
    );
    const asked = { ...query, language: start.language ?? query.language };
    const slugs = slugsUnder(snapshot, start.slug, query.version);
    const ordered = list(query.by_uuids_ordered);
    const uuids = ordered ?? list(query.by_uuids);
    const matches = storyMatcher(query, filters);
    const all = [...slugs]
      .map((slug) => resolve(snapshot, slug, asked))
      .filter((story): story is LoadedStory => story !== null)
      .map((story) => toWireStory(snapshot, story, query.version))
      .filter((story) => (!uuids || uuids.includes(story.uuid)) && matches(story));
    if (ordered) all.sort((a, b) => ordered.indexOf(a.uuid) - ordered.indexOf(b.uuid));
    else if (query.sort_by) all.sort(compareBy(parseSortBy(query.sort_by)));
    else {
      all.sort(
        (a, b) => (a.position ?? 0) - (b.position ?? 0) || a.full_slug.localeCompare(b.full_slug),
      );
    }
    const excluded = list(query.excluding_fields) ?? [];
    const first = (query.page - 1) * query.per_page;
    const page = all
      .slice(first, first + query.per_page)
      .map((story) => withoutFields(story, excluded));
    return {
      body: {
        stories: page,
        cv: cvOf(snapshot, query.version),
        ...related(snapshot, page, asked),
      },
      total: all.length,
      perPage: query.per_page,
    };
  }

  async links(query: LinksQuery): Promise<Paged<LinksResponse>> {
    const snapshot = await this.current();
    const slugs = slugsUnder(snapshot, normaliseSlug(query.starts_with ?? ''), query.version);
    const folders = new Set<string>();
    for (const slug of slugs) {
      const segments = slug.split('/');
      for (let i = 1; i < segments.length; i++) folders.add(segments.slice(0, i).join('/'));
    }
    const all = [
      ...[...folders].map((slug) => toLink(snapshot, slug, true)),
      ...[...slugs]
        .filter((slug) => !folders.has(slug))
        .map((slug) => toLink(snapshot, slug, false)),
    ]
      .filter((link) => query.with_parent === undefined || link.parent_id === query.with_parent)
      .sort((a, b) => a.slug.localeCompare(b.slug));
    const first = (query.page - 1) * query.per_page;
    const page = all.slice(first, first + query.per_page);
    return {
      body: { links: Object.fromEntries(page.map((link) => [link.uuid, link])) },
      total: all.length,
      perPage: query.per_page,
    };
  }

  async tags(query: TagsQuery): Promise<TagsResponse> {
    const snapshot = await this.current();
    const counts = new Map<string, number>();
    for (const slug of slugsUnder(
      snapshot,
      normaliseSlug(query.starts_with ?? ''),
      query.version,
    )) {
      const story = resolve(snapshot, slug, { version: query.version });
      for (const tag of story?.tag_list ?? []) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
    return {
      tags: [...counts]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, taggings_count]) => ({ name, taggings_count })),
    };
  }

  async datasources(query: DatasourcesQuery): Promise<Paged<DatasourcesResponse>> {
    const snapshot = await this.current();
    const all = [...snapshot.datasources.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([slug, source]) => ({
        id: datasourceId(slug),
        name: source.name,
        slug,
        dimensions: source.dimensions.map((d) => ({
          id: datasourceId(`${slug}:${d.entry_value}`),
          name: d.name,
          entry_value: d.entry_value,
        })),
      }));
    const first = (query.page - 1) * query.per_page;
    return {
      body: { datasources: all.slice(first, first + query.per_page) },
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
        dimension_value:
          query.dimension && Object.hasOwn(entry.dimensions, query.dimension)
            ? (entry.dimensions[query.dimension] ?? null)
            : null,
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

/** Full slugs of the stories under a prefix, in the published or also the draft collection. */
function slugsUnder(
  snapshot: ContentSnapshot,
  prefix: string,
  version: 'draft' | 'published',
): Set<string> {
  const slugs = new Set<string>();
  for (const collection of collectionsOf(snapshot, version)) {
    for (const stories of collection.values()) {
      for (const slug of stories.keys()) if (slug.startsWith(prefix)) slugs.add(slug);
    }
  }
  return slugs;
}
