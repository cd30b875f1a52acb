import { z } from 'zod';
import { errorEnvelopeSchema } from '@dau/contracts/errors';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../errors/app-error';
import { FeedControlError, type ProducerId, type SimulatedFeed } from './feed-messages';

const tags = ['sandbox'];
const errors = {
  400: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const ok = z.object({ ok: z.literal(true), feedTime: z.string() });
const eventBody = z.object({ eventId: z.number().int().positive() });
const marketBody = eventBody.extend({
  marketId: z.number().int().positive(),
  specifier: z.string().max(60).default(''),
});
const producerBody = z.object({ producer: z.union([z.literal(1), z.literal(3)]) });

/**
 * Sandbox controls of the simulated odds feed (development and tests only). Every call answers
 * 403 unless sandboxes are on; each first connects the feed if it is not yet connected.
 */
export async function feedSandboxRoutes(app: AppInstance): Promise<void> {
  const prefix = '/api/sandbox/feed';

  const simulator = async (): Promise<SimulatedFeed> => {
    const { config, feed } = app.deps;
    if (!config.sandbox || !feed.simulator) {
      throw new AppError('FORBIDDEN', 'The feed sandbox is not available on this server.');
    }
    // A follower connecting its own feed would make two instances ingest: the sandbox is the
    // leader's (the holder of the feed's advisory lock, ADR 127).
    if (feed.isFollower()) {
      throw new AppError('CONFLICT', 'Another instance runs the feed sandbox: ask that one.');
    }
    await feed.connect();
    return feed.simulator;
  };
  const run = async (action: (sim: SimulatedFeed) => Promise<void>) => {
    const sim = await simulator();
    try {
      await action(sim);
      await sim.idle();
    } catch (error) {
      if (error instanceof FeedControlError) throw new AppError('BAD_REQUEST', error.message);
      throw error;
    }
    return { ok: true as const, feedTime: new Date(sim.now()).toISOString() };
  };
  const route = <S extends z.ZodType>(
    path: string,
    summary: string,
    body: S,
    action: (sim: SimulatedFeed, input: z.infer<S>) => Promise<void>,
  ) =>
    app.post(
      `${prefix}/${path}`,
      { schema: { tags, summary, body, response: { 200: ok, ...errors } } },
      async (request) => run((sim) => action(sim, request.body as z.infer<S>)),
    );

  const none = z.object({}).strict().optional();
  route('pause', 'Pause the simulated feed clock', none, (sim) => sim.pause());
  route('resume', 'Resume the simulated feed clock', none, (sim) => sim.resume());
  route(
    'speed',
    'Set the speed (simulated seconds per real second)',
    z.object({ speed: z.number().positive().max(3600) }),
    async (sim, { speed }) => sim.setSpeed(speed),
  );
  route(
    'advance',
    'Step the simulated clock (whole seconds, at most one hour per call)',
    z.object({ ms: z.number().int().positive().max(3_600_000) }),
    (sim, { ms }) => sim.advance(ms),
  );
  route(
    'goal',
    'Score a goal in a live match (bet_stop, then new prices)',
    eventBody.extend({ team: z.enum(['home', 'away']) }),
    (sim, { eventId, team }) => sim.forceGoal(eventId, team),
  );
  route(
    'market-status',
    'Suspend (-1), deactivate (0) or reopen (1) a market',
    marketBody.extend({ status: z.union([z.literal(1), z.literal(0), z.literal(-1)]) }),
    (sim, b) => sim.setMarketStatus(b.eventId, b.marketId, b.specifier, b.status),
  );
  route(
    'price',
    "Set an outcome's decimal odds (sticky until changed again)",
    marketBody.extend({
      outcomeId: z.number().int().positive(),
      odds: z.number().min(1.01).max(1000),
    }),
    (sim, b) =>
      sim.setPrice(b.eventId, b.marketId, b.specifier, b.outcomeId, Math.round(b.odds * 100)),
  );
  route(
    'settle',
    'End an event now and settle every market (from the given or the current score); after a rollback, settle it again',
    eventBody.extend({
      home: z.number().int().min(0).max(99).optional(),
      away: z.number().int().min(0).max(99).optional(),
    }),
    (sim, b) =>
      sim.settleNow(
        b.eventId,
        b.home !== undefined && b.away !== undefined ? { home: b.home, away: b.away } : undefined,
      ),
  );
  route(
    'rollback-settlement',
    'Roll back the settlement (or the cancellation) of an event; it can then be settled or cancelled again',
    eventBody,
    (sim, { eventId }) => sim.rollbackSettlement(eventId),
  );
  route(
    'cancel',
    'Cancel an event (not started, live, or rolled back): every market is cancelled and bets on it void',
    eventBody.extend({ reason: z.string().trim().min(1).max(200).optional() }),
    (sim, b) => sim.cancelNow(b.eventId, b.reason),
  );
  route(
    'producer-down',
    'Take a producer down (1 live, 3 pre-match)',
    producerBody,
    async (_s, b) => app.deps.feed.forceProducerDown(b.producer as ProducerId),
  );
  route(
    'producer-up',
    'Bring a producer back (up once its recovery snapshot completes)',
    producerBody,
    async (_s, b) => app.deps.feed.forceProducerUp(b.producer as ProducerId),
  );
}
