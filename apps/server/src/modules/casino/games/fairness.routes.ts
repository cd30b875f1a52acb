import { z } from 'zod';
import {
  clientSeedRequestSchema,
  GAME_ENGINE_PATHS,
  revealedSeedPairSchema,
  rotateRequestSchema,
  seedsResponseSchema,
} from '@dau/contracts/casino/games';
import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { API_BASE } from '@dau/contracts/http';
import type { AppInstance } from '../../../app-types';
import { AppError } from '../../../errors/app-error';
import { authGuards } from '../../../plugins/auth';
import type { SeedService } from './seeds.service';

const G = API_BASE.games;
const tags = ['casino games'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

function userId(request: { user: { userId: number } | null }): number {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user.userId;
}

/**
 * Provable fairness (issue #13 item 4, docs/decisions/170): the player's seed pair, its
 * rotation (which reveals the server seed) and the look-up of a past pair by its hash.
 */
export async function fairnessRoutes(app: AppInstance, { seeds }: { seeds: SeedService }) {
  const { requireUser } = authGuards(app);
  const P = GAME_ENGINE_PATHS;

  app.get(
    `${G}${P.seeds}`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The player’s seed pair: server seed hash, client seed, next nonce',
        response: { 200: seedsResponseSchema, ...errors },
      },
    },
    async (request) => seeds.current(userId(request)),
  );

  app.post(
    `${G}${P.clientSeed}`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Set the client seed: the pair rotates and the old server seed is revealed',
        body: clientSeedRequestSchema,
        response: { 200: seedsResponseSchema, ...errors },
      },
    },
    async (request) => seeds.rotate(userId(request), request.body.clientSeed),
  );

  app.post(
    `${G}${P.rotate}`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Reveal the server seed and start a new pair (optionally with a new client seed)',
        body: rotateRequestSchema.default({}),
        response: { 200: seedsResponseSchema, ...errors },
      },
    },
    async (request) => seeds.rotate(userId(request), request.body.clientSeed),
  );

  app.get(
    `${G}/fairness/seeds/:hash`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'One of the player’s seed pairs by its hash (the server seed once revealed)',
        params: z.object({ hash: z.string().regex(/^[0-9a-fA-F]{64}$/) }),
        response: { 200: revealedSeedPairSchema, ...errors },
      },
    },
    async (request) => seeds.byHash(userId(request), request.params.hash),
  );
}
