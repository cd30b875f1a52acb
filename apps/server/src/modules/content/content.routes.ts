import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  datasourceEntriesQuerySchema,
  datasourceEntriesResponseSchema,
  spaceQuerySchema,
  spaceResponseSchema,
  storiesQuerySchema,
  storiesResponseSchema,
  storyQuerySchema,
  storyResponseSchema,
} from '@dau/contracts/content/delivery-api';
import {
  CONTENT_API_BASE,
  CONTENT_SPACE_ALIAS_PATH,
  CONTENT_STORIES_ALIAS_BASE,
} from '@dau/contracts/content/paths';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../errors/app-error';
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
 * Storyblok-compatible content delivery API (stories, datasource entries, spaces/me) over the
 * `content/` folder, or the real Storyblok CDN when a token is configured. Served at
 * `/api/content/v2` and, for the spec's client, `/api/storyblok/v2` and `/api/stories/{slug}`.
 */
export async function contentRoutes(
  app: AppInstance,
  options: { source?: ContentSource } = {},
): Promise<void> {
  const source = options.source ?? app.deps.content;

  for (const base of [CONTENT_API_BASE, STORYBLOK_ALIAS_BASE]) {
    const alias = base !== CONTENT_API_BASE;
    const tags = ['content'];

    app.get(
      `${base}/cdn/stories/*`,
      {
        schema: {
          tags,
          summary: alias ? 'Story by full slug (Storyblok path alias)' : 'Story by full slug',
          description:
            'Storyblok delivery API v2. `version` draft|published, `language` with `fallback_lang` then the default language; `story.lang` tells which language answered.',
          params: slugParams,
          querystring: storyQuerySchema,
          response: { 200: storyResponseSchema },
        },
      },
      async (request, reply) => {
        const body = await source.story(request.params['*'], request.query);
        await setCaching(reply, source, request.query);
        return body;
      },
    );

    app.get(
      `${base}/cdn/stories`,
      {
        schema: {
          tags,
          summary: alias ? 'Stories listing (Storyblok path alias)' : 'Stories listing',
          description: 'Stories whose full slug starts with `starts_with` (e.g. `promotions/`).',
          querystring: storiesQuerySchema,
          response: { 200: storiesResponseSchema },
        },
      },
      async (request, reply) => {
        const page = await source.stories(request.query);
        return pagedBody(reply, source, request.query, page);
      },
    );

    app.get(
      `${base}/cdn/datasource_entries`,
      {
        schema: {
          tags,
          summary: alias
            ? 'Datasource entries (Storyblok path alias)'
            : 'Datasource entries (labels)',
          description: '`per_page` up to 1000; `dimension` (e.g. `sw`) fills `dimension_value`.',
          querystring: datasourceEntriesQuerySchema,
          response: { 200: datasourceEntriesResponseSchema },
        },
      },
      async (request, reply) => {
        const page = await source.datasourceEntries(request.query);
        return pagedBody(reply, source, request.query, page);
      },
    );

    const spacePaths = alias
      ? [`${base}/cdn/spaces/me`, CONTENT_SPACE_ALIAS_PATH]
      : [`${base}/cdn/spaces/me`];
    for (const url of spacePaths) {
      app.get(
        url,
        {
          schema: {
            tags,
            summary: 'Content space and its cache version',
            description:
              '`space.version` changes whenever content changes; clients send it as `cv`.',
            querystring: spaceQuerySchema,
            response: { 200: spaceResponseSchema },
          },
        },
        async (_request, reply) => {
          reply.header('cache-control', 'no-cache');
          return source.space();
        },
      );
    }
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
        response: { 200: storyResponseSchema },
      },
    },
    async (request, reply) => {
      const body = await source.story(request.params['*'], request.query);
      await setCaching(reply, source, request.query);
      return body;
    },
  );
}
