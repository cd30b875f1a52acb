import type { Link, StoriesQuery, Story, StoryQuery } from '@dau/contracts/content/delivery-api';
import {
  DEFAULT_CONTENT_LANGUAGE,
  storyId,
  storyUuid,
  type ContentSnapshot,
  type LoadedStory,
} from './content-files';
import {
  matchesFilterQuery,
  matchesSearchTerm,
  slugPatterns,
  type FilterQuery,
} from './story-query';

/**
 * Views of a loaded content snapshot in the delivery API's shapes: stories resolved by language,
 * links, relations, and the listing filters that are not `filter_query`.
 */

/** Storyblok answers at most this many related stories inline; above it only `rel_uuids`. */
export const RELATIONS_LIMIT = 100;
/** Likewise for resolved links (`link_uuids`). */
export const LINKS_LIMIT = 50;

export function normaliseSlug(slug: string): string {
  return slug.replace(/^\/+|\/+$/g, '');
}

export function list(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export function collectionsOf(snapshot: ContentSnapshot, version: 'draft' | 'published') {
  return version === 'draft' ? [snapshot.published, snapshot.drafts] : [snapshot.published];
}

export function cvOf(snapshot: ContentSnapshot, version: 'draft' | 'published'): number {
  return version === 'draft' ? snapshot.draftVersion : snapshot.version;
}

interface SnapshotIndex {
  slugById: Map<number, string>;
  slugByUuid: Map<string, string>;
  /** Every slug of a story in any language or version. */
  slugs: Set<string>;
}
const indexes = new WeakMap<ContentSnapshot, SnapshotIndex>();

export function indexOf(snapshot: ContentSnapshot): SnapshotIndex {
  let index = indexes.get(snapshot);
  if (!index) {
    index = { slugById: new Map(), slugByUuid: new Map(), slugs: new Set() };
    for (const collection of [snapshot.published, snapshot.drafts]) {
      for (const stories of collection.values()) {
        for (const slug of stories.keys()) {
          index.slugs.add(slug);
          index.slugById.set(storyId(slug), slug);
          index.slugByUuid.set(storyUuid(slug), slug);
        }
      }
    }
    indexes.set(snapshot, index);
  }
  return index;
}

/**
 * A language code leading a path asks for that language (`sw/promotions`, `sw/*`);
 * `[default]/` asks for the default language explicitly.
 */
export function splitLanguage(
  path: string,
  snapshot: ContentSnapshot,
): { slug: string; language?: string } {
  const [first, ...rest] = path.split('/');
  if (first === '[default]') return { slug: rest.join('/'), language: 'default' };
  if (first && first !== DEFAULT_CONTENT_LANGUAGE && snapshot.languages.includes(first)) {
    return { slug: rest.join('/'), language: first };
  }
  return { slug: path };
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
export function resolve(
  snapshot: ContentSnapshot,
  slug: string,
  query: Pick<StoryQuery, 'language' | 'fallback_lang' | 'version'>,
): LoadedStory | null {
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

export function toWireStory(
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

/** A story, or a folder (a path that has stories under it), as a link of `cdn/links`. */
export function toLink(snapshot: ContentSnapshot, slug: string, folder: boolean): Link {
  const segments = slug.split('/');
  const parentSlug = segments.slice(0, -1).join('/');
  const story = folder ? null : resolve(snapshot, slug, { version: 'draft' });
  return {
    id: storyId(slug),
    uuid: storyUuid(slug),
    slug,
    real_path: `/${slug}`,
    name: story?.name ?? segments.at(-1) ?? slug,
    is_folder: folder,
    parent_id: parentSlug ? storyId(parentSlug) : 0,
    published: folder || Boolean(snapshot.published.get(DEFAULT_CONTENT_LANGUAGE)?.has(slug)),
    position: story?.position ?? 0,
    is_startpage: story?.is_startpage ?? false,
  };
}

function dateBound(value: string | undefined): number | null {
  return value === undefined
    ? null
    : Date.parse(`${value.replace(' ', 'T')}${value.length > 10 ? '' : 'T00:00'}Z`);
}

function between(value: string | null | undefined, after: number | null, before: number | null) {
  if (after === null && before === null) return true;
  const at = value ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) return false;
  return (after === null || at > after) && (before === null || at < before);
}

/** Every listing parameter of `cdn/stories` other than paging, sorting and `starts_with`. */
export function storyMatcher(query: StoriesQuery, filters: FilterQuery): (story: Story) => boolean {
  const bySlugs = query.by_slugs !== undefined ? slugPatterns(query.by_slugs) : null;
  const excludingSlugs = query.excluding_slugs ? slugPatterns(query.excluding_slugs) : [];
  const excludingIds = new Set(list(query.excluding_ids)?.map(Number) ?? []);
  const tags = list(query.with_tag);
  const startpage =
    query.is_startpage === undefined ? null : ['1', 'true'].includes(query.is_startpage);
  const published = [dateBound(query.published_at_gt), dateBound(query.published_at_lt)] as const;
  const first = [
    dateBound(query.first_published_at_gt),
    dateBound(query.first_published_at_lt),
  ] as const;
  return (story) =>
    (!bySlugs || bySlugs.some((p) => p.test(story.full_slug))) &&
    !excludingSlugs.some((p) => p.test(story.full_slug)) &&
    !excludingIds.has(story.id) &&
    (!tags || tags.some((tag) => story.tag_list?.includes(tag))) &&
    (startpage === null || Boolean(story.is_startpage) === startpage) &&
    (query.level === undefined || story.full_slug.split('/').length === query.level) &&
    (query.content_type === undefined || story.content.component === query.content_type) &&
    between(story.published_at, ...published) &&
    between(story.first_published_at, ...first) &&
    (query.search_term === undefined || matchesSearchTerm(story, query.search_term)) &&
    matchesFilterQuery(story.content, filters);
}

/** Uuids named by `component.field` relation fields of the stories' content trees. */
function relationUuids(stories: Story[], fields: string[]): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const block = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(block)) {
      if (typeof block.component === 'string' && fields.includes(`${block.component}.${key}`)) {
        for (const uuid of Array.isArray(value) ? value : [value]) {
          if (typeof uuid === 'string') found.add(uuid);
        }
      }
      visit(value);
    }
  };
  stories.forEach((story) => visit(story.content));
  return [...found];
}

