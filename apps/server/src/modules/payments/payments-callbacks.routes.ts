import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { z } from 'zod';
import { callbackAckSchema } from '@dau/contracts/payments/callbacks';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../errors/app-error';
import { handleOperatorCallback, operatorFromPath } from './operator-callbacks';
import {
  handleB2cResult,
  handleB2cStatusResult,
  handleC2bConfirmation,
  handleC2bValidation,
  handleReversalResult,
  handleStkCallback,
  type CallbackKind,
  type PaymentsContext,
} from './payments.service';

export const CALLBACK_PREFIX = '/api/payments/callbacks';

/** Where providers call back: Daraja's callbacks and the other operators', each by token. */
export function registerCallbackRoutes(app: AppInstance, ctx: PaymentsContext): void {
  const { config } = app.deps;
  // Daraja's callbacks. The secret token in the path is the only credential Daraja offers.
  const callbackParams = z.object({ token: z.string() });
  // The deposit an STK callback is for (ADR 126); Daraja calls our URL as given.
  const callbackQuery = z.object({ ref: z.string().max(40).optional() });
  const callback = (
    kind: CallbackKind,
    handle: (
      body: unknown,
      query: { ref?: string | undefined },
    ) => Promise<{ ResultCode: number | string; ResultDesc: string }>,
  ) =>
    app.post(
      `${CALLBACK_PREFIX}/:token/${kind}`,
      {
        config: { rateLimit: false },
        schema: {
          tags: ['payments'],
          summary: `M-Pesa Daraja callback: ${kind}`,
          params: callbackParams,
          querystring: callbackQuery,
          body: z.unknown(),
          // 404: the path's token is not this deployment's (nothing is read or stored).
          response: { 200: callbackAckSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request) => {
        if (request.params.token !== config.payments.callbackToken) throw new AppError('NOT_FOUND');
        return handle(request.body, request.query);
      },
    );
  const accepted = { ResultCode: 0, ResultDesc: 'Accepted' };
  callback('stk', async (body, query) => (await handleStkCallback(ctx, body, query.ref), accepted));
  callback('b2c-result', async (body) => (await handleB2cResult(ctx, body, false), accepted));
  callback('b2c-timeout', async (body) => (await handleB2cResult(ctx, body, true), accepted));
  callback(
    'b2c-status-result',
    async (body) => (await handleB2cStatusResult(ctx, body, false), accepted),
  );
  callback(
    'b2c-status-timeout',
    async (body) => (await handleB2cStatusResult(ctx, body, true), accepted),
  );
  callback('c2b-validation', (body) => handleC2bValidation(ctx, body));
  callback('c2b-confirmation', async (body) => (await handleC2bConfirmation(ctx, body), accepted));
  callback(
    'reversal-result',
    async (body) => (await handleReversalResult(ctx, body, false), accepted),
  );
  callback(
    'reversal-timeout',
    async (body) => (await handleReversalResult(ctx, body, true), accepted),
  );

  // The other operators' callbacks (MTN MoMo sends PUT or POST), one path per operator.
  app.route({
    method: ['POST', 'PUT'],
    url: `${CALLBACK_PREFIX}/:token/:provider/:country/:kind`,
    config: { rateLimit: false },
    schema: {
      tags: ['payments'],
      summary: 'Mobile-money operator callback (MTN MoMo, Airtel Money), as the operator sends it',
      params: z.object({
        token: z.string(),
        provider: z.string(),
        country: z.string(),
        kind: z.enum(['payment', 'payout']),
      }),
      body: z.unknown(),
      response: { 200: z.object({ status: z.string() }), 404: errorEnvelopeSchema },
    },
    handler: async (request) => {
      const { token, provider, country, kind } = request.params;
      const operator = operatorFromPath(ctx, provider, country);
      if (token !== config.payments.callbackToken || !operator) throw new AppError('NOT_FOUND');
      const outcome = await handleOperatorCallback(ctx, operator, kind, {
        headers: request.headers,
        body: request.body,
      });
      return { status: outcome };
    },
  });
}
