import type { z } from 'zod';
import {
  datasourceEntriesResponseSchema,
  datasourcesResponseSchema,
  linksResponseSchema,
  tagsResponseSchema,
  type DatasourcesQuery,
  type DatasourcesResponse,
  type LinksQuery,
  type LinksResponse,
  type TagsQuery,
  type TagsResponse,
  spaceResponseSchema,
  storiesResponseSchema,
  storyResponseSchema,
  type DatasourceEntriesQuery,
  type DatasourceEntriesResponse,
  type SpaceResponse,
  type StoriesQuery,
  type StoriesResponse,
  type StoryQuery,
  type StoryResponse,
} from '@dau/contracts/content/delivery-api';
import { AppError } from '../../errors/app-error';
import { CdnError, type CdnErrorBody } from './cdn-errors';
import type { ContentSource, Paged } from './content-source';

export type StoryblokRegion = 'eu' | 'us' | 'ap' | 'ca' | 'cn';

const REGION_ORIGINS: Record<StoryblokRegion, string> = {
  eu: 'https://api.storyblok.com',
  us: 'https://api-us.storyblok.com',
  ap: 'https://api-ap.storyblok.com',
  ca: 'https://api-ca.storyblok.com',
  cn: 'https://app.storyblokchina.cn',
};

export interface StoryblokCdnOptions {
  token: string;
  region: StoryblokRegion;
  /** How long a published answer is reused before asking Storyblok again. */
  cacheMs: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  /** Most answers kept; the oldest are dropped first. */
  maxCached?: number;
}

interface Cached {
  expiresAt: number;
  body: unknown;
  total: number;
  perPage: number;
}

/**
 * Reads the real Storyblok CDN with the server's token (never the client's), keeping answers
 * for a short while so a busy site does not spend Storyblok's rate limit. Drafts are not cached.
 */
export class StoryblokCdnService implements ContentSource {
  private readonly cache = new Map<string, Cached>();
  private readonly now: () => number;

  constructor(private readonly options: StoryblokCdnOptions) {
    this.now = options.now ?? Date.now;
  }

  async space(): Promise<SpaceResponse> {
    const { body } = await this.get('/cdn/spaces/me', [], spaceResponseSchema, true);
    return body;
  }

  async cacheVersion(): Promise<number> {
    return (await this.space()).space.version;
  }

  async story(ref: string, query: StoryQuery, raw?: URLSearchParams): Promise<StoryResponse> {
    const slug = ref
      .split('/')
      .filter(Boolean)
      .map((segment) => encodeURIComponent(segment))
      .join('/');
    const { body } = await this.get(
      `/cdn/stories/${slug}`,
      await this.params(query, raw),
      storyResponseSchema,
      query.version === 'published',
    );
    return body;
  }

  async stories(query: StoriesQuery, raw?: URLSearchParams): Promise<Paged<StoriesResponse>> {
    return this.get(
      '/cdn/stories',
      await this.params(query, raw),
      storiesResponseSchema,
      query.version === 'published',
    );
  }

  async links(query: LinksQuery, raw?: URLSearchParams): Promise<Paged<LinksResponse>> {
    return this.get(
      '/cdn/links',
      await this.params(query, raw),
      linksResponseSchema,
      query.version === 'published',
    );
  }

  async tags(query: TagsQuery, raw?: URLSearchParams): Promise<TagsResponse> {
    const { body } = await this.get(
      '/cdn/tags',
      await this.params(query, raw),
      tagsResponseSchema,
      query.version === 'published',
    );
    return body;
  }

  async datasources(
    query: DatasourcesQuery,
    raw?: URLSearchParams,
  ): Promise<Paged<DatasourcesResponse>> {
    return this.get(
      '/cdn/datasources',
      await this.params({ ...query, version: 'published' }, raw),
      datasourcesResponseSchema,
      true,
    );
  }

  async datasourceEntries(
    query: DatasourceEntriesQuery,
    raw?: URLSearchParams,
  ): Promise<Paged<DatasourceEntriesResponse>> {
    return this.get(
      '/cdn/datasource_entries',
      await this.params({ ...query, version: 'published' }, raw),
      datasourceEntriesResponseSchema,
      true,
    );
  }

  /**
   * Every parameter the client sent (filters, sorting, relations, paging…) is forwarded as it
   * came, with the validated values on top; the client's token never is. Storyblok serves
   * published content from its CDN cache only when `cv` is given, so it is always set.
   */
  private async params(
    query: { version?: 'draft' | 'published'; cv?: string | undefined } & Record<string, unknown>,
    raw?: URLSearchParams,
  ): Promise<[string, string][]> {
    const pairs = new Map<string, [string, string][]>();
    for (const [key, value] of raw ?? []) {
      if (key !== 'token') pairs.set(key, [...(pairs.get(key) ?? []), [key, value]]);
    }
    for (const [key, value] of Object.entries(query)) {
      if (key === 'token' || value === undefined || value === null) continue;
      pairs.set(key, [[key, String(value)]]);
    }
    if (!pairs.has('cv') && query.version !== 'draft') {
      pairs.set('cv', [['cv', String(await this.cacheVersion())]]);
    }
    return [...pairs.values()].flat();
  }

  private async get<T>(
    path: string,
    params: [string, string][],
    schema: z.ZodType<T>,
    cacheable: boolean,
  ): Promise<Paged<T>> {
    const url = new URL(`${REGION_ORIGINS[this.options.region]}/v2${path}`);
    for (const [key, value] of params) url.searchParams.append(key, value);
    const cacheKey = url.toString();
    url.searchParams.set('token', this.options.token);

    const cached = cacheable ? this.cache.get(cacheKey) : undefined;
    if (cached && cached.expiresAt > this.now()) {
      return { body: cached.body as T, total: cached.total, perPage: cached.perPage };
    }

    let response: Response;
    try {
      // Looked up per call so a replaced global fetch (tests, instrumentation) is honoured.
      const fetchImpl = this.options.fetch ?? globalThis.fetch;
      response = await fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw new AppError('UNAVAILABLE', 'The content service is not reachable right now.', {
        cause: error,
      });
    }
    if (response.status === 404) {
      throw new AppError('NOT_FOUND', 'The requested content was not found.');
    }
    if ([400, 401, 422].includes(response.status)) {
      // The client's own mistake (a bad filter, say): Storyblok's answer is passed on.
      const body = (await response.json().catch(() => null)) as CdnErrorBody | null;
      throw new CdnError(response.status, body ?? { error: response.statusText || 'Bad request' });
    }
    if (!response.ok) {
      throw new AppError(
        'UNAVAILABLE',
        `The content service answered with status ${response.status}. Please try again shortly.`,
      );
    }
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) {
      throw new AppError('UNAVAILABLE', 'The content service sent an unexpected answer.');
    }
    const result: Paged<T> = {
      body: parsed.data,
      total: Number(response.headers.get('total') ?? 0),
      perPage: Number(response.headers.get('per-page') ?? 0),
    };
    if (cacheable) {
      this.cache.set(cacheKey, { ...result, expiresAt: this.now() + this.options.cacheMs });
      const max = this.options.maxCached ?? 500;
      while (this.cache.size > max) {
        const oldest = this.cache.keys().next().value;
        if (oldest === undefined) break;
        this.cache.delete(oldest);
      }
    }
    return result;
  }
}
