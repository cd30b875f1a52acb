import {
  constants,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { operatorOutcome, randomDigits, sandboxDelay } from './sandbox-kit';

/**
 * A Vodacom M-Pesa OpenAPI sandbox at `/sandbox/vodacom/{environment}/ipg/v2/{market}/`
 * (SANDBOX on, ADR 132): `getSession/` with the API key RSA-encrypted by the sandbox's public
 * key (`vodacomSandboxPublicKey`, what the portal would hand out), then with the encrypted
 * session key as bearer: `c2bPayment/singleStage/` (blocks while the customer "answers" the
 * USSD prompt, OPERATOR_SANDBOX_DELAY_MS), `b2cPayment/`, `queryTransactionStatus/`, with the
 * platform's `output_*` answers and `INS-` codes. Outcomes follow the phone's last four digits
 * (`sandbox-kit.ts`); the platform sends no callbacks, so 3333 answers late (after a status
 * query could already see the success) and 4040 drops the connection after completing.
 */
export const VODACOM_SANDBOX_PREFIX = '/sandbox/vodacom';

let keys: { publicKey: KeyObject; privateKey: KeyObject } | null = null;
function sandboxKeys() {
  keys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
  return keys;
}

/** The sandbox's public key as Vodacom's portal gives one: base64 DER (SPKI). */
export function vodacomSandboxPublicKey(): string {
  return sandboxKeys().publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
}

/**
 * Reverses the bearer: RSA PKCS#1 v1.5. Node 20 refuses that padding in `privateDecrypt`
 * (CVE-2023-46809), so the block is decrypted raw and the padding `00 02 PS 00 M` read here.
 */
export function decryptBearer(header: string | undefined): string | null {
  const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
  if (!token) return null;
  let block: Buffer;
  try {
    block = privateDecrypt(
      { key: sandboxKeys().privateKey, padding: constants.RSA_NO_PADDING },
      Buffer.from(token, 'base64'),
    );
  } catch {
    return null;
  }
  if (block[0] !== 0 || block[1] !== 2) return null;
  const end = block.indexOf(0, 2);
  if (end < 10) return null;
  return block.subarray(end + 1).toString();
}

type Status = 'N/A' | 'Completed' | 'Cancelled' | 'Failed';
interface VodacomRecord {
  kind: 'c2b' | 'b2c';
  thirdPartyConversationId: string;
  conversationId: string;
  transactionId: string | null;
  status: Status;
}

const ANSWERS = {
  ok: [201, 'INS-0', 'Request processed successfully'],
  cancelled: [422, 'INS-5', 'Transaction cancelled by customer'],
  insufficientFunds: [422, 'INS-2006', 'Insufficient balance'],
  notRegistered: [400, 'INS-2051', 'MSISDN invalid.'],
  timeout: [408, 'INS-9', 'Request timeout'],
  unauthorised: [401, 'INS-2', 'Invalid API Key'],
  missing: [400, 'INS-20', 'Not All Parameters Provided. Please try again.'],
  invalid: [400, 'INS-21', 'Parameter validations failed. Please try again.'],
  shortcode: [400, 'INS-13', 'Invalid Shortcode Used'],
  duplicate: [409, 'INS-10', 'Duplicate Transaction'],
  market: [400, 'INS-998', 'Invalid Market'],
} as const;
type Answer = keyof typeof ANSWERS;

const id = z.string().regex(/^[0-9a-zA-Z]{1,40}$/);
const transactionSchema = z.object({
  input_Amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
  input_Country: z.string(),
  input_Currency: z.string(),
  input_CustomerMSISDN: z.string().regex(/^255\d{9}$/),
  input_ServiceProviderCode: z.string(),
  input_ThirdPartyConversationID: id,
  input_TransactionReference: z.string().regex(/^[0-9a-zA-Z]{1,20}$/),
});
const REQUIRED = Object.keys(transactionSchema.shape);

export async function vodacomSandbox(app: AppInstance): Promise<void> {
  const { mobileMoney } = app.deps.config;
  const credentials = mobileMoney.vodacom.tz;
  const wait = sandboxDelay(app);
  const delay = mobileMoney.sandboxDelayMs;
  const sessions = new Map<string, number>();
  const records = new Map<string, VodacomRecord>();
  const opts = { config: { rateLimit: false }, schema: { hide: true } } as const;
  const base = `${VODACOM_SANDBOX_PREFIX}/:environment/ipg/v2/:market`;

  const answer = (reply: FastifyReply, which: Answer, extra: object = {}, http?: number) => {
    const [status, code, desc] = ANSWERS[which];
    // A time-out closes the connection, as gateways do (a kept-alive one after a 408 would
    // keep the server from closing).
    if (status === 408) void reply.header('connection', 'close');
    return reply
      .code(http ?? status)
      .send({ output_ResponseCode: code, output_ResponseDesc: desc, ...extra });
  };
  const market = (request: FastifyRequest) => {
    const { environment, market: m } = request.params as { environment: string; market: string };
    return (environment === 'sandbox' || environment === 'openapi') && m === credentials.market;
  };
  /** The session key in the bearer, known and alive; else the answer is sent. */
  const authorised = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const session = decryptBearer(request.headers.authorization);
    const expires = session ? sessions.get(session) : undefined;
    const refusal = !market(request)
      ? 'market'
      : !expires || expires < Date.now()
        ? 'unauthorised'
        : null;
    if (refusal) void answer(reply, refusal);
    return refusal === null;
  };

  app.get(`${base}/getSession/`, opts, async (request, reply) => {
    if (!market(request)) return answer(reply, 'market');
    if (decryptBearer(request.headers.authorization) !== credentials.apiKey)
      return answer(reply, 'unauthorised');
    const session = randomBytes(16).toString('hex');
    sessions.set(session, Date.now() + 60 * 60_000);
    return answer(reply, 'ok', { output_SessionID: session }, 200);
  });

  const transaction = (kind: 'c2b' | 'b2c', describedBy: string) =>
    app.post(
      `${base}/${kind === 'c2b' ? 'c2bPayment/singleStage' : 'b2cPayment'}/`,
      opts,
      async (request, reply) => {
        if (!authorised(request, reply)) return reply;
        const body = (request.body ?? {}) as Record<string, unknown>;
        if ([...REQUIRED, describedBy].some((k) => body[k] === undefined || body[k] === ''))
          return answer(reply, 'missing');
        const parsed = transactionSchema.safeParse(body);
        if (
          !parsed.success ||
          parsed.data.input_Currency !== 'TZS' ||
          parsed.data.input_Country !== credentials.market.slice(-3)
        )
          return answer(reply, 'invalid');
        const input = parsed.data;
        if (input.input_ServiceProviderCode !== credentials.serviceProviderCode)
          return answer(reply, 'shortcode');
        if (records.has(input.input_ThirdPartyConversationID)) return answer(reply, 'duplicate');
        const record: VodacomRecord = {
          kind,
          thirdPartyConversationId: input.input_ThirdPartyConversationID,
          conversationId: randomBytes(16).toString('hex'),
          transactionId: null,
          status: 'N/A',
        };
        records.set(record.thirdPartyConversationId, record);
        const ids = () => ({
          output_TransactionID: record.transactionId ?? '',
          output_ConversationID: record.conversationId,
          output_ThirdPartyConversationID: record.thirdPartyConversationId,
        });
        const outcome = operatorOutcome(input.input_CustomerMSISDN);
        if (outcome === 'notRegistered') return answer(reply, 'notRegistered', ids());
        // The customer answers the prompt (C2B); the platform works (B2C).
        await wait(delay);
        if (outcome === 'neverAnswered') return answer(reply, 'timeout', ids());
        const failure =
          outcome === 'insufficientFunds' || (outcome === 'cancelled' && kind === 'c2b')
            ? outcome
            : null;
        if (failure) {
          record.status = failure === 'cancelled' ? 'Cancelled' : 'Failed';
          return answer(reply, failure, ids());
        }
        record.status = 'Completed';
        record.transactionId = randomDigits(2) + randomBytes(4).toString('hex').toUpperCase();
        if (outcome === 'callbackLost') {
          // Completed, but the answer never reaches the caller.
          reply.hijack();
          request.raw.socket.destroy();
          return reply;
        }
        if (outcome === 'duplicateCallback') await wait(delay * 10);
        return answer(reply, 'ok', ids());
      },
    );
  transaction('c2b', 'input_PurchasedItemsDesc');
  transaction('b2c', 'input_PaymentItemsDesc');

  app.get(`${base}/queryTransactionStatus/`, opts, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const query = request.query as Record<string, string | undefined>;
    const required = [
      'input_QueryReference',
      'input_ServiceProviderCode',
      'input_ThirdPartyConversationID',
      'input_Country',
    ];
    if (required.some((k) => !query[k])) return answer(reply, 'missing');
    if (query.input_ServiceProviderCode !== credentials.serviceProviderCode)
      return answer(reply, 'shortcode');
    const ref = query.input_QueryReference;
    const record = [...records.values()].find(
      (r) =>
        r.thirdPartyConversationId === ref || r.conversationId === ref || r.transactionId === ref,
    );
    return answer(
      reply,
      'ok',
      {
        output_ResponseTransactionStatus: record?.status ?? 'N/A',
        output_ConversationID: record?.conversationId ?? '',
        output_ThirdPartyConversationID: query.input_ThirdPartyConversationID,
        output_OriginalTransactionID: record?.transactionId ?? '',
      },
      200,
    );
  });
}
