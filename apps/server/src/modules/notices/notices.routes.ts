import { z } from 'zod';
import {
  criticalNoticeSchema,
  raiseCriticalNoticeSchema,
} from '@dau/contracts/sports/critical-notice';
import { errorEnvelopeSchema } from '@dau/contracts/errors';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../errors/app-error';
import {
  activeCriticalNotices,
  CriticalNotices,
  criticalNoticeSubscriptions,
} from './notices.service';

const tags = ['sandbox'];
const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * Critical notices (issue #15 item 14): the operator's controls under the sandbox (403 unless
 * sandboxes are on — Dau has no back office yet), and the read of a site's notices in force.
 */
export async function noticesRoutes(app: AppInstance): Promise<void> {
  const { db, realtime, now, config } = app.deps;
  const notices = new CriticalNotices({ db, realtime, now });
  realtime.onConnection(criticalNoticeSubscriptions(db));
  const operator = () => {
    if (!config.sandbox) {
      throw new AppError('FORBIDDEN', 'Notices can only be raised where sandboxes are on.');
    }
  };

  app.get(
    '/api/uof/notices',
    {
      schema: {
        tags: ['sports'],
        summary: "A site's critical notices in force",
        querystring: z.object({ siteid: z.coerce.number().int().positive() }),
        response: {
          200: z.object({ notices: z.array(criticalNoticeSchema) }),
          400: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { siteid } = request.query as { siteid: number };
      return { notices: await activeCriticalNotices(db, siteid) };
    },
  );

  app.post(
    '/api/sandbox/notices',
    {
      schema: {
        tags,
        summary: 'Raise a critical notice for a site (pushed as Critical to its room)',
        body: raiseCriticalNoticeSchema,
        response: { 200: criticalNoticeSchema, ...errors },
      },
    },
    async (request) => {
      operator();
      return notices.raise(request.body as z.infer<typeof raiseCriticalNoticeSchema>);
    },
  );

  app.post(
    '/api/sandbox/notices/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'Withdraw a critical notice (pushed as Critical with active false)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: criticalNoticeSchema, ...errors },
      },
    },
    async (request) => {
      operator();
      const { id } = request.params as { id: number };
      const notice = await notices.withdraw(id);
      if (!notice) throw new AppError('NOT_FOUND', `There is no notice ${id}.`);
      return notice;
    },
  );
}
