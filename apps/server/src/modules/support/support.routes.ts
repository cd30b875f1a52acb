import {
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
  deleteAccountStatusSchema,
} from '@dau/contracts/content/delete-account-request';
import { DELETE_ACCOUNT_REQUEST_PATH, SUPPORT_CALL_BACK_PATH } from '@dau/contracts/content/paths';
import {
  supportCallBackRequestSchema,
  supportCallBackResponseSchema,
} from '@dau/contracts/content/support-call-back';
import type { FastifyRequest } from 'fastify';
import type { AppInstance, SessionUser } from '../../app-types';
import { AppError } from '../../errors/app-error';
import { authGuards } from '../../plugins/auth';
import { requestAccountDeletion, openAccountDeletion, requestCallBack } from './support.service';
import type { AccountDeletionRequest } from './support.tables';

function toWireDeletion(request: AccountDeletionRequest) {
  return {
    requestId: request.id,
    status: request.status,
    createdAt: request.created_at.toISOString(),
  };
}

/** The user `requireUser` loaded; its absence here would be a wiring mistake. */
function signedIn(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

/** Call-back requests from the support widget and account deletion requests. */
export async function supportRoutes(app: AppInstance): Promise<void> {
  const guards = authGuards(app);

  app.post(
    SUPPORT_CALL_BACK_PATH,
    {
      preHandler: guards.optionalUser,
      // Per address; the service also limits each phone number per day.
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['support'],
        summary: 'Ask customer support to call a phone number back',
        description:
          'The number is normalised for the site (local, 254..., +254... forms). Errors answer the envelope; show the first `dimension_value`.',
        body: supportCallBackRequestSchema,
        response: { 200: supportCallBackResponseSchema },
      },
    },
    async (request) => {
      const result = await requestCallBack(app.deps, request.body, {
        requestSite: request.site,
        userId: request.user?.userId ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      });
      return {
        hasErrors: false as const,
        requestId: result.requestId,
        datasource_entries: [
          { error_triggered: false as const, dimension_value: result.message, value: result.code },
        ],
      };
    },
  );

  app.post(
    DELETE_ACCOUNT_REQUEST_PATH,
    {
      preHandler: guards.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['support'],
        summary: 'Ask for the signed-in account to be deleted',
        description: 'Idempotent: while a request is open, asking again answers that request.',
        body: deleteAccountRequestSchema,
        response: { 200: deleteAccountResponseSchema },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const stored = await requestAccountDeletion(app.deps, user, request.body.reason);
      return {
        hasErrors: false as const,
        request: toWireDeletion(stored),
        datasource_entries: [
          {
            error_triggered: false as const,
            value: 'DELETE_ACCOUNT_REQUESTED',
            dimension_value:
              'We have received your request. Customer Support will contact you to confirm before your account is closed. Any balance must be withdrawn first.',
          },
        ],
      };
    },
  );

  app.get(
    DELETE_ACCOUNT_REQUEST_PATH,
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['support'],
        summary: 'The open account deletion request of the signed-in user',
        response: { 200: deleteAccountStatusSchema },
      },
    },
    async (request) => {
      const open = await openAccountDeletion(app.deps, signedIn(request).userId);
      return { request: open ? toWireDeletion(open) : null };
    },
  );
}
