import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { loyaltyProgressResponseSchema } from '@dau/contracts/loyalty/loyalty-progress';
import type { AppInstance } from '../../app-types';
import { authGuards } from '../../plugins/auth';
import { grantWeeklyReward, loyaltyProgressOf } from './loyalty.service';

/** The loyalty button's progress (issue #8 item 7; spec doc 2 §3 loyalty fields). */
export async function loyaltyRoutes(app: AppInstance): Promise<void> {
  const { requireUser } = authGuards(app);

  app.get(
    '/api/core/loyalty/GetProgress',
    {
      onRequest: requireUser,
      schema: {
        tags: ['loyalty'],
        summary: "The signed-in user's progress toward this week's settled-bets target",
        description:
          'Counts bets settled won or lost this week (Monday 00:00 at LOYALTY_WEEK_UTC_OFFSET_MINUTES) with a cash stake of at least LOYALTY_MIN_STAKE. Reaching LOYALTY_WEEKLY_TARGET credits a free bet of LOYALTY_REWARD_AMOUNT once per week; a grant the settlement run missed is made here.',
        response: { 200: loyaltyProgressResponseSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const userId = request.user?.userId;
      // requireUser ran first; this narrows the type.
      if (userId === undefined) throw new Error('requireUser did not run');
      await grantWeeklyReward(app.deps, userId);
      return loyaltyProgressOf(app.deps, userId);
    },
  );
}
