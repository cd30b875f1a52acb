import { jackpotsRequestSchema, jackpotsResponseSchema } from '@dau/contracts/casino/jackpots';
import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { API_BASE } from '@dau/contracts/http';
import { isSiteId } from '@dau/domain/sites';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../errors/app-error';
import type { JackpotService } from './jackpot.service';

/** `POST /api/games/Fazi/jackpots` (spec doc 2 §4, §7): the site's three jackpots. */
export async function jackpotRoutes(
  app: AppInstance,
  { jackpots }: { jackpots: JackpotService },
): Promise<void> {
  app.post(
    `${API_BASE.games}/Fazi/jackpots`,
    {
      schema: {
        tags: ['casino'],
        summary: 'The three jackpots of a site: JackpotType and JackpotValue (currency units)',
        description:
          'Pools grow by 1 % of the stakes of settled in-house rounds and drop at a hidden point between their seed and cap (docs/decisions/162). Without siteId, the site of the request.',
        body: jackpotsRequestSchema,
        response: { 200: jackpotsResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const siteId =
        request.body?.siteId !== undefined ? Number(request.body.siteId) : request.site.siteId;
      if (!isSiteId(siteId)) {
        throw new AppError('VALIDATION_FAILED', [
          { message: `siteId: there is no site ${siteId}`, name: 'siteId' },
        ]);
      }
      return jackpots.items(siteId);
    },
  );
}
