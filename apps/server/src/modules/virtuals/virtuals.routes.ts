import { z } from 'zod';
import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { API_BASE } from '@dau/contracts/http';
import { rooms } from '@dau/contracts/realtime';
import {
  VIRTUALS_PATHS,
  virtualCurrentSchema,
  virtualHistoryQuerySchema,
  virtualHistoryResponseSchema,
  virtualMatchdaySchema,
  virtualPlaceBetRequestSchema,
  virtualPlaceBetResponseSchema,
  virtualTableSchema,
} from '@dau/contracts/virtuals/virtuals';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../errors/app-error';
import { authGuards } from '../../plugins/auth';
import type { ConnectionHandler } from '../../realtime/socket-server';
import type { MatchdaysService } from './matchdays.service';
import type { VirtualBetsService } from './virtual-bets.service';

const tags = ['virtual football'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** Virtual football over HTTP (issue #14 item 2, docs/decisions/195). */
export async function virtualsRoutes(
  app: AppInstance,
  { matchdays, bets }: { matchdays: MatchdaysService; bets: VirtualBetsService },
) {
  const { requireUser } = authGuards(app);
  const G = API_BASE.games;
  const C = API_BASE.core;

  app.get(
    `${G}${VIRTUALS_PATHS.current}`,
    {
      schema: {
        tags,
        summary: 'The matchday open for betting (fixtures, prices, seed hash) and the one playing',
        response: { 200: virtualCurrentSchema, 404: errorEnvelopeSchema },
      },
    },
    async () => matchdays.current(),
  );

  app.get(
    `${G}/virtuals/matchdays/:matchdayId`,
    {
      schema: {
        tags,
        summary: 'One matchday: its timeline once kicked off, its server seed once settled',
        params: z.object({ matchdayId: z.coerce.number().int().positive().max(1e12) }),
        response: {
          200: virtualMatchdaySchema,
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => matchdays.matchday(request.params.matchdayId),
  );

  app.get(
    `${G}${VIRTUALS_PATHS.table}`,
    {
      schema: {
        tags,
        summary: "This season's league table and the last results",
        response: { 200: virtualTableSchema },
      },
    },
    async () => matchdays.table(),
  );

  app.post(
    `${C}${VIRTUALS_PATHS.placeBet}`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          'Place the virtual betslip: singles or one multiple on one matchday, before kick-off',
        description:
          'Prices are fixed per matchday; a price other than the matchday’s is refused (409 ODDS_CHANGED, naming it). After kick-off 409 KICKED_OFF; unknown matchday or match 404; one selection per match. Each bet is a game-wallet round: its stake is debited now (all or nothing) and it is settled at full time.',
        body: virtualPlaceBetRequestSchema,
        response: { 200: virtualPlaceBetResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED');
      return bets.place(request.user.userId, request.body);
    },
  );

  app.get(
    `${C}${VIRTUALS_PATHS.history}`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The signed-in user's virtual bets, newest first",
        querystring: virtualHistoryQuerySchema,
        response: {
          200: virtualHistoryResponseSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED');
      return bets.history(request.user.userId, request.query);
    },
  );
}

/** `JoinVirtuals` joins the room and sends the open and live matchdays; `LeaveVirtuals` leaves. */
export function virtualsSubscriptions(matchdays: MatchdaysService): ConnectionHandler {
  return (socket) => {
    socket.on('JoinVirtuals', () => {
      void socket.join(rooms.virtuals);
      matchdays
        .current()
        .then(({ open, live }) => {
          if (live) socket.emit('VirtualMatchday', live);
          socket.emit('VirtualMatchday', open);
        })
        .catch(() => undefined);
    });
    socket.on('LeaveVirtuals', () => {
      void socket.leave(rooms.virtuals);
    });
  };
}
