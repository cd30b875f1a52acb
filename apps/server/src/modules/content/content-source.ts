import type {
  DatasourceEntriesQuery,
  DatasourceEntriesResponse,
  SpaceResponse,
  StoriesQuery,
  StoriesResponse,
  StoryQuery,
  StoryResponse,
} from '@dau/contracts/content/delivery-api';

/** A page of a listing plus the paging headers Storyblok sends (`total`, `per-page`). */
export interface Paged<T> {
  body: T;
  total: number;
  perPage: number;
}

/**
 * Where content comes from: the JSON files under `content/` or, with a Storyblok token, the
 * real Storyblok CDN. Both answer in the delivery API's shapes.
 */
export interface ContentSource {
  story(fullSlug: string, query: StoryQuery): Promise<StoryResponse>;
  stories(query: StoriesQuery): Promise<Paged<StoriesResponse>>;
  datasourceEntries(query: DatasourceEntriesQuery): Promise<Paged<DatasourceEntriesResponse>>;
  space(): Promise<SpaceResponse>;
  /** The current cache version, to decide how long an answer may be cached. */
  cacheVersion(): Promise<number>;
}
