import type { z } from 'zod';
import {
  datasourceEntriesResponseSchema,
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
    const { body } = await this.get('/cdn/spaces/me', {}, spaceResponseSchema, true);
    return body;
  }

  async cacheVersion(): Promise<number> {
    return (await this.space()).space.version;
  }

  async story(fullSlug: string, query: StoryQuery): Promise<StoryResponse> {
    const slug = fullSlug
      .split('/')
      .filter(Boolean)
      .map((segment) => encodeURIComponent(segment))
      .join('/');
    const { body } = await this.get(
      `/cdn/stories/${slug}`,
      await this.storyParams(query),
      storyResponseSchema,
      query.version === 'published',
    );
    return body;
  }

  async stories(query: StoriesQuery): Promise<Paged<StoriesResponse>> {
    return this.get(
      '/cdn/stories',
      {
        ...(await this.storyParams(query)),
        starts_with: query.starts_with,
        per_page: String(query.per_page),
        page: String(query.page),
      },
      storiesResponseSchema,
      query.version === 'published',
    );
  }

  async datasourceEntries(
    query: DatasourceEntriesQuery,
  ): Promise<Paged<DatasourceEntriesResponse>> {
    return this.get(
      '/cdn/datasource_entries',
      {
        datasource: query.datasource,
        dimension: query.dimension,
        per_page: String(query.per_page),
        page: String(query.page),
        cv: query.cv ?? String(await this.cacheVersion()),
      },
      datasourceEntriesResponseSchema,
      true,
    );
  }

  private async storyParams(query: StoryQuery): Promise<Record<string, string | undefined>> {
    return {
      version: query.version,
      // Storyblok serves published content from its CDN cache only when cv is given.
      cv:
        query.cv ?? (query.version === 'published' ? String(await this.cacheVersion()) : undefined),
      language: query.language,
      fallback_lang: query.fallback_lang,
    };
  }

  private async get<T>(
    path: string,
    params: Record<string, string | undefined>,
    schema: z.ZodType<T>,
    cacheable: boolean,
  ): Promise<Paged<T>> {
    const url = new URL(`${REGION_ORIGINS[this.options.region]}/v2${path}`);
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
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
