import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import {
  operatorOutcome,
  randomDigits,
  sandboxTimers,
  sendCallback,
  type OperatorSandboxOutcome,
} from './sandbox-kit';

/**
 * An MTN MoMo Open API sandbox at `/sandbox/momo` (SANDBOX on), speaking MoMo's protocol so
 * that a published MoMo client works against it with only its base URL changed: API user and
 * key provisioning (`/v1_0/apiuser`), `/{collection|disbursement}/token/` (Basic), then with
 * Bearer + `Ocp-Apim-Subscription-Key` + `X-Target-Environment`: Collection `requesttopay`
 * (`X-Reference-Id`, `X-Callback-Url`) and its status, Disbursement `transfer` and its status,
 * account holder checks, balances. Callbacks are PUT to `X-Callback-Url` with the
 * transaction as the status call shows it. Outcomes follow the phone's last four digits
 * (`sandbox-kit.ts`). In-memory: a development and test double.
 */
export const MOMO_SANDBOX_PREFIX = '/sandbox/momo';

type Product = 'collection' | 'disbursement';

interface MomoRecord {
  product: Product;
  body: Record<string, unknown>;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason?: string;
  financialTransactionId?: string;
}

const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
const party = z.object({
  partyIdType: z.enum(['MSISDN', 'EMAIL', 'PARTY_CODE']),
  partyId: z.string().min(1),
});
const requestSchema = z.object({
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  externalId: z.string().optional(),
  payer: party.optional(),
  payee: party.optional(),
  payerMessage: z.string().max(160).optional(),
  payeeNote: z.string().max(160).optional(),
});

const FAILURE: Partial<Record<OperatorSandboxOutcome, Record<Product, string>>> = {
  cancelled: { collection: 'APPROVAL_REJECTED', disbursement: 'NOT_ALLOWED' },
  insufficientFunds: { collection: 'NOT_ENOUGH_FUNDS', disbursement: 'NOT_ENOUGH_FUNDS' },
  notRegistered: { collection: 'PAYER_NOT_FOUND', disbursement: 'PAYEE_NOT_FOUND' },
};

function momoError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ code, message });
}

