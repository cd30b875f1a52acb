import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { JACKPOT_PATHS } from '@dau/contracts/jackpots/paths';
import {
  jackpotBuyRequestSchema,
  jackpotBuyResponseSchema,
  jackpotResultsResponseSchema,
  jackpotRoundParamsSchema,
  jackpotRoundSchema,
  jackpotRoundsResponseSchema,
  jackpotTicketsQuerySchema,
  jackpotTicketsResponseSchema,
} from '@dau/contracts/jackpots/jackpots';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../errors/app-error';
import { authGuards } from '../../plugins/auth';
import type { JackpotTicketsService } from './jackpot-tickets.service';

const tags = ['sports jackpots'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** Sports jackpots over HTTP (issue #21 items 4–6, ADR 225/226). */
export async function jackpotsRoutes(
  app: AppInstance,
  { tickets }: { tickets: JackpotTicketsService },
) {
  const { requireUser } = authGuards(app);

  app.get(
    JACKPOT_PATHS.rounds,
    {
      schema: {
        tags,
        summary: "The site's open jackpot rounds: matches with kick-off, stake per line, prizes",
        response: { 200: jackpotRoundsResponseSchema },
      },
    },
    async (request) => tickets.openRounds(request.site.siteId),
  );

  app.get(
    JACKPOT_PATHS.tickets,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The signed-in user's jackpot tickets, newest first, with each line's hits",
        querystring: jackpotTicketsQuerySchema,
        response: {
          200: jackpotTicketsResponseSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED');
      return tickets.tickets(request.user.userId, request.query);
    },
  );

  app.get(
    JACKPOT_PATHS.results,
    {
      schema: {
        tags,
        summary: 'Past rounds: the winning picks, winners and share per tier (void rounds too)',
        response: { 200: jackpotResultsResponseSchema },
      },
    },
    async (request) => tickets.results(request.site.siteId),
  );

  app.get(
    `${JACKPOT_PATHS.rounds}/:id`,
    {
      schema: {
        tags,
        summary: 'One jackpot round in any state (404 JACKPOT_NOT_FOUND for an unknown one)',
        params: jackpotRoundParamsSchema,
        response: { 200: jackpotRoundSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => tickets.round(request.params.id, request.site.siteId),
  );

  app.post(
    `${JACKPOT_PATHS.rounds}/:id/tickets`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Buy a jackpot ticket: one pick per match on each line, price = lines × stake',
        description:
          'One ledger transaction: the price from cash, the excise to tax payable as for a bet stake, the rest into the sports jackpot pool. Refusals charge nothing: unknown round 404 JACKPOT_NOT_FOUND; after the first kick-off 409 JACKPOT_CLOSED; a missing pick 400 MISSING_PICK, a repeated line 400 DUPLICATE_LINE, no lines 400 NO_LINES, over 64 lines 400 TOO_MANY_LINES (each entry names the line); short balance 409 INSUFFICIENT_FUNDS.',
        params: jackpotRoundParamsSchema,
        body: jackpotBuyRequestSchema,
        response: { 200: jackpotBuyResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED');
      return tickets.buy(request.user, request.params.id, request.body);
    },
  );
}
