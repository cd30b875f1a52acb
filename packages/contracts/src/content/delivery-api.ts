import { z } from 'zod';

/**
 * Wire shapes of the content delivery API. They follow Storyblok's Content Delivery API v2 so
 * that any Storyblok client (e.g. `storyblok-js-client`) can read Dau's content service, and
 * so that pointing the server at the real Storyblok CDN changes nothing for the web app.
 * Objects are loose: Storyblok adds fields over time and the proxy passes them through.
 */

export const DATASOURCE_MAX_PER_PAGE = 1000;
export const STORIES_MAX_PER_PAGE = 100;

const languageCode = z
  .string()
  .regex(
    /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$|^default$/,
    'must be a language code such as sw or en',
  )
  .transform((value) => value.toLowerCase());

/** A story's content: a component tree. Every block has `component` and `_uid`. */
export const storyContentSchema = z.looseObject({
  component: z.string(),
  _uid: z.string(),
});
export type StoryContent = z.infer<typeof storyContentSchema>;

export const storyAlternateSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  full_slug: z.string(),
  is_folder: z.boolean(),
  parent_id: z.number().int().nullable(),
});

export const translatedSlugSchema = z.looseObject({
  path: z.string(),
  name: z.string().nullable(),
  lang: z.string(),
  published: z.boolean().nullable(),
});

export const storySchema = z.looseObject({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  slug: z.string(),
  full_slug: z.string(),
  content: storyContentSchema,
  created_at: z.string().nullable().optional(),
  published_at: z.string().nullable(),
  first_published_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
  sort_by_date: z.string().nullable().optional(),
  position: z.number().optional(),
  tag_list: z.array(z.string()).optional(),
  is_startpage: z.boolean().optional(),
  parent_id: z.number().int().nullable().optional(),
  meta_data: z.unknown().optional(),
  group_id: z.string().optional(),
  release_id: z.number().int().nullable().optional(),
  lang: z.string(),
  path: z.string().nullable().optional(),
  alternates: z.array(storyAlternateSchema).optional(),
  default_full_slug: z.string().nullable().optional(),
  translated_slugs: z.array(translatedSlugSchema).nullable().optional(),
});
export type Story = z.infer<typeof storySchema>;

/** `GET {CONTENT_API_BASE}/cdn/stories/{full_slug}` */
export const storyQuerySchema = z.object({
  version: z.enum(['draft', 'published']).default('published'),
  /** Cache version from `spaces/me`; answers with a matching `cv` may be cached for long. */
  cv: z.string().max(40).optional(),
  language: languageCode.optional(),
  fallback_lang: languageCode.optional(),
  /** The space's public token (published) or preview token (required for drafts). */
  token: z.string().max(200).optional(),
  /** `uuid`: the path names the story's uuid instead of its full slug or numeric id. */
  find_by: z.literal('uuid').optional(),
  /** `component.field` list; the stories those fields name come back in `rels`. */
  resolve_relations: z.string().max(1000).optional(),
  /** `story`, `url`, `link` (or `1`): the stories that multilinks name come back in `links`. */
  resolve_links: z.enum(['story', 'url', 'link', '1', '0']).optional(),
});
export type StoryQuery = z.infer<typeof storyQuerySchema>;

const storyDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/, 'must be a date such as 2026-11-23 10:00');
const commaList = z.string().max(4000);

export const storyResponseSchema = z.looseObject({
  story: storySchema,
  cv: z.number().int(),
  rels: z.array(z.unknown()),
  links: z.array(z.unknown()),
  /** Instead of `rels` when more stories are related than one answer carries. */
  rel_uuids: z.array(z.string()).optional(),
  link_uuids: z.array(z.string()).optional(),
});
export type StoryResponse = z.infer<typeof storyResponseSchema>;

/** `GET {CONTENT_API_BASE}/cdn/stories?starts_with=promotions/` (the promotions list). */
export const storiesQuerySchema = storyQuerySchema.omit({ find_by: true }).extend({
  /** Full-slug prefix; a language code first (`sw/promotions/`) asks for that language. */
  starts_with: z.string().max(200).optional(),
  per_page: z.coerce.number().int().min(1).max(STORIES_MAX_PER_PAGE).default(25),
  page: z.coerce.number().int().min(1).default(1),
  search_term: z.string().max(200).optional(),
  /** `position:desc`, `content.title:asc`, `content.price:asc:int`. */
  sort_by: z.string().max(200).optional(),
  by_slugs: commaList.optional(),
  excluding_slugs: commaList.optional(),
  by_uuids: commaList.optional(),
  by_uuids_ordered: commaList.optional(),
  excluding_ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be comma separated numeric ids')
    .optional(),
  with_tag: commaList.optional(),
  is_startpage: z.enum(['0', '1', 'true', 'false']).optional(),
  level: z.coerce.number().int().min(1).max(20).optional(),
  content_type: z.string().max(100).optional(),
  excluding_fields: commaList.optional(),
  published_at_gt: storyDate.optional(),
  published_at_lt: storyDate.optional(),
  first_published_at_gt: storyDate.optional(),
  first_published_at_lt: storyDate.optional(),
});
export type StoriesQuery = z.infer<typeof storiesQuerySchema>;