export async function momoSandbox(app: AppInstance): Promise<void> {
  const { mobileMoney } = app.deps.config;
  const later = sandboxTimers(app, 'momo');
  /** API users: configured ones plus those created through `/v1_0/apiuser`. */
  const users = new Map<string, { apiKey: string | null; callbackHost: string }>();
  for (const c of Object.values(mobileMoney.momo)) {
    users.set(c.collectionUserId, { apiKey: c.collectionApiKey, callbackHost: 'any' });
    users.set(c.disbursementUserId, { apiKey: c.disbursementApiKey, callbackHost: 'any' });
  }
  const subscriptionKeys = new Set(
    Object.values(mobileMoney.momo).flatMap((c) => [
      c.collectionSubscriptionKey,
      c.disbursementSubscriptionKey,
    ]),
  );
  const environments = new Set([
    'sandbox',
    ...Object.values(mobileMoney.momo).map((c) => c.targetEnvironment),
  ]);
  const tokens = new Map<string, { product: Product; expires: number }>();
  const records = new Map<string, MomoRecord>();
  const opts = { config: { rateLimit: false }, schema: { hide: true } } as const;
  const P = MOMO_SANDBOX_PREFIX;

  /** Subscription key on every call, as MTN's API gateway checks it first. */
  const subscribed = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const key = request.headers['ocp-apim-subscription-key'];
    if (typeof key === 'string' && subscriptionKeys.has(key)) return true;
    void reply.code(401).send({
      statusCode: 401,
      message:
        'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
    });
    return false;
  };
  const authorised = (request: FastifyRequest, reply: FastifyReply, product: Product): boolean => {
    if (!subscribed(request, reply)) return false;
    const header = request.headers.authorization ?? '';
    const token = tokens.get(header.startsWith('Bearer ') ? header.slice(7) : '');
    if (!token || token.expires < Date.now() || token.product !== product) {
      void reply
        .code(401)
        .send({ error: 'invalid_token', error_description: 'Access token is invalid or expired' });
      return false;
    }
    const environment = request.headers['x-target-environment'];
    if (typeof environment !== 'string' || !environments.has(environment)) {
      void momoError(
        reply,
        403,
        'NOT_ALLOWED_TARGET_ENVIRONMENT',
        'Access to target environment is forbidden.',
      );
      return false;
    }
    return true;
  };

  // Sandbox provisioning: create an API user, then its key.
  app.post(`${P}/v1_0/apiuser`, opts, async (request, reply) => {
    if (!subscribed(request, reply)) return reply;
    const id = uuid.safeParse(request.headers['x-reference-id']);
    const body = z.object({ providerCallbackHost: z.string().min(1) }).safeParse(request.body);
    if (!id.success || !body.success)
      return momoError(
        reply,
        400,
        'INVALID_REFERENCE_ID',
        'X-Reference-Id must be a UUID v4; providerCallbackHost is required.',
      );
    if (users.has(id.data))
      return momoError(
        reply,
        409,
        'RESOURCE_ALREADY_EXIST',
        'Duplicated reference id. Creation of resource failed.',
      );
    users.set(id.data, { apiKey: null, callbackHost: body.data.providerCallbackHost });
    return reply.code(201).send();
  });
  app.post(`${P}/v1_0/apiuser/:id/apikey`, opts, async (request, reply) => {
    if (!subscribed(request, reply)) return reply;
    const user = users.get((request.params as { id: string }).id);
    if (!user)
      return momoError(reply, 404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
    user.apiKey = randomBytes(16).toString('hex');
    return reply.code(201).send({ apiKey: user.apiKey });
  });
  app.get(`${P}/v1_0/apiuser/:id`, opts, async (request, reply) => {
    if (!subscribed(request, reply)) return reply;
    const user = users.get((request.params as { id: string }).id);
    if (!user)
      return momoError(reply, 404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
    return { providerCallbackHost: user.callbackHost, targetEnvironment: 'sandbox' };
  });

  for (const product of ['collection', 'disbursement'] as const) {
    for (const path of [`${P}/${product}/token/`, `${P}/${product}/token`]) {
      app.post(path, opts, async (request, reply) => {
        if (!subscribed(request, reply)) return reply;
        const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
        const [id, key] = Buffer.from(encoded ?? '', 'base64')
          .toString()
          .split(':');
        const user = id ? users.get(id) : undefined;
        if (scheme !== 'Basic' || !user || !user.apiKey || user.apiKey !== key) {
          return reply.code(401).send({ error: 'login_failed', error_description: 'Login failed' });
        }
        const token = randomBytes(24).toString('base64url');
        tokens.set(token, { product, expires: Date.now() + 3600_000 });
        return { access_token: token, token_type: 'access_token', expires_in: 3600 };
      });
    }

    const operation = product === 'collection' ? 'requesttopay' : 'transfer';
    app.post(`${P}/${product}/v1_0/${operation}`, opts, async (request, reply) => {
      if (!authorised(request, reply, product)) return reply;
      const reference = uuid.safeParse(request.headers['x-reference-id']);
      if (!reference.success)
        return momoError(reply, 400, 'INVALID_REFERENCE_ID', 'X-Reference-Id must be a UUID v4.');
      const parsed = requestSchema.safeParse(request.body);
      const who = product === 'collection' ? parsed.data?.payer : parsed.data?.payee;
      if (!parsed.success || !who)
        return momoError(reply, 400, 'INVALID_INPUT', 'The request body is not valid.');
      if (records.has(reference.data))
        return momoError(
          reply,
          409,
          'RESOURCE_ALREADY_EXIST',
          'Duplicated reference id. Creation of resource failed.',
        );
      const record: MomoRecord = { product, body: parsed.data, status: 'PENDING' };
      records.set(reference.data, record);
      const outcome = operatorOutcome(who.partyId);
      const callbackUrl = request.headers['x-callback-url'];
      if (outcome !== 'neverAnswered') {
        later(async () => {
          const failure = FAILURE[outcome]?.[product];
          if (failure) Object.assign(record, { status: 'FAILED', reason: failure });
          else
            Object.assign(record, {
              status: 'SUCCESSFUL',
              financialTransactionId: randomDigits(10),
            });
          if (typeof callbackUrl === 'string' && outcome !== 'callbackLost') {
            await sendCallback(callbackUrl, view(record), {
              method: 'PUT',
              times: outcome === 'duplicateCallback' ? 3 : 1,
            });
          }
        }, mobileMoney.sandboxDelayMs);
      }
      return reply.code(202).send();
    });
    app.get(`${P}/${product}/v1_0/${operation}/:id`, opts, async (request, reply) => {
      if (!authorised(request, reply, product)) return reply;
      const record = records.get((request.params as { id: string }).id);
      if (!record || record.product !== product)
        return momoError(reply, 404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
      return view(record);
    });
    app.get(`${P}/${product}/v1_0/accountholder/:type/:id/active`, opts, async (request, reply) => {
      if (!authorised(request, reply, product)) return reply;
      const { id } = request.params as { id: string };
      return { result: operatorOutcome(id) !== 'notRegistered' };
    });
    app.get(`${P}/${product}/v1_0/account/balance`, opts, async (request, reply) => {
      if (!authorised(request, reply, product)) return reply;
      return { availableBalance: '1000000', currency: 'EUR' };
    });
  }
}

/** A transaction as MoMo's status call (and callback) shows it. */
function view(record: MomoRecord) {
  return {
    ...record.body,
    ...(record.financialTransactionId
      ? { financialTransactionId: record.financialTransactionId }
      : {}),
    status: record.status,
    ...(record.reason ? { reason: record.reason } : {}),
  };
}
