import type { CurrencyCode } from '@dau/domain/currency';
import { DEFAULT_SITE_ID, isSiteId, siteConfig } from '@dau/domain/sites';
import { z } from 'zod';
import {
  GAME_ENGINE_PATHS,
  minesActiveResponseSchema,
  minesRevealRequestSchema,
  minesRoundSchema,
  minesStartRequestSchema,
  playRequestSchema,
  playResponseSchema,
} from '@dau/contracts/casino/games';
import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { API_BASE } from '@dau/contracts/http';
import type { AppInstance } from '../../../app-types';
import { AppError } from '../../../errors/app-error';
import { authGuards } from '../../../plugins/auth';
import type { MinesGame } from './mines.service';
import type { OneStepGames } from './one-step.service';

const G = API_BASE.games;
const tags = ['casino games'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

export interface GameRoutesOptions {
  oneStep: OneStepGames;
  mines: MinesGame;
}

function userId(request: { user: { userId: number } | null }): number {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user.userId;
}

/** The signed-in player's currency: their site's (stake limits and max win are in it). */
export function playerCurrency(request: { user: { siteId: number } | null }): CurrencyCode {
  const siteId = request.user?.siteId;
  return siteConfig(isSiteId(siteId) ? siteId : DEFAULT_SITE_ID).currencyCode;
}

/**
 * The in-house game engines' HTTP calls (issue #13 item 4, docs/decisions/171-172): one-step
 * rounds and Mines, each through the game wallet. Every call is the signed-in player's own.
 */
export async function gameRoutes(app: AppInstance, { oneStep, mines }: GameRoutesOptions) {
  const { requireUser } = authGuards(app);
  const P = GAME_ENGINE_PATHS;

  app.post(
    `${G}/play/:slug`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Play one round of a one-step game (dice, plinko, scratch-card, keno)',
        params: z.object({ slug: z.string().min(1).max(100) }),
        body: playRequestSchema,
        response: { 200: playResponseSchema, ...errors },
      },
    },
    async (request) =>
      oneStep.play(
        userId(request),
        request.params.slug,
        request.body.stake,
        request.body.params,
        playerCurrency(request),
      ),
  );

  app.post(
    `${G}${P.minesStart}`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Start a Mines round (stake debited)',
        body: minesStartRequestSchema,
        response: { 200: minesRoundSchema, ...errors },
      },
    },
    async (request) =>
      mines.start(userId(request), request.body.stake, request.body.mines, playerCurrency(request)),
  );

  app.get(
    `${G}${P.minesActive}`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The player’s Mines round in play, if any',
        response: { 200: minesActiveResponseSchema, ...errors },
      },
    },
    async (request) => ({ round: await mines.active(userId(request)) }),
  );

  const roundParams = z.object({ roundId: z.string().min(1).max(100) });
  app.post(
    `${G}/mines/:roundId/reveal`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Open one tile of a Mines round',
        params: roundParams,
        body: minesRevealRequestSchema,
        response: { 200: minesRoundSchema, ...errors },
      },
    },
    async (request) =>
      mines.reveal(
        userId(request),
        request.params.roundId,
        request.body.tile,
        playerCurrency(request),
      ),
  );

  app.post(
    `${G}/mines/:roundId/cashout`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Cash out a Mines round',
        params: roundParams,
        response: { 200: minesRoundSchema, ...errors },
      },
    },
    async (request) =>
      mines.cashOut(userId(request), request.params.roundId, playerCurrency(request)),
  );
}