export const storiesResponseSchema = z.looseObject({
  stories: z.array(storySchema),
  cv: z.number().int(),
  rels: z.array(z.unknown()),
  links: z.array(z.unknown()),
  rel_uuids: z.array(z.string()).optional(),
  link_uuids: z.array(z.string()).optional(),
});
export type StoriesResponse = z.infer<typeof storiesResponseSchema>;

/** `GET {CONTENT_API_BASE}/cdn/datasource_entries` */
export const datasourceEntriesQuerySchema = z.object({
  datasource: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,100}$/, 'must be a datasource slug')
    .optional(),
  /** A dimension (e.g. `sw`): each entry's `dimension_value` is its value in that dimension. */
  dimension: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,40}$/, 'must be a dimension value such as sw')
    .optional(),
  per_page: z.coerce.number().int().min(1).max(DATASOURCE_MAX_PER_PAGE).default(25),
  page: z.coerce.number().int().min(1).default(1),
  cv: z.string().max(40).optional(),
  token: z.string().max(200).optional(),
});
export type DatasourceEntriesQuery = z.infer<typeof datasourceEntriesQuerySchema>;

export const datasourceEntrySchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  value: z.string(),
  /** The value in the requested dimension; null without a dimension or when not translated. */
  dimension_value: z.string().nullable(),
});
export type DatasourceEntry = z.infer<typeof datasourceEntrySchema>;

export const datasourceEntriesResponseSchema = z.looseObject({
  datasource_entries: z.array(datasourceEntrySchema),
});
export type DatasourceEntriesResponse = z.infer<typeof datasourceEntriesResponseSchema>;

/** `GET {CONTENT_API_BASE}/cdn/spaces/me`: `version` is the cache version used as `cv`. */
export const spaceQuerySchema = z.object({ token: z.string().max(200).optional() });

export const spaceResponseSchema = z.object({
  space: z.looseObject({
    id: z.number().int(),
    name: z.string(),
    domain: z.string(),
    version: z.number().int(),
    language_codes: z.array(z.string()).optional(),
  }),
});
export type SpaceResponse = z.infer<typeof spaceResponseSchema>;

/** `GET {CONTENT_API_BASE}/cdn/links`: every story as a link, keyed by uuid. */
export const linksQuerySchema = z.object({
  version: z.enum(['draft', 'published']).default('published'),
  starts_with: z.string().max(200).optional(),
  /** `0`: top-level links only; a story id: the links in that folder. */
  with_parent: z.coerce.number().int().min(0).optional(),
  per_page: z.coerce.number().int().min(1).max(DATASOURCE_MAX_PER_PAGE).default(25),
  page: z.coerce.number().int().min(1).default(1),
  paginated: z.enum(['0', '1']).optional(),
  cv: z.string().max(40).optional(),
  token: z.string().max(200).optional(),
});
export type LinksQuery = z.infer<typeof linksQuerySchema>;

export const linkSchema = z.looseObject({
  id: z.number().int(),
  uuid: z.string(),
  slug: z.string(),
  real_path: z.string().optional(),
  name: z.string(),
  is_folder: z.boolean(),
  parent_id: z.number().int().nullable(),
  published: z.boolean(),
  position: z.number(),
  is_startpage: z.boolean(),
});
export type Link = z.infer<typeof linkSchema>;

export const linksResponseSchema = z.looseObject({ links: z.record(z.string(), linkSchema) });
export type LinksResponse = z.infer<typeof linksResponseSchema>;

/** `GET {CONTENT_API_BASE}/cdn/tags`: the tags of the stories, with how often each is used. */
export const tagsQuerySchema = z.object({
  version: z.enum(['draft', 'published']).default('published'),
  starts_with: z.string().max(200).optional(),
  cv: z.string().max(40).optional(),
  token: z.string().max(200).optional(),
});
export type TagsQuery = z.infer<typeof tagsQuerySchema>;

export const tagsResponseSchema = z.looseObject({
  tags: z.array(z.looseObject({ name: z.string(), taggings_count: z.number().int() })),
});
export type TagsResponse = z.infer<typeof tagsResponseSchema>;

/** `GET {CONTENT_API_BASE}/cdn/datasources`: the datasources and their dimensions. */
export const datasourcesQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(DATASOURCE_MAX_PER_PAGE).default(25),
  page: z.coerce.number().int().min(1).default(1),
  cv: z.string().max(40).optional(),
  token: z.string().max(200).optional(),
});
export type DatasourcesQuery = z.infer<typeof datasourcesQuerySchema>;

export const datasourcesResponseSchema = z.looseObject({
  datasources: z.array(
    z.looseObject({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      dimensions: z.array(
        z.looseObject({ id: z.number().int(), name: z.string(), entry_value: z.string() }),
      ),
    }),
  ),
});
export type DatasourcesResponse = z.infer<typeof datasourcesResponseSchema>;
