import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { sandboxOutcome } from './sandbox-outcomes';

/**
 * A Daraja-compatible M-Pesa sandbox mounted at `/sandbox/daraja` (SANDBOX on). It accepts the
 * same requests as Safaricom's API (OAuth, STK push and query, B2C, C2B register and simulate),
 * answers with the same fields and error shapes, and calls back asynchronously. State lives in
 * memory: it is a development and test double, not a ledger.
 */
export const DARAJA_SANDBOX_PREFIX = '/sandbox/daraja';

const TOKEN_TTL_S = 3599;

interface StkRecord {
  merchantRequestId: string;
  checkoutRequestId: string;
  phone: string;
  amount: number;
  /** null while the customer is still looking at the PIN prompt. */
  resultCode: number | null;
  resultDesc: string;
}

/** A payout as M-Pesa's records know it, for TransactionStatusQuery. */
interface B2cRecord {
  conversationId: string;
  originatorConversationId: string;
  phone: string;
  amount: number;
  /** null while M-Pesa is still working on it. */
  status: 'Completed' | 'Failed' | null;
  receipt: string | null;
  initiatedAt: string;
  finalisedAt: string | null;
}

const STK_RESULTS: Record<string, { code: number; desc: string }> = {
  success: { code: 0, desc: 'The service request is processed successfully.' },
  callbackLost: { code: 0, desc: 'The service request is processed successfully.' },
  duplicateCallback: { code: 0, desc: 'The service request is processed successfully.' },
  cancelled: { code: 1032, desc: 'Request cancelled by user' },
  insufficientFunds: { code: 1, desc: 'The balance is insufficient for the transaction' },
  wrongPin: { code: 2001, desc: 'The initiator information is invalid.' },
  unreachable: { code: 1037, desc: 'DS timeout user cannot be reached' },
};

const stkPushSchema = z.object({
  BusinessShortCode: z.union([z.string(), z.number()]).transform(String),
  Password: z.string(),
  Timestamp: z.string().regex(/^\d{14}$/),
  TransactionType: z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']),
  Amount: z.union([z.string(), z.number()]).transform(Number),
  PartyA: z.union([z.string(), z.number()]).transform(String),
  PartyB: z.union([z.string(), z.number()]).transform(String),
  PhoneNumber: z.union([z.string(), z.number()]).transform(String),
  CallBackURL: z.string().url(),
  AccountReference: z.string().max(12),
  TransactionDesc: z.string().max(13).optional(),
});

const stkQuerySchema = z.object({
  BusinessShortCode: z.union([z.string(), z.number()]).transform(String),
  Password: z.string(),
  Timestamp: z.string(),
  CheckoutRequestID: z.string(),
});

const b2cSchema = z.object({
  OriginatorConversationID: z.string().optional(),
  InitiatorName: z.string().min(1),
  SecurityCredential: z.string().min(1),
  CommandID: z.enum(['BusinessPayment', 'SalaryPayment', 'PromotionPayment']),
  Amount: z.union([z.string(), z.number()]).transform(Number),
  PartyA: z.union([z.string(), z.number()]).transform(String),
  PartyB: z.union([z.string(), z.number()]).transform(String),
  Remarks: z.string().max(100),
  QueueTimeOutURL: z.string().url(),
  ResultURL: z.string().url(),
  Occassion: z.string().max(100).optional(),
});

const transactionStatusSchema = z.object({
  Initiator: z.string().min(1),
  SecurityCredential: z.string().min(1),
  CommandID: z.literal('TransactionStatusQuery'),
  TransactionID: z.string().optional(),
  OriginalConversationID: z.string().optional(),
  PartyA: z.union([z.string(), z.number()]).transform(String),
  IdentifierType: z.union([z.string(), z.number()]).transform(String),
  ResultURL: z.string().url(),
  QueueTimeOutURL: z.string().url(),
  Remarks: z.string().max(100),
  Occasion: z.string().max(100).optional(),
});

const registerSchema = z.object({
  ShortCode: z.union([z.string(), z.number()]).transform(String),
  ResponseType: z.enum(['Completed', 'Cancelled']),
  ConfirmationURL: z.string().url(),
  ValidationURL: z.string().url(),
});

