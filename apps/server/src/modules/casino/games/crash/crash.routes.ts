import { z } from 'zod';
import {
  CRASH_PATHS,
  crashBetRequestSchema,
  crashBetResponseSchema,
  crashCashOutRequestSchema,
  crashCashOutResponseSchema,
  crashChainSchema,
  crashCurrentResponseSchema,
  crashMyBetsResponseSchema,
  crashRecentResponseSchema,
  crashRoundSchema,
} from '@dau/contracts/casino/crash';
import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { API_BASE } from '@dau/contracts/http';
import { rooms } from '@dau/contracts/realtime';
import type { AppInstance } from '../../../../app-types';
import { AppError } from '../../../../errors/app-error';
import { authGuards } from '../../../../plugins/auth';
import type { ConnectionHandler } from '../../../../realtime/socket-server';
import { gameErrors, gameRouteTags, roundHistoryRoutes } from '../shared-round.routes';
import type { CrashService } from './crash.service';

const G = API_BASE.games;
const tags = gameRouteTags;
const errors = gameErrors;

function userId(request: { user: { userId: number } | null }): number {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user.userId;
}

/** High Flyer over HTTP (issue #14 item 1, docs/decisions/190). */
export async function crashRoutes(app: AppInstance, { crash }: { crash: CrashService }) {
  const { requireUser } = authGuards(app);
  // A cash-out's session lookup on the priority pool: never behind the bets (ADR 187).
  const requireUserNow = authGuards(app, { priority: true }).requireUser;

  // The cash-out is judged by the time its request arrived, before anything else runs.
  app.addHook('onRequest', async (request) => {
    (request as { arrivedAt?: Date }).arrivedAt = app.deps.now();
  });

  app.get(
    `${G}${CRASH_PATHS.current}`,
    {
      schema: {
        tags,
        summary: 'High Flyer now: the round, the last 20 crash points, this round’s bets',
        response: { 200: crashCurrentResponseSchema },
      },
    },
    async () => crash.current(),
  );

  roundHistoryRoutes(app, {
    game: '/crash',
    recentSummary: 'Recent crashed High Flyer rounds, newest first, seeds revealed',
    recentSchema: crashRecentResponseSchema,
    recent: (count) => crash.recent(count),
    roundSummary: 'One High Flyer round (its seed and crash point once crashed)',
    roundSchema: crashRoundSchema,
    round: (roundId) => crash.round(roundId),
  });

  app.get(
    `${G}${CRASH_PATHS.chain}`,
    {
      schema: {
        tags,
        summary: 'The hash chain being played: its published terminating hash',
        response: { 200: crashChainSchema, 404: errorEnvelopeSchema },
      },
    },
    async () => crash.chain(),
  );

  app.post(
    `${G}${CRASH_PATHS.bets}`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Bet on the round before take-off (slot 1 or 2; debited through the game wallet)',
        body: crashBetRequestSchema,
        response: { 200: crashBetResponseSchema, ...errors },
      },
    },
    async (request) => crash.placeBet(userId(request), request.body),
  );

  app.post(
    `${G}${CRASH_PATHS.cashOut}`,
    {
      preHandler: requireUserNow,
      schema: {
        tags,
        summary: 'Cash out a bet now, judged by the server’s clock when the request arrived',
        body: crashCashOutRequestSchema,
        response: { 200: crashCashOutResponseSchema, ...errors },
      },
    },
    async (request) =>
      crash.cashOut(
        userId(request),
        request.body,
        (request as { arrivedAt?: Date }).arrivedAt ?? app.deps.now(),
      ),
  );

  app.get(
    `${G}${CRASH_PATHS.myBets}`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The player’s High Flyer bets (one round, or the latest 20)',
        querystring: z.object({ roundId: z.coerce.number().int().positive().optional() }),
        response: { 200: crashMyBetsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      bets: await crash.myBets(userId(request), request.query.roundId ?? null),
    }),
  );
}

/** `JoinCrash` joins the crash room (or the data-saving one) and sends the round now. */
export function crashSubscriptions(crash: CrashService): ConnectionHandler {
  return (socket) => {
    socket.on('JoinCrash', (options) => {
      const lite = typeof options === 'object' && options !== null && options.lite === true;
      void socket.leave(lite ? rooms.crash : rooms.crashLite);
      void socket.join(lite ? rooms.crashLite : rooms.crash);
      crash
        .currentRound()
        .then((round) => round && socket.emit('CrashRound', round))
        .catch(() => undefined);
    });
    socket.on('LeaveCrash', () => {
      void socket.leave(rooms.crash);
      void socket.leave(rooms.crashLite);
    });
  };
}
