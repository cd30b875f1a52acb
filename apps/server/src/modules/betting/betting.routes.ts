import { errorEnvelopeSchema } from '@dau/contracts/errors';
import {
  betDetailParamsSchema,
  betDetailResponseSchema,
  betHistoryDaysResponseSchema,
  betHistoryQuerySchema,
  betHistoryResponseSchema,
} from '@dau/contracts/betting/bet-history';
import {
  BET_SLIP_STATUS_IDS,
  betSlipCountRequestSchema,
  betSlipCountResponseSchema,
} from '@dau/contracts/betting/bet-slip-count';
import {
  cashoutOfferQuerySchema,
  cashoutOfferSchema,
  cashoutParamsSchema,
  cashoutRequestSchema,
  cashoutResponseSchema,
} from '@dau/contracts/betting/cashout';
import { placeBetRequestSchema, placeBetResponseSchema } from '@dau/contracts/betting/place-bet';
import type { AppInstance, SessionUser } from '../../app-types';
import { authGuards } from '../../plugins/auth';
import { betDetail, betHistory, betHistoryDays } from './bet-history.service';
import { countBets } from './betting.repository';
import { cashOut } from './cashout-take.service';
import { cashoutOfferFor } from './cashout.service';
import { placeBet } from './place-bet.service';
import { processSettlements } from './settlement.service';
import { CashoutOfferPusher } from './cashout-pushes';

const tags = ['betting'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

function sessionUser(user: SessionUser | null): SessionUser {
  // requireUser ran before every handler here; this narrows the type.
  if (!user) throw new Error('requireUser did not run');
  return user;
}

/** Bet placement, open-bets count, bet history, and the settlement engine's timer (issue #8). */
export async function bettingRoutes(app: AppInstance): Promise<void> {
  const { requireUser } = authGuards(app);

  app.post(
    '/api/core/betslip/PlaceBet',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Place a single or multiple bet for the signed-in user',
        description:
          'Runs, in order: responsible gambling, stake limits, one selection per event, market active and producer up, odds under acceptOddsChanges (refusals name the new odds), the live delay with a re-check, balance (cash and free bet); then debits the stake (excise to tax payable) and stores the bet in one transaction. A repeated idempotencyKey with the same slip answers the first result and places nothing; with a different slip it answers 409 `IDEMPOTENCY_KEY_REUSED` (ADR 124). Per-event refusals carry the event id in `name`.',
        body: placeBetRequestSchema,
        response: { 200: placeBetResponseSchema, ...errors },
      },
    },
    async (request) => placeBet(app.deps, sessionUser(request.user), request.site, request.body),
  );

  app.post(
    '/api/core/betslip/GetBetSlipCount',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Count of the signed-in user's bets by BetSlipStatusId (0 open)",
        body: betSlipCountRequestSchema,
        response: { 200: betSlipCountResponseSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const statusId = request.body?.BetSlipStatusId ?? 0;
      const status = BET_SLIP_STATUS_IDS[statusId] ?? 'open';
      const totalCount = await countBets(app.deps.db, sessionUser(request.user).userId, status);
      return { errorMsg: '', totalCount };
    },
  );

  app.get(
    '/api/core/betslip/history',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The signed-in user's bets, newest first, by status and date range, paged",
        querystring: betHistoryQuerySchema,
        response: {
          200: betHistoryResponseSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request) => betHistory(app.deps.db, sessionUser(request.user).userId, request.query),
  );

  app.get(
    '/api/core/betslip/history/days',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The signed-in user's bets grouped by day with daily totals (bet-history-v3)",
        querystring: betHistoryQuerySchema,
        response: {
          200: betHistoryDaysResponseSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      betHistoryDays(
        app.deps.db,
        sessionUser(request.user).userId,
        request.query,
        request.timeOffsetMinutes,
      ),
  );

  app.get(
    '/api/core/betslip/history/:betId',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "One of the signed-in user's bets: legs with results and scores, payout, timeline",
        params: betDetailParamsSchema,
        response: {
          200: betDetailResponseSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      betDetail(app.deps.db, sessionUser(request.user).userId, Number(request.params.betId)),
  );

  app.get(
    '/api/bets/:betId/cashout',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The cash-out offer for one of the signed-in user's open bets (ADR 220)",
        description:
          "Prices the running stake from the current feed prices with the domain rule (`cashoutOffer`). `available: false` names why (free bet, boosted leg, switched off by configuration, a suspended market, the producer down, a lost leg). An unknown bet or another user's answers 404 `BET_NOT_FOUND`; a settled or cashed-out bet 409 `BET_SETTLED` / `BET_CASHED_OUT`.",
        params: cashoutParamsSchema,
        querystring: cashoutOfferQuerySchema,
        response: { 200: cashoutOfferSchema, ...errors },
      },
    },
    async (request) =>
      cashoutOfferFor(
        app.deps,
        sessionUser(request.user).userId,
        Number(request.params.betId),
        request.query.stake,
      ),
  );

  app.post(
    '/api/bets/:betId/cashout',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Cash out all (or `stake` of) one of the signed-in user's open bets",
        description:
          'The request carries the offered `value` (for the part when `stake` is given) and `acceptChanges`. The bet row is locked and re-priced in the transaction: a value the setting does not accept answers 409 `CASHOUT_VALUE_CHANGED` (its entry `name` is the value now); no offer 409 `CASHOUT_UNAVAILABLE`; a settled or cashed-out bet 409 `BET_SETTLED` / `BET_CASHED_OUT`; a part that is not a whole currency step up to the running stake 400 `INVALID_CASHOUT_STAKE`. Live legs wait the live delay first. Pays once through the ledger (`bet_cashout`); the whole stake ends the bet `cashed_out`, a part leaves it open with the rest of the stake running.',
        params: cashoutParamsSchema,
        body: cashoutRequestSchema,
        response: { 200: cashoutResponseSchema, ...errors },
      },
    },
    async (request) =>
      cashOut(app.deps, sessionUser(request.user), Number(request.params.betId), request.body),
  );

  // Offers pushed as prices move (issue #21): heard on the instance that ingests the feed.
  const offers = new CashoutOfferPusher(app.deps, (err) =>
    app.log.error({ err }, 'cash-out offer push failed'),
  );
  app.deps.feed.publisher.watch(offers);
  app.addHook('onClose', async () => offers.close());

  const intervalMs = app.deps.config.betting.settlementIntervalMs;
  if (intervalMs > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      processSettlements(app.deps, {
        log: (err, key) => app.log.error({ err, key }, 'settlement message failed'),
      })
        .catch((err: unknown) => app.log.error({ err }, 'settlement run failed'))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
