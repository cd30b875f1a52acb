import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app-types';
import { keepInOutbox } from './sandbox-sms-provider';

/**
 * An Africa's Talking-compatible SMS gateway mounted at `/sandbox/africastalking` (SANDBOX on):
 * `POST /version1/messaging` takes the same form fields and `apiKey` header as the real API
 * and answers the same JSON, so the real adapter (`AfricasTalkingSms`) runs against it by base
 * URL. Accepted messages land in the SMS outbox (`GET /api/sandbox/sms/outbox`).
 */
export const AFRICASTALKING_SANDBOX_PREFIX = '/sandbox/africastalking';

/**
 * Numbers whose last four digits pick a refusal, as the real gateway reports it per recipient;
 * every other valid number is sent.
 */
export const SMS_SANDBOX_REFUSALS: Record<string, { statusCode: number; status: string }> = {
  '0405': { statusCode: 405, status: 'InsufficientBalance' },
  '0406': { statusCode: 406, status: 'UserInBlacklist' },
  '0409': { statusCode: 409, status: 'DoNotDisturbRejection' },
};

const COST_PER_MESSAGE = 'KES 0.8000';
const E164 = /^\+[1-9]\d{7,14}$/;

function refuse(reply: FastifyReply, status: number, text: string) {
  // The real gateway answers request-level errors as plain text.
  return reply.status(status).type('text/plain').send(text);
}

export async function africasTalkingSandbox(app: AppInstance): Promise<void> {
  const expected = app.deps.config.sms.africasTalking;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    `${AFRICASTALKING_SANDBOX_PREFIX}/version1/messaging`,
    { schema: { hide: true } },
    async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      if (request.headers.apikey !== expected.apiKey || form.username !== expected.username) {
        return refuse(reply, 401, 'The supplied authentication is invalid');
      }
      const message = form.message ?? '';
      const to = (form.to ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      if (to.length === 0) return refuse(reply, 400, 'Must have to set');
      if (message.length === 0) return refuse(reply, 400, 'Must have message set');
      if (to.length > 1000) return refuse(reply, 400, 'Too many recipients');

      const recipients = [];
      for (const number of to) {
        const refusal = SMS_SANDBOX_REFUSALS[number.slice(-4)];
        if (!E164.test(number)) {
          recipients.push({
            statusCode: 403,
            number,
            status: 'InvalidPhoneNumber',
            cost: '0',
            messageId: 'None',
          });
        } else if (refusal) {
          recipients.push({ ...refusal, number, cost: '0', messageId: 'None' });
        } else {
          await keepInOutbox(app.deps.db, {
            phone: number,
            body: message,
            purpose: `africastalking${form.from ? `:${form.from}` : ''}`,
          });
          recipients.push({
            statusCode: 101,
            number,
            status: 'Success',
            cost: COST_PER_MESSAGE,
            messageId: `ATXid_${randomBytes(16).toString('hex')}`,
          });
        }
      }
      const sent = recipients.filter((r) => r.statusCode === 101).length;
      return reply.status(201).send({
        SMSMessageData: {
          Message: `Sent to ${sent}/${recipients.length} Total Cost: KES ${(sent * 0.8).toFixed(4)}`,
          Recipients: recipients,
        },
      });
    },
  );
}