const simulateSchema = z.object({
  ShortCode: z.union([z.string(), z.number()]).transform(String),
  CommandID: z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']),
  Amount: z.union([z.string(), z.number()]).transform(Number),
  Msisdn: z.union([z.string(), z.number()]).transform(String),
  BillRefNumber: z.string().optional(),
});

function darajaError(reply: FastifyReply, status: number, errorCode: string, message: string) {
  return reply.code(status).send({
    requestId: `${randomBytes(4).toString('hex')}-${Date.now()}`,
    errorCode,
    errorMessage: message,
  });
}

/** Daraja's answer to a request that failed validation (its own words for each case). */
function badRequest(reply: FastifyReply, invalid?: string) {
  return darajaError(
    reply,
    400,
    '400.002.02',
    invalid ? `Bad Request - Invalid ${invalid}` : 'Bad Request',
  );
}

/** The path of the first field that failed, as Daraja names it in its 400. */
function firstInvalidField(error: z.ZodError): string {
  return error.issues[0]?.path.join('.') ?? 'body';
}

/** The ids a B2C or TransactionStatusQuery request is known by, in its answer and its result. */
interface Conversation {
  conversationId: string;
  originatorConversationId: string;
}

/** A new conversation: the ConversationID as Daraja's API gateway makes them. */
function newConversation(originatorConversationId: string): Conversation {
  return {
    conversationId: `AG_${darajaTimestamp(new Date())}_${randomBytes(8).toString('hex')}`,
    originatorConversationId,
  };
}

/** The synchronous answer to an accepted B2C or TransactionStatusQuery request. */
function acceptedRequest(conversation: Conversation) {
  return {
    ConversationID: conversation.conversationId,
    OriginatorConversationID: conversation.originatorConversationId,
    ResponseCode: '0',
    ResponseDescription: 'Accept the service request successfully.',
  };
}

/** The asynchronous result of a conversation, as posted to its ResultURL or QueueTimeOutURL. */
function conversationResult(
  conversation: Conversation,
  result: { type: 0 | 1; code: number; desc: string; transactionId: string },
  more: object = {},
) {
  return {
    Result: {
      ResultType: result.type,
      ResultCode: result.code,
      ResultDesc: result.desc,
      OriginatorConversationID: conversation.originatorConversationId,
      ConversationID: conversation.conversationId,
      TransactionID: result.transactionId,
      ...more,
    },
  };
}

function receipt(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join('');
}

function darajaTimestamp(now: Date): string {
  const eat = new Date(now.getTime() + 3 * 60 * 60_000);
  return eat.toISOString().replace(/\D/g, '').slice(0, 14);
}

