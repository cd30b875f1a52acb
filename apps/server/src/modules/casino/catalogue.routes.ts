import { z } from 'zod';
import {
  catalogueResponseSchema,
  gameDetailResponseSchema,
  langQuerySchema,
  lobbyQuerySchema,
  lobbyResponseSchema,
  providersResponseSchema,
} from '@dau/contracts/casino/catalogue';
import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { API_BASE } from '@dau/contracts/http';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../errors/app-error';
import type { CatalogueService } from './catalogue.service';
import { gameArt } from './game-art';

const G = API_BASE.games;
const tags = ['casino'];

/** Catalogue and lobbies (issue #13 item 1): public, cacheable reads. */
export async function catalogueRoutes(
  app: AppInstance,
  { catalogue }: { catalogue: CatalogueService },
): Promise<void> {
  app.get(
    `${G}/catalogue`,
    {
      schema: {
        tags,
        summary: 'The whole casino catalogue: providers, categories (with their lobbies), games',
        querystring: langQuerySchema,
        response: { 200: catalogueResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return catalogue.catalogue(request.query.lang, request.site.currencyCode);
    },
  );

  app.get(
    `${G}/catalogue/:game`,
    {
      schema: {
        tags,
        summary: 'One game by slug or id: details, rules, limits (the game info page)',
        params: z.object({ game: z.string().min(1).max(100) }),
        querystring: langQuerySchema,
        response: { 200: gameDetailResponseSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) =>
      catalogue.game(request.params.game, request.query.lang, request.site.currencyCode),
  );

  app.get(
    `${G}/lobby/:lobby`,
    {
      schema: {
        tags,
        summary: "A lobby's games, filtered by category chip, provider and search",
        description:
          'Lobbies: casino, live-casino, crash, virtuals, games, instant-wins, all-games. An unknown lobby, category or provider answers 404.',
        params: z.object({ lobby: z.string().min(1).max(40) }),
        querystring: lobbyQuerySchema,
        response: { 200: lobbyResponseSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return catalogue.lobby(request.params.lobby, request.query, request.site.currencyCode);
    },
  );

  app.get(
    `${G}/providers`,
    {
      schema: {
        tags,
        summary: 'Game providers with their number of games',
        response: { 200: providersResponseSchema },
      },
    },
    async () => ({ providers: await catalogue.providers() }),
  );

  app.get(
    `${G}/art/:file`,
    {
      schema: {
        tags,
        summary: "A game's artwork: an SVG made for Dau",
        params: z.object({ file: z.string().regex(/^[A-Za-z0-9-]+\.svg$/) }),
      },
      config: { refusals: [{ status: 404, description: 'No artwork of that name' }] },
    },
    async (request, reply) => {
      const svg = gameArt(request.params.file.slice(0, -'.svg'.length));
      if (!svg)
        throw new AppError('NOT_FOUND', [{ code: 'ART_NOT_FOUND', message: 'No artwork.' }]);
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(svg);
    },
  );
}
