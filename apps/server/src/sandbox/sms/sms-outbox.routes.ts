import {
  SMS_OUTBOX_PATH,
  smsOutboxQuerySchema,
  smsOutboxResponseSchema,
} from '@dau/contracts/accounts/sms-outbox';
import { normalisePhone } from '@dau/domain/phone';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../errors/app-error';
import { readOutbox } from './sandbox-sms-provider';

/** The SMS sandbox's outbox, for developers and tests; refused unless SANDBOX is on. */
export async function smsOutboxRoutes(app: AppInstance): Promise<void> {
  app.get(
    SMS_OUTBOX_PATH,
    {
      schema: {
        tags: ['sandbox'],
        summary: 'SMS sandbox outbox (sandbox deployments only)',
        querystring: smsOutboxQuerySchema,
        response: { 200: smsOutboxResponseSchema },
      },
    },
    async (request) => {
      if (!app.deps.config.sandbox) {
        throw new AppError('FORBIDDEN', 'The SMS sandbox is not available on this deployment.');
      }
      const { phone, limit } = request.query;
      const e164 = phone ? (normalisePhone(phone, request.site.siteId) ?? phone.trim()) : undefined;
      const rows = await readOutbox(app.deps.db, e164, limit);
      return {
        messages: rows.map((r) => ({
          id: r.id,
          phone: r.phone,
          purpose: r.purpose,
          body: r.body,
          createdAt: r.created_at.toISOString(),
        })),
      };
    },
  );
}
