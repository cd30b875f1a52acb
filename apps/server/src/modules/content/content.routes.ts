import { errorEnvelopeSchema } from '@dau/contracts/errors';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  datasourceEntriesQuerySchema,
  datasourceEntriesResponseSchema,
  datasourcesQuerySchema,
  datasourcesResponseSchema,
  linksQuerySchema,
  linksResponseSchema,
  tagsQuerySchema,
  tagsResponseSchema,
  spaceQuerySchema,
  spaceResponseSchema,
  storiesQuerySchema,
  storiesResponseSchema,
  storyQuerySchema,
  storyResponseSchema,
} from '@dau/contracts/content/delivery-api';
import { CONTENT_API_BASE, CONTENT_STORIES_ALIAS_BASE } from '@dau/contracts/content/paths';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../errors/app-error';
import { CDN_UNAUTHORIZED, CdnError, cdnErrorSchema, useCdnErrors } from './cdn-errors';
import type { ContentSource } from './content-source';

/** The Storyblok-style base the spec's client calls `/storyblok/v2` (doc 2 §7). */
const STORYBLOK_ALIAS_BASE = '/api/storyblok/v2';

const slugParams = z.object({
  '*': z
    .string()
    .min(1, 'a story slug is required')
    .max(300)
    .regex(/^[a-zA-Z0-9/_.-]+$/, 'is not a story slug'),
});

/** Images the content refers to (banners); Storyblok's own assets live on its CDN instead. */
const ASSET_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/**
 * Answers that name the current cache version can be cached for long: a new version means new
 * URLs. Anything else is cached briefly; drafts never.
 */
/** A listing's body, with its caching and Storyblok's `total` / `per-page` headers. */
async function pagedBody<B>(
  reply: FastifyReply,
  source: ContentSource,
  query: Parameters<typeof setCaching>[2],
  page: { body: B; total: number; perPage: number },
): Promise<B> {
  await setCaching(reply, source, query);
  reply.header('total', String(page.total)).header('per-page', String(page.perPage));
  return page.body;
}

async function setCaching(
  reply: FastifyReply,
  source: ContentSource,
  query: { version?: 'draft' | 'published'; cv?: string | undefined },
): Promise<void> {
  if (query.version === 'draft') {
    reply.header('cache-control', 'no-store');
    return;
  }
  const current = await source.cacheVersion();
  reply.header(
    'cache-control',
    query.cv === String(current) ? 'public, max-age=86400' : 'public, max-age=60',
  );
}

/**
 * The request's query string as it came (bracketed `filter_query`, repeated keys), without the
 * client's token: the local service reads filters from it, the Storyblok proxy forwards it.
 */
function rawQuery(url: string): URLSearchParams {
  const at = url.indexOf('?');
  const raw = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  raw.delete('token');
  return raw;
}

/**
 * Storyblok's token rule (ADR 210): drafts need the preview token; a token that is neither the
 * public nor the preview token is refused. Published content is also read without a token (Dau's
 * own web pages; the public token is public by design).
 */
function checkToken(
  tokens: { public: string | null; preview: string | null },
  query: { token?: string; version?: 'draft' | 'published' },
): void {
  const { token, version } = query;
  const known = token !== undefined && (token === tokens.public || token === tokens.preview);
  if (token !== undefined && !known) throw new CdnError(401, CDN_UNAUTHORIZED);
  if (version === 'draft' && (!tokens.preview || token !== tokens.preview)) {
    throw new CdnError(401, CDN_UNAUTHORIZED);
  }
}

/** Storyblok's CDN may be read from any origin; so may these paths (GET, HEAD, preflight). */
function allowAnyOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-expose-headers', 'total, per-page')
      .header('cross-origin-resource-policy', 'cross-origin');
  });
}

/**
 * Storyblok-compatible content delivery API (stories, links, tags, datasources, datasource
 * entries, spaces/me) over the `content/` folder, or the real Storyblok CDN when a token is
 * configured. Served at `/api/content/v2` and, for the spec's client, `/api/storyblok/v2`; the
 * CDN paths answer errors in Storyblok's shape. `/api/stories/{slug}` keeps the envelope.
 */