export async function darajaSandbox(app: AppInstance): Promise<void> {
  const { payments } = app.deps.config;
  const tokens = new Map<string, number>();
  const stk = new Map<string, StkRecord>();
  /** Payouts by originator conversation id and by receipt. */
  const b2c = new Map<string, B2cRecord>();
  const c2bUrls = new Map<string, { confirmation: string; validation: string }>();
  const timers = new Set<NodeJS.Timeout>();

  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });

  const later = (fn: () => Promise<void>, delayMs = payments.sandboxDelayMs) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn().catch((err: unknown) => app.log.warn({ err }, 'daraja sandbox callback failed'));
    }, delayMs);
    timers.add(timer);
  };

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

  const passwordValid = (shortcode: string, password: string, timestamp: string) =>
    shortcode !== payments.shortcode ||
    password === Buffer.from(`${shortcode}${payments.passkey}${timestamp}`).toString('base64');

  const routeOptions = {
    config: { rateLimit: false },
    schema: { hide: true },
  } as const;

  /** Callbacks are posted once, or three times where the sandbox outcome asks for duplicates. */
  const postCallback = async (url: string, body: unknown, outcome: string) => {
    const times = outcome === 'duplicateCallback' ? 3 : 1;
    for (let i = 0; i < times; i++) await post(url, body);
  };

  /**
   * An M-Pesa API operation: the bearer token is checked, then the body against `schema`. A bad
   * body is a 400 naming the first invalid field, or a plain 'Bad Request' where `namesField` is
   * off (as Daraja answers for that operation).
   */
  const operation = <S extends z.ZodTypeAny>(
    path: string,
    schema: S,
    namesField: boolean,
    handle: (body: z.output<S>, reply: FastifyReply) => Promise<unknown>,
  ) =>
    app.post(`${DARAJA_SANDBOX_PREFIX}${path}`, routeOptions, async (request, reply) => {
      if (!authorised(request))
        return darajaError(reply, 401, '404.001.03', 'Invalid Access Token');
      const parsed = schema.safeParse(request.body);
      if (!parsed.success) {
        return badRequest(reply, namesField ? firstInvalidField(parsed.error) : undefined);
      }
      return handle(parsed.data as z.output<S>, reply);
    });

  app.get(`${DARAJA_SANDBOX_PREFIX}/oauth/v1/generate`, routeOptions, async (request, reply) => {
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

  operation('/mpesa/stkpush/v1/processrequest', stkPushSchema, true, async (body, reply) => {
    if (!Number.isInteger(body.Amount) || body.Amount < 1) {
      return badRequest(reply, 'Amount');
    }
    if (!/^254[17]\d{8}$/.test(body.PhoneNumber)) {
      return badRequest(reply, 'PhoneNumber');
    }
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
    stk.set(record.checkoutRequestId, record);
    const outcome = sandboxOutcome(body.PhoneNumber);
    later(async () => {
      const result = STK_RESULTS[outcome] ?? { code: 0, desc: 'ok' };
      record.resultCode = result.code;
      record.resultDesc = result.desc;
      if (outcome === 'unreachable' || outcome === 'callbackLost') return;
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
                      { Name: 'MpesaReceiptNumber', Value: receipt() },
                      { Name: 'TransactionDate', Value: Number(darajaTimestamp(new Date())) },
                      { Name: 'PhoneNumber', Value: Number(record.phone) },
                    ],
                  },
                }
              : {}),
          },
        },
      };
      await postCallback(body.CallBackURL, callback, outcome);
    });
    return {
      MerchantRequestID: record.merchantRequestId,
      CheckoutRequestID: record.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    };
  });

  operation('/mpesa/stkpushquery/v1/query', stkQuerySchema, false, async (body, reply) => {
    const record = stk.get(body.CheckoutRequestID);
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

  operation('/mpesa/b2c/v1/paymentrequest', b2cSchema, true, async (body, reply) => {
    if (!Number.isInteger(body.Amount) || body.Amount < 10) {
      return badRequest(reply, 'Amount');
    }
    if (!/^254[17]\d{8}$/.test(body.PartyB)) {
      return badRequest(reply, 'PartyB');
    }
    const conversation = newConversation(body.OriginatorConversationID ?? randomUUID());
    const outcome = sandboxOutcome(body.PartyB);
    const record: B2cRecord = {
      ...conversation,
      phone: body.PartyB,
      amount: body.Amount,
      status: null,
      receipt: null,
      initiatedAt: darajaTimestamp(new Date()),
      finalisedAt: null,
    };
    b2c.set(conversation.originatorConversationId, record);
    later(async () => {
      if (outcome === 'unreachable') {
        record.status = 'Failed';
        record.finalisedAt = darajaTimestamp(new Date());
        await post(
          body.QueueTimeOutURL,
          conversationResult(conversation, {
            type: 1,
            code: 1,
            desc: 'The request timed out in the queue.',
            transactionId: '',
          }),
        );
        return;
      }
      const failure =
        outcome === 'wrongPin'
          ? { code: 2001, desc: 'The initiator information is invalid.' }
          : outcome === 'insufficientFunds' || outcome === 'cancelled'
            ? { code: 1, desc: 'The balance is insufficient for the transaction.' }
            : null;
      const transactionId = receipt();
      record.status = failure ? 'Failed' : 'Completed';
      record.receipt = transactionId;
      record.finalisedAt = darajaTimestamp(new Date());
      b2c.set(transactionId, record);
      if (outcome === 'callbackLost') return;
      const result = conversationResult(
        conversation,
        {
          type: 0,
          code: failure?.code ?? 0,
          desc: failure?.desc ?? 'The service request is processed successfully.',
          transactionId,
        },
        {
          ...(failure
            ? {}
            : {
                ResultParameters: {
                  ResultParameter: [
                    { Key: 'TransactionAmount', Value: body.Amount },
                    { Key: 'TransactionReceipt', Value: transactionId },
                    {
                      Key: 'ReceiverPartyPublicName',
                      Value: `${body.PartyB} - Sandbox Customer`,
                    },
                    { Key: 'TransactionCompletedDateTime', Value: new Date().toISOString() },
                    { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
                  ],
                },
              }),
          ReferenceData: {
            ReferenceItem: { Key: 'QueueTimeoutURL', Value: body.QueueTimeOutURL },
          },
        },
      );
      await postCallback(body.ResultURL, result, outcome);
    });
    return acceptedRequest(conversation);
  });

  /**
   * TransactionStatusQuery: accepted at once; the status is posted to ResultURL later, naming
   * the query's own conversation ids and echoing Occasion, as Daraja does.
   */
  operation(
    '/mpesa/transactionstatus/v1/query',
    transactionStatusSchema,
    true,
    async (body, reply) => {
      const key = body.TransactionID?.trim() || body.OriginalConversationID?.trim() || '';
      if (!key) return badRequest(reply, 'TransactionID');
      const conversation = newConversation(randomUUID());
      later(async () => {
        const record = b2c.get(key);
        const reference = {
          ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: body.Occasion ?? '' } },
        };
        if (!record) {
          await post(
            body.ResultURL,
            conversationResult(
              conversation,
              {
                type: 0,
                code: 2032,
                desc: 'The transaction could not be found.',
                transactionId: '',
              },
              reference,
            ),
          );
          return;
        }
        await post(
          body.ResultURL,
          conversationResult(
            conversation,
            {
              type: 0,
              code: 0,
              desc: 'The service request is processed successfully.',
              transactionId: record.receipt ?? '',
            },
            {
              ResultParameters: {
                ResultParameter: [
                  { Key: 'ReceiptNo', Value: record.receipt ?? '' },
                  { Key: 'Conversation ID', Value: record.conversationId },
                  { Key: 'Originator Conversation ID', Value: record.originatorConversationId },
                  { Key: 'FinalisedTime', Value: record.finalisedAt ?? '' },
                  { Key: 'Amount', Value: record.amount },
                  { Key: 'TransactionStatus', Value: record.status ?? 'Pending' },
                  { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
                  { Key: 'InitiatedTime', Value: record.initiatedAt },
                  { Key: 'CreditPartyName', Value: `${record.phone} - Sandbox Customer` },
                  { Key: 'DebitPartyName', Value: `${payments.b2cShortcode} - Dau` },
                ],
              },
              ...reference,
            },
          ),
        );
      });
      return acceptedRequest(conversation);
    },
  );

  operation('/mpesa/c2b/v1/registerurl', registerSchema, false, async (body) => {
    c2bUrls.set(body.ShortCode, {
      confirmation: body.ConfirmationURL,
      validation: body.ValidationURL,
    });
    return {
      OriginatorCoversationID: randomUUID(),
      ResponseCode: '0',
      ResponseDescription: 'Success',
    };
  });

  /** The customer pays the paybill from their phone: validation, then confirmation. */
  operation('/mpesa/c2b/v1/simulate', simulateSchema, false, async (body, reply) => {
    const urls = c2bUrls.get(body.ShortCode);
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
    };
    later(async () => {
      const validation = (await post(urls.validation, payment)) as {
        ResultCode?: unknown;
      } | null;
      // Daraja treats a missing answer as accepted; anything but 0 rejects the payment.
      if (String(validation?.ResultCode ?? '0') !== '0') return;
      await post(urls.confirmation, payment);
    }, 0);
    return {
      OriginatorCoversationID: randomUUID(),
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    };
  });
}
