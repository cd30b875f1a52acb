import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { darajaTimestamp } from '@dau/contracts/payments/daraja-time';
import type { AppInstance } from '../../app-types';
import { registerPayouts } from './daraja-payouts';
import {
  STK_RESULTS,
  badRequest,
  darajaError,
  firstInvalidField,
  kes,
  receipt,
  registerSchema,
  simulateSchema,
  stkPushSchema,
  stkQuerySchema,
  type DarajaSandboxContext,
  type StkRecord,
} from './daraja-wire';
import { sandboxOutcome } from './sandbox-outcomes';

/**
 * A Daraja-compatible M-Pesa sandbox mounted at `/sandbox/daraja` (SANDBOX on). It accepts the
 * same requests as Safaricom's API (OAuth, STK push and query, B2C, transaction status,
 * reversal, account balance, C2B register and simulate), answers with the same fields and error
 * shapes (unknown paths included), and calls back asynchronously. State lives in memory: it is
 * a development and test double, not a ledger.
 */
export const DARAJA_SANDBOX_PREFIX = '/sandbox/daraja';

const TOKEN_TTL_S = 3599;
/** How long a `pushTimeout` push is held at most when Dau does not hang up. */
const PUSH_HOLD_MS = 120_000;
/** The business' utility account when the sandbox starts: KES 5,000,000.00. */
const OPENING_UTILITY_CENTS = 500_000_000;

export async function darajaSandbox(app: AppInstance): Promise<void> {
  await app.register(
    async (scope: AppInstance) => {
      const ctx = sandboxContext(scope);
      scope.setNotFoundHandler((_request, reply) =>
        darajaError(reply, 404, '404.001.01', 'Resource not found'),
      );
      scope.setErrorHandler((error, _request, reply) => {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status >= 400 && status < 500) return badRequest(reply);
        scope.log.error({ err: error }, 'daraja sandbox: unexpected error');
        return darajaError(reply, 500, '500.003.02', 'Internal Server Error');
      });
      registerStk(ctx);
      registerPayouts(ctx);
      registerC2b(ctx);
    },
    { prefix: DARAJA_SANDBOX_PREFIX },
  );
}

function sandboxContext(scope: AppInstance): DarajaSandboxContext {
  const { payments } = scope.deps.config;
  const tokens = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const held = new Set<() => void>();
  scope.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });
  // A push held unanswered (`pushTimeout`) must not hold the server's close up.
  scope.addHook('preClose', async () => {
    for (const release of [...held]) release();
  });

  const post = async (url: string, body: unknown): Promise<unknown> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };

  const authorised = (request: FastifyRequest): boolean => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const expires = tokens.get(token);
    return expires !== undefined && expires > Date.now();
  };

  const routeOptions = { config: { rateLimit: false }, schema: { hide: true } } as const;

  const ctx: DarajaSandboxContext & { tokens: Map<string, number> } = {
    scope,
    held,
    payments,
    tokens,
    stk: new Map(),
    b2c: new Map(),
    receipts: new Map(),
    accounts: { working: 0, utility: OPENING_UTILITY_CENTS, chargesPaid: 0 },
    c2bUrls: new Map(),
    later(fn, delayMs = payments.sandboxDelayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        fn().catch((err: unknown) => scope.log.warn({ err }, 'daraja sandbox callback failed'));
      }, delayMs);
      timers.add(timer);
    },
    post,
    async postCallback(url, body, outcome) {
      const times = outcome === 'duplicateCallback' ? 3 : 1;
      for (let i = 0; i < times; i++) await post(url, body);
    },
    operation(path, schema, namesField, handle) {
      scope.post(path, routeOptions, async (request, reply) => {
        if (!authorised(request)) {
          return darajaError(reply, 401, '404.001.03', 'Invalid Access Token');
        }
        const parsed = schema.safeParse(request.body);
        if (!parsed.success) {
          return badRequest(reply, namesField ? firstInvalidField(parsed.error) : undefined);
        }
        return handle(parsed.data, reply);
      });
    },
  };
  scope.get('/oauth/v1/generate', routeOptions, async (request, reply) => {
    const query = request.query as { grant_type?: string };
    const basic = (request.headers.authorization ?? '').replace(/^Basic /, '');
    const [key, secret] = Buffer.from(basic, 'base64').toString().split(':');
    if (query.grant_type !== 'client_credentials') {
      return darajaError(reply, 400, '400.008.02', 'Invalid grant type passed');
    }
    if (key !== payments.consumerKey || secret !== payments.consumerSecret) {
      return darajaError(reply, 400, '400.008.01', 'Invalid Authentication passed');
    }
    const token = randomBytes(18).toString('base64url');
    tokens.set(token, Date.now() + TOKEN_TTL_S * 1000);
    return { access_token: token, expires_in: String(TOKEN_TTL_S) };
  });
  return ctx;
}

