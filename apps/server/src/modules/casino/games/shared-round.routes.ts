import { z } from 'zod';
import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { API_BASE } from '@dau/contracts/http';
import type { AppInstance } from '../../../app-types';

/** What the games' HTTP routes share: their tag and the refusals a player's call may get. */
export const gameRouteTags = ['casino games'];
export const gameErrors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

interface RoundHistory<R> {
  /** The game's path segment (`/crash`, `/roulette`): its rounds are `{game}/rounds`. */
  game: string;
  recentSummary: string;
  recentSchema: z.ZodType;
  recent(count: number): Promise<R[]>;
  roundSummary: string;
  roundSchema: z.ZodType;
  round(roundId: number): Promise<unknown>;
}

/**
 * A shared-round game's public history (High Flyer, Roulette): its recent rounds, newest first
 * with their seeds revealed, and one round by id, so that anyone can verify the outcome.
 */
export function roundHistoryRoutes<R>(app: AppInstance, history: RoundHistory<R>): void {
  const G = API_BASE.games;
  app.get(
    `${G}${history.game}/rounds`,
    {
      schema: {
        tags: gameRouteTags,
        summary: history.recentSummary,
        querystring: z.object({ count: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: history.recentSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request) => ({ rounds: await history.recent(request.query.count) }),
  );

  app.get(
    `${G}${history.game}/rounds/:roundId`,
    {
      schema: {
        tags: gameRouteTags,
        summary: history.roundSummary,
        params: z.object({ roundId: z.coerce.number().int().positive() }),
        response: {
          200: history.roundSchema,
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => history.round(request.params.roundId),
  );
}
