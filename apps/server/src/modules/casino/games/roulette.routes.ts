import { z } from 'zod';
import {
  ROULETTE_PATHS,
  rouletteBetsRequestSchema,
  rouletteBetsResponseSchema,
  rouletteRecentResponseSchema,
  rouletteRoundSchema,
} from '@dau/contracts/casino/roulette';
import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { API_BASE } from '@dau/contracts/http';
import { rooms } from '@dau/contracts/realtime';
import type { AppInstance } from '../../../app-types';
import { playerCurrency } from './games.routes';
import { AppError } from '../../../errors/app-error';
import { authGuards } from '../../../plugins/auth';
import type { ConnectionHandler } from '../../../realtime/socket-server';
import type { RouletteService } from './roulette.service';
import { gameErrors, gameRouteTags, roundHistoryRoutes } from './shared-round.routes';

const G = API_BASE.games;
const tags = gameRouteTags;
const errors = gameErrors;

/** Roulette's shared rounds over HTTP (issue #13 item 4, docs/decisions/172). */
export async function rouletteRoutes(
  app: AppInstance,
  { roulette }: { roulette: RouletteService },
) {
  const { requireUser } = authGuards(app);

  app.get(
    `${G}${ROULETTE_PATHS.current}`,
    {
      schema: {
        tags,
        summary: 'The roulette round now (live RNG, no video dealer)',
        response: { 200: rouletteRoundSchema, 404: errorEnvelopeSchema },
      },
    },
    async () => roulette.current(),
  );

  roundHistoryRoutes(app, {
    game: '/roulette',
    recentSummary: 'Recent settled roulette rounds, newest first, with their revealed seeds',
    recentSchema: rouletteRecentResponseSchema,
    recent: (count) => roulette.recent(count),
    roundSummary: 'One roulette round (its server seed once settled, to verify the pocket)',
    roundSchema: rouletteRoundSchema,
    round: (roundId) => roulette.round(roundId),
  });

  app.post(
    `${G}${ROULETTE_PATHS.bets}`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Place bets on the open roulette round (debited through the game wallet)',
        body: rouletteBetsRequestSchema,
        response: { 200: rouletteBetsResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED');
      return roulette.placeBets(
        request.user.userId,
        request.body.roundId,
        request.body.bets,
        playerCurrency(request),
      );
    },
  );

  app.get(
    `${G}${ROULETTE_PATHS.myBets}`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The player’s bets in a roulette round, with wins once settled',
        querystring: z.object({ roundId: z.coerce.number().int().positive() }),
        response: { 200: rouletteBetsResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED');
      return roulette.myBets(request.user.userId, request.query.roundId);
    },
  );
}

/** `JoinRoulette` joins the roulette room and sends the round now; `LeaveRoulette` leaves. */
export function rouletteSubscriptions(roulette: RouletteService): ConnectionHandler {
  return (socket) => {
    socket.on('JoinRoulette', () => {
      void socket.join(rooms.roulette);
      roulette
        .current()
        .then((round) => socket.emit('RouletteRound', round))
        .catch(() => undefined);
    });
    socket.on('LeaveRoulette', () => {
      void socket.leave(rooms.roulette);
    });
  };
}