/** Customers pay Dau from the PIN prompt (STK push) and Dau asks what became of a prompt. */
function registerStk(ctx: DarajaSandboxContext): void {
  const { payments } = ctx;
  const passwordValid = (shortcode: string, password: string, timestamp: string) =>
    shortcode !== payments.shortcode ||
    password === Buffer.from(`${shortcode}${payments.passkey}${timestamp}`).toString('base64');

  ctx.operation('/mpesa/stkpush/v1/processrequest', stkPushSchema, true, async (body, reply) => {
    if (!Number.isInteger(body.Amount) || body.Amount < 1) return badRequest(reply, 'Amount');
    if (!/^254[17]\d{8}$/.test(body.PhoneNumber)) return badRequest(reply, 'PhoneNumber');
    if (!passwordValid(body.BusinessShortCode, body.Password, body.Timestamp)) {
      return badRequest(reply, 'Password');
    }
    const record: StkRecord = {
      merchantRequestId: `${randomBytes(2).toString('hex')}-${randomBytes(4).toString('hex')}-1`,
      checkoutRequestId: `ws_CO_${darajaTimestamp(new Date())}${randomBytes(6).toString('hex')}`,
      phone: body.PhoneNumber,
      amount: body.Amount,
      resultCode: null,
      resultDesc: 'The transaction is being processed',
    };
    ctx.stk.set(record.checkoutRequestId, record);
    const outcome = sandboxOutcome(body.PhoneNumber);
    ctx.later(async () => {
      const result = STK_RESULTS[outcome] ?? STK_RESULTS.success!;
      record.resultCode = result.code;
      record.resultDesc = result.desc;
      if (outcome === 'unreachable') return;
      const mpesaReceipt = receipt();
      if (result.code === 0) {
        ctx.accounts.working += record.amount * 100;
        ctx.receipts.set(mpesaReceipt, {
          receipt: mpesaReceipt,
          amount: record.amount,
          from: 'customer',
          phone: record.phone,
          reversed: false,
        });
      }
      if (outcome === 'callbackLost') return;
      const callback = {
        Body: {
          stkCallback: {
            MerchantRequestID: record.merchantRequestId,
            CheckoutRequestID: record.checkoutRequestId,
            ResultCode: result.code,
            ResultDesc: result.desc,
            ...(result.code === 0
              ? {
                  CallbackMetadata: {
                    Item: [
                      { Name: 'Amount', Value: record.amount },
                      { Name: 'MpesaReceiptNumber', Value: mpesaReceipt },
                      { Name: 'TransactionDate', Value: Number(darajaTimestamp(new Date())) },
                      { Name: 'PhoneNumber', Value: Number(record.phone) },
                    ],
                  },
                }
              : {}),
          },
        },
      };
      await ctx.postCallback(body.CallBackURL, callback, outcome);
    });
    if (outcome === 'pushTimeout') {
      // The prompt went out, but M-Pesa's answer never reaches Dau: hold it until Dau hangs up.
      await new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          ctx.held.delete(release);
          resolve();
        };
        const timer = setTimeout(release, PUSH_HOLD_MS);
        ctx.held.add(release);
        reply.raw.once('close', release);
      });
      if (reply.raw.destroyed) return reply.hijack();
    }
    return {
      MerchantRequestID: record.merchantRequestId,
      CheckoutRequestID: record.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    };
  });

  ctx.operation('/mpesa/stkpushquery/v1/query', stkQuerySchema, false, async (body, reply) => {
    const record = ctx.stk.get(body.CheckoutRequestID);
    if (!record) return darajaError(reply, 500, '500.001.1001', 'The transaction does not exist');
    if (record.resultCode === null) {
      return darajaError(reply, 500, '500.001.1001', 'The transaction is being processed');
    }
    return {
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: record.merchantRequestId,
      CheckoutRequestID: record.checkoutRequestId,
      ResultCode: String(record.resultCode),
      ResultDesc: record.resultDesc,
    };
  });
}

/** Paybill: Dau registers its URLs; a customer's payment is validated, then confirmed. */
function registerC2b(ctx: DarajaSandboxContext): void {
  ctx.operation('/mpesa/c2b/v1/registerurl', registerSchema, false, async (body) => {
    ctx.c2bUrls.set(body.ShortCode, {
      confirmation: body.ConfirmationURL,
      validation: body.ValidationURL,
    });
    return {
      OriginatorCoversationID: randomUUID(),
      ResponseCode: '0',
      ResponseDescription: 'Success',
    };
  });

  ctx.operation('/mpesa/c2b/v1/simulate', simulateSchema, false, async (body, reply) => {
    const urls = ctx.c2bUrls.get(body.ShortCode);
    if (!urls) return darajaError(reply, 400, '400.002.02', 'Bad Request - URLs not registered');
    const payment = {
      TransactionType: 'Pay Bill',
      TransID: receipt(),
      TransTime: darajaTimestamp(new Date()),
      TransAmount: body.Amount.toFixed(2),
      BusinessShortCode: body.ShortCode,
      BillRefNumber: body.BillRefNumber ?? '',
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: body.Msisdn,
      FirstName: 'Sandbox',
      MiddleName: '',
      LastName: 'Customer',
    };
    ctx.later(async () => {
      const validation = (await ctx.post(urls.validation, payment)) as {
        ResultCode?: unknown;
      } | null;
      // Daraja treats a missing answer as accepted; anything but 0 rejects the payment.
      if (String(validation?.ResultCode ?? '0') !== '0') return;
      ctx.accounts.working += Math.round(body.Amount * 100);
      ctx.receipts.set(payment.TransID, {
        receipt: payment.TransID,
        amount: body.Amount,
        from: 'customer',
        phone: body.Msisdn,
        reversed: false,
      });
      payment.OrgAccountBalance = kes(ctx.accounts.working);
      await ctx.post(urls.confirmation, payment);
    }, 0);
    return {
      OriginatorCoversationID: randomUUID(),
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    };
  });
}
