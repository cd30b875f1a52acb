import { z } from 'zod';
import {
  casinoHistoryQuerySchema,
  casinoHistoryResponseSchema,
  casinoRoundDetailResponseSchema,
} from '@dau/contracts/casino/history';
import {
  recentGamesResponseSchema,
  trackQuerySchema,
  trackRequestSchema,
} from '@dau/contracts/casino/recent-games';
import { winnersQuerySchema, winnersResponseSchema } from '@dau/contracts/casino/winners';
import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { API_BASE } from '@dau/contracts/http';
import type { AppInstance } from '../../app-types';
import { authGuards } from '../../plugins/auth';
import { casinoHistory, casinoRound, recentGames, trackGames } from './player-history.service';
import { winners } from './winners.service';

const G = API_BASE.games;
const tags = ['casino'];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

function userIdOf(request: { user: { userId: number } | null }): number {
  // requireUser ran first; this narrows the type.
  if (!request.user) throw new Error('requireUser did not run');
  return request.user.userId;
}

/** The signed-in player's casino: recent games (spec doc 2 §7) and round history. */
export async function playerCasinoRoutes(app: AppInstance): Promise<void> {
  const { requireUser } = authGuards(app);

  app.post(
    `${G}/track`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Save recent games (one, or the local list uploaded at login)',
        description:
          'Each entry needs gameSlug, name and image (spec doc 2 §5); Dau games are stored with their catalogue name and artwork. The newest ten are kept; the answer is the list.',
        body: trackRequestSchema,
        response: { 200: recentGamesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      return trackGames(app.deps, userIdOf(request), Array.isArray(body) ? body : [body]);
    },
  );

  app.get(
    `${G}/track`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Recent games of the signed-in user, newest first',
        querystring: trackQuerySchema,
        response: { 200: recentGamesResponseSchema, ...errors },
      },
    },
    async (request) => recentGames(app.deps, userIdOf(request), request.query.count),
  );

  app.get(
    `${G}/history`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Casino rounds of the signed-in user (last 30 days, or older with period=old)',
        querystring: casinoHistoryQuerySchema,
        response: { 200: casinoHistoryResponseSchema, ...errors },
      },
    },
    async (request) => casinoHistory(app.deps, userIdOf(request), request.query),
  );

  app.get(
    `${G}/history/:roundId`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "One of the user's rounds with its recorded input and outcome (/fairness)",
        params: z.object({ roundId: z.string().min(1).max(100) }),
        response: { 200: casinoRoundDetailResponseSchema, ...errors },
      },
    },
    async (request) => casinoRound(app.deps, userIdOf(request), request.params.roundId),
  );

  app.get(
    `${G}/winners`,
    {
      schema: {
        tags,
        summary: "The site's biggest recent wins, names masked (/all-winners)",
        description:
          "Settled casino rounds with a win (jackpot wins included), or won sports bets with game=sports, of the last `days` on the request's site, biggest first.",
        querystring: winnersQuerySchema,
        response: { 200: winnersResponseSchema, ...errors },
      },
    },
    async (request) => winners(app.deps, request.site.siteId, request.query),
  );
}
