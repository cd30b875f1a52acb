import type {
  DatasourceEntriesQuery,
  DatasourceEntriesResponse,
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

/** A page of a listing plus the paging headers Storyblok sends (`total`, `per-page`). */
export interface Paged<T> {
  body: T;
  total: number;
  perPage: number;
}

/**
 * Where content comes from: the JSON files under `content/` or, with a Storyblok token, the
 * real Storyblok CDN. Both answer in the delivery API's shapes. `raw` is the request's whole
 * query string (without the client's token): the proxy forwards every parameter in it, and the
 * local service reads the bracketed `filter_query` from it.
 */
export interface ContentSource {
  /** `ref` is a full slug (a language code may lead it), a numeric id, or a uuid (`find_by`). */
  story(ref: string, query: StoryQuery, raw?: URLSearchParams): Promise<StoryResponse>;
  stories(query: StoriesQuery, raw?: URLSearchParams): Promise<Paged<StoriesResponse>>;
  links(query: LinksQuery, raw?: URLSearchParams): Promise<Paged<LinksResponse>>;
  tags(query: TagsQuery, raw?: URLSearchParams): Promise<TagsResponse>;
  datasources(query: DatasourcesQuery, raw?: URLSearchParams): Promise<Paged<DatasourcesResponse>>;
  datasourceEntries(
    query: DatasourceEntriesQuery,
    raw?: URLSearchParams,
  ): Promise<Paged<DatasourceEntriesResponse>>;
  space(): Promise<SpaceResponse>;
  /** The current cache version, to decide how long an answer may be cached. */
  cacheVersion(): Promise<number>;
}