export async function contentRoutes(
  app: AppInstance,
  options: { source?: ContentSource } = {},
): Promise<void> {
  const source = options.source ?? app.deps.content;
  const tokens = app.deps.config.content.tokens;

  for (const base of [CONTENT_API_BASE, STORYBLOK_ALIAS_BASE]) {
    await app.register(
      async (cdn: AppInstance) => {
        useCdnErrors(cdn);
        allowAnyOrigin(cdn);
        cdnRoutes(cdn, base !== CONTENT_API_BASE, source, tokens);
      },
      { prefix: `${base}/cdn` },
    );
  }
  const assetsRoot = path.join(app.deps.config.content.dir, 'assets');
  app.get(
    '/api/content/assets/*',
    {
      schema: {
        tags: ['content'],
        summary: 'Content image (banners)',
        params: z.object({ '*': z.string().min(1).max(300) }),
      },
      config: { refusals: [{ status: 404, description: 'No such content image' }] },
    },
    async (request, reply) => {
      const relative = request.params['*'];
      const file = path.resolve(assetsRoot, relative);
      const type = ASSET_TYPES[path.extname(file).toLowerCase()];
      if (!type || !file.startsWith(assetsRoot + path.sep)) {
        throw new AppError('NOT_FOUND', `No content asset ${relative}.`);
      }
      let body: Buffer;
      try {
        body = await fs.readFile(file);
      } catch {
        throw new AppError('NOT_FOUND', `No content asset ${relative}.`);
      }
      return reply.type(type).header('cache-control', 'public, max-age=86400').send(body);
    },
  );

  app.get(
    `${CONTENT_STORIES_ALIAS_BASE}/*`,
    {
      schema: {
        tags: ['content'],
        summary: 'Story by full slug (the spec client path /stories/{story})',
        params: slugParams,
        querystring: storyQuerySchema,
        // 401: a wrong or missing token; 404: no such story.
        response: { 200: storyResponseSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
      preHandler: async (request) => {
        try {
          checkToken(tokens, request.query);
        } catch {
          throw new AppError(
            'UNAUTHENTICATED',
            'Drafts need the preview token; this token is not valid.',
          );
        }
      },
    },
    async (request, reply) => {
      const body = await source.story(request.params['*'], request.query, rawQuery(request.url));
      await setCaching(reply, source, request.query);
      return body;
    },
  );
}

/** The CDN paths, registered under `{base}/cdn` (`alias`: the spec client's Storyblok base). */
function cdnRoutes(
  app: AppInstance,
  alias: boolean,
  source: ContentSource,
  tokens: { public: string | null; preview: string | null },
): void {
  const tags = ['content'];
  const named = (summary: string) => (alias ? `${summary} (Storyblok path alias)` : summary);
  const errors = {
    400: cdnErrorSchema,
    401: cdnErrorSchema,
    404: cdnErrorSchema,
    422: cdnErrorSchema,
  };
  const guard = async (request: { query: unknown }) =>
    checkToken(tokens, request.query as { token?: string; version?: 'draft' | 'published' });

  app.options('/*', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .status(204)
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', 'content-type, accept')
      .header('access-control-max-age', '86400')
      .send(),
  );

  app.get(
    '/stories/*',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: named('Story by full slug, id or uuid'),
        description:
          'Storyblok delivery API v2. The path is a full slug (a language code may lead it: `sw/promos`), a numeric id, or a uuid with `find_by=uuid`. `version` draft (preview token) or published, `language` with `fallback_lang` then the default language; `story.lang` tells which language answered. `resolve_relations` fills `rels`, `resolve_links` fills `links`.',
        params: slugParams,
        querystring: storyQuerySchema,
        response: { 200: storyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = await source.story(request.params['*'], request.query, rawQuery(request.url));
      await setCaching(reply, source, request.query);
      return body;
    },
  );

  app.get(
    '/stories',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: named('Stories listing'),
        description:
          'Storyblok delivery API v2: `starts_with`, `filter_query[field][operation]` (is, in, not_in, like, not_like, any_in_array, all_in_array, gt_int, lt_int, gt_float, lt_float, gt_date, lt_date; `filter_query[__or][]…`), `sort_by`, `by_slugs`, `excluding_slugs`, `by_uuids`, `by_uuids_ordered`, `excluding_ids`, `with_tag`, `is_startpage`, `level`, `content_type`, `search_term`, `excluding_fields`, `published_at_gt|lt`, `resolve_relations`, `resolve_links`, paging.',
        querystring: storiesQuerySchema,
        response: { 200: storiesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const page = await source.stories(request.query, rawQuery(request.url));
      return pagedBody(reply, source, request.query, page);
    },
  );

  app.get(
    '/links',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: named('Links of every story and folder, keyed by uuid'),
        querystring: linksQuerySchema,
        response: { 200: linksResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const page = await source.links(request.query, rawQuery(request.url));
      return pagedBody(reply, source, request.query, page);
    },
  );

  app.get(
    '/tags',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: named('Tags of the stories and how often each is used'),
        querystring: tagsQuerySchema,
        response: { 200: tagsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = await source.tags(request.query, rawQuery(request.url));
      await setCaching(reply, source, request.query);
      return body;
    },
  );

  app.get(
    '/datasources',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: named('Datasources and their dimensions'),
        querystring: datasourcesQuerySchema,
        response: { 200: datasourcesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const page = await source.datasources(request.query, rawQuery(request.url));
      return pagedBody(reply, source, request.query, page);
    },
  );

  app.get(
    '/datasource_entries',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: named('Datasource entries (labels)'),
        description: '`per_page` up to 1000; `dimension` (e.g. `sw`) fills `dimension_value`.',
        querystring: datasourceEntriesQuerySchema,
        response: { 200: datasourceEntriesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const page = await source.datasourceEntries(request.query, rawQuery(request.url));
      return pagedBody(reply, source, request.query, page);
    },
  );

  // The spec's client asks for `/storyblok/v2/cdn/spaces/me/`, with the slash.
  const spacePaths = alias ? ['/spaces/me', '/spaces/me/'] : ['/spaces/me'];
  for (const url of spacePaths) {
    app.get(
      url,
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Content space and its cache version',
          description:
            '`space.version` changes whenever published content changes (drafts leave it); clients send it as `cv`.',
          querystring: spaceQuerySchema,
          response: { 200: spaceResponseSchema, ...errors },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return source.space();
      },
    );
  }
}
