import type {
  DatasourceEntriesResponse,
  SpaceResponse,
  StoriesResponse,
  Story,
  StoryResponse,
} from '@dau/contracts/content/delivery-api';
import {
  CONTENT_API_BASE,
  CONTENT_DATASOURCE_ENTRIES_PATH,
  CONTENT_SPACE_ALIAS_PATH,
} from '@dau/contracts/content/paths';
import { CONTENT_DATASOURCE_PAGE_SIZE } from '@dau/domain/constants';
import { currentLanguage } from './site';
import { appFetch, perLoad } from './ssr-environment';

/**
 * Reads the content service the way spec doc 1 §7 describes: language, fallback language,
 * version and the cache version (`cv`) that the space call returns once per page load.
 * Plain fetch, so the shell (outside TanStack Query) can use it too.
 */
/** The fields every block has; pages describe the rest of their story's content. */
export interface BlockBase {
  component: string;
  _uid: string;
}
export type TypedStory<C extends BlockBase> = Story & { content: C };

const CONTENT_TIMEOUT_MS = 10_000;
const FALLBACK_LANGUAGE = 'en';

export class ContentError extends Error {
  // `declare` + assignment, not a parameter property: a class field would pull the es2020
  // target's defineProperty helpers into the first load of / (ADR 004).
  declare readonly status: number | null;
  constructor(status: number | null, message: string) {
    super(message);
    this.name = 'ContentError';
    this.status = status;
  }
}

async function getJson<T>(url: string, fetchImpl: typeof fetch = appFetch): Promise<T> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(CONTENT_TIMEOUT_MS),
    });
  } catch {
    throw new ContentError(null, 'The request timed out');
  }
  if (!response.ok) {
    throw new ContentError(
      response.status,
      `The request failed with status code ${response.status}`,
    );
  }
  return (await response.json()) as T;
}

/** The page load's reads (per request on the server, see `perLoad`). */
interface ContentReads {
  version: Promise<number | null> | null;
  stories: Map<string, Promise<TypedStory<BlockBase>>>;
  labels: Map<string, Promise<Record<string, string>>>;
}
const reads = (): ContentReads =>
  perLoad<ContentReads>('content-client', () => ({
    version: null,
    stories: new Map(),
    labels: new Map(),
  }));

/** The content version, fetched once per page load; content still loads if it fails. */
export function contentVersion(fetchImpl: typeof fetch = appFetch): Promise<number | null> {
  const state = reads();
  state.version ??= getJson<SpaceResponse>(CONTENT_SPACE_ALIAS_PATH, fetchImpl)
    .then((answer) => answer.space.version)
    .catch(() => {
      state.version = null;
      return null;
    });
  return state.version;
}

/** Test hook: forget the cached content version. */
export function resetContentVersion(): void {
  const state = reads();
  state.version = null;
  state.labels.clear();
  state.stories.clear();
}

function contentQuery(extra: Record<string, string | number | undefined>, cv: number | null) {
  const params = new URLSearchParams({
    version: 'published',
    language: currentLanguage(),
    fallback_lang: FALLBACK_LANGUAGE,
  });
  if (cv !== null) params.set('cv', String(cv));
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
}

export async function fetchStory<C extends BlockBase = BlockBase>(
  slug: string,
  fetchImpl: typeof fetch = appFetch,
): Promise<TypedStory<C>> {
  const cv = await contentVersion(fetchImpl);
  const path = slug.split('/').map(encodeURIComponent).join('/');
  const answer = await getJson<StoryResponse>(
    `${CONTENT_API_BASE}/cdn/stories/${path}?${contentQuery({}, cv)}`,
    fetchImpl,
  );
  // The content service validates shapes loosely; each page reads only fields it checks.
  return answer.story as unknown as TypedStory<C>;
}

/**
 * A story read once per page load and language (the menus read theirs when first opened); a
 * failed read is tried again next time.
 */
export function fetchStoryOnce<C extends BlockBase>(slug: string): Promise<TypedStory<C>> {
  const key = `${slug}:${currentLanguage()}`;
  const storiesRead = reads().stories;
  let read = storiesRead.get(key);
  if (!read) {
    read = fetchStory(slug);
    storiesRead.set(key, read);
    read.catch(() => storiesRead.delete(key));
  }
  return read as Promise<TypedStory<C>>;
}

export async function fetchStories(
  startsWith: string,
  fetchImpl: typeof fetch = appFetch,
): Promise<Story[]> {
  const cv = await contentVersion(fetchImpl);
  const answer = await getJson<StoriesResponse>(
    `${CONTENT_API_BASE}/cdn/stories?${contentQuery({ starts_with: startsWith, per_page: 100 }, cv)}`,
    fetchImpl,
  );
  return answer.stories;
}

/**
 * Labels as name → text, in the current language where a translation exists. Read once per
 * page load and language: the banners and the balance notice share one request.
 */
export function fetchLabels(
  datasource: string,
  fetchImpl: typeof fetch = appFetch,
): Promise<Record<string, string>> {
  const key = `${datasource}:${currentLanguage()}`;
  const labelsRead = reads().labels;
  let read = labelsRead.get(key);
  if (!read) {
    read = readLabels(datasource, fetchImpl);
    labelsRead.set(key, read);
    read.catch(() => labelsRead.delete(key));
  }
  return read;
}

async function readLabels(
  datasource: string,
  fetchImpl: typeof fetch,
): Promise<Record<string, string>> {
  const cv = await contentVersion(fetchImpl);
  const language = currentLanguage();
  const params = new URLSearchParams({
    datasource,
    per_page: String(CONTENT_DATASOURCE_PAGE_SIZE),
  });
  if (language !== FALLBACK_LANGUAGE) params.set('dimension', language);
  if (cv !== null) params.set('cv', String(cv));
  const answer = await getJson<DatasourceEntriesResponse>(
    `${CONTENT_DATASOURCE_ENTRIES_PATH}?${params.toString()}`,
    fetchImpl,
  );
  return Object.fromEntries(
    answer.datasource_entries.map((e) => [e.name, e.dimension_value ?? e.value]),
  );
}