/**
 * Uuids of the stories that story links of the content trees point at: multilink fields (`id`)
 * and the link marks of rich-text fields (`attrs.uuid`).
 */
function linkUuids(stories: Story[]): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.linktype === 'story') {
      const uuid = typeof record.id === 'string' && record.id ? record.id : record.uuid;
      if (typeof uuid === 'string' && uuid) found.add(uuid);
    }
    Object.values(record).forEach(visit);
  };
  stories.forEach((story) => visit(story.content));
  return [...found];
}

/**
 * `rels` and `links` of an answer, as Storyblok fills them for `resolve_relations` and
 * `resolve_links`; over the limits only the uuids (`rel_uuids`, `link_uuids`), which the
 * client then asks for with `by_uuids`.
 */
export function related(
  snapshot: ContentSnapshot,
  stories: Story[],
  query: Pick<
    StoryQuery,
    'language' | 'fallback_lang' | 'version' | 'resolve_relations' | 'resolve_links'
  >,
): { rels: unknown[]; links: unknown[]; rel_uuids?: string[]; link_uuids?: string[] } {
  const index = indexOf(snapshot);
  const storyOf = (uuid: string): Story | null => {
    const slug = index.slugByUuid.get(uuid);
    const found = slug ? resolve(snapshot, slug, query) : null;
    return found ? toWireStory(snapshot, found, query.version) : null;
  };
  const answer: ReturnType<typeof related> = { rels: [], links: [] };
  const fields = list(query.resolve_relations);
  if (fields && fields.length > 0) {
    const uuids = relationUuids(stories, fields).filter((uuid) => index.slugByUuid.has(uuid));
    if (uuids.length > RELATIONS_LIMIT) answer.rel_uuids = uuids;
    else answer.rels = uuids.map(storyOf).filter((s): s is Story => s !== null);
  }
  const mode = query.resolve_links;
  if (mode && mode !== '0') {
    const uuids = linkUuids(stories).filter((uuid) => index.slugByUuid.has(uuid));
    if (uuids.length > LINKS_LIMIT) answer.link_uuids = uuids;
    else if (mode === 'story' || mode === '1') {
      answer.links = uuids.map(storyOf).filter((s): s is Story => s !== null);
    } else {
      answer.links = uuids.map((uuid) => toLink(snapshot, index.slugByUuid.get(uuid)!, false));
    }
  }
  return answer;
}
