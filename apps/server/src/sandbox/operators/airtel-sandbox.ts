import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { operatorOutcome, randomDigits, sandboxTimers, sendCallback } from './sandbox-kit';

/**
 * An Airtel Africa Open API sandbox at `/sandbox/airtel` (SANDBOX on): OAuth2 token, collection
 * `POST /merchant/v1/payments/` (a USSD push) with `X-Country`/`X-Currency`, enquiry
 * `GET /standard/v1/payments/{id}`, disbursement `POST /standard/v1/disbursements/` and its
 * enquiry, with Airtel's `{ data, status }` envelopes and `DP008…` response codes. It plays
 * Airtel's portal too: collection callbacks go to Dau's Airtel callback URL for the country
 * (as operations would register it), signed with the country's callback secret (`hash`).
 * Outcomes follow the phone's last four digits (`sandbox-kit.ts`).
 */
export const AIRTEL_SANDBOX_PREFIX = '/sandbox/airtel';

type Status = 'TS' | 'TF' | 'TIP';
interface AirtelRecord {
  kind: 'payment' | 'payout';
  id: string;
  country: string;
  status: Status;
  message: string;
  responseCode: string;
  airtelMoneyId: string | null;
}

const COUNTRIES: Record<string, { cc: 'ug' | 'zm' | 'tz'; currency: string }> = {
  UG: { cc: 'ug', currency: 'UGX' },
  ZM: { cc: 'zm', currency: 'ZMW' },
  TZ: { cc: 'tz', currency: 'TZS' },
};

const FAILURES = {
  cancelled: { code: 'DP00800001005', message: 'Transaction declined: the customer cancelled.' },
  insufficientFunds: { code: 'DP00800001007', message: 'Transaction failed: insufficient funds.' },
  notRegistered: { code: 'DP00800001010', message: 'Transaction failed: payer not registered.' },
} as const;

const collectionSchema = z.object({
  reference: z.string().min(1),
  subscriber: z.object({
    country: z.string(),
    currency: z.string(),
    msisdn: z.union([z.string(), z.number()]).transform(String),
  }),
  transaction: z.object({
    amount: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().positive()),
    country: z.string(),
    currency: z.string(),
    id: z.string().min(1).max(64),
  }),
});
const disbursementSchema = z.object({
  payee: z.object({ msisdn: z.union([z.string(), z.number()]).transform(String) }),
  reference: z.string().min(1),
  pin: z.string().min(1),
  transaction: z.object({
    amount: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().positive()),
    id: z.string().min(1).max(64),
  }),
});

function envelope(
  transaction: object | null,
  code: string,
  message: string,
  success: boolean,
  http = '200',
) {
  return {
    data: transaction ? { transaction } : null,
    status: {
      code: http,
      message,
      result_code: success ? 'ESB000010' : 'ESB000001',
      response_code: code,
      success,
    },
  };
}

export async function airtelSandbox(app: AppInstance): Promise<void> {
  const { mobileMoney, payments } = app.deps.config;
  const later = sandboxTimers(app, 'airtel');
  const tokens = new Map<string, number>();
  const records = new Map<string, AirtelRecord>();
  const opts = { config: { rateLimit: false }, schema: { hide: true } } as const;
  const P = AIRTEL_SANDBOX_PREFIX;

  /** Dau's callback URL for a country, as it would be registered on Airtel's portal. */
  const callbackUrl = (cc: string) => {
    const address = app.server.address() as AddressInfo | null;
    const base = (payments.callbackBaseUrl ?? `http://127.0.0.1:${address?.port ?? 0}`).replace(
      /\/$/,
      '',
    );
    return `${base}/api/payments/callbacks/${payments.callbackToken}/airtel-money/${cc}/payment`;
  };

  const authorised = (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const expires = tokens.get(header.startsWith('Bearer ') ? header.slice(7) : '');
    if (!expires || expires < Date.now()) {
      void reply
        .code(401)
        .send(
          envelope(
            null,
            'DP00800001026',
            'Unauthorized: invalid or expired access token.',
            false,
            '401',
          ),
        );
      return null;
    }
    const country = COUNTRIES[String(request.headers['x-country'] ?? '')];
    if (!country || request.headers['x-currency'] !== country.currency) {
      void reply
        .code(400)
        .send(
          envelope(null, 'DP00800001004', 'Invalid X-Country or X-Currency header.', false, '400'),
        );
      return null;
    }
    return country;
  };

  app.post(`${P}/auth/oauth2/token`, opts, async (request, reply) => {
    const body = z
      .object({
        client_id: z.string(),
        client_secret: z.string(),
        grant_type: z.literal('client_credentials'),
      })
      .safeParse(request.body);
    const known = Object.values(mobileMoney.airtel).some(
      (c) =>
        body.success &&
        c.clientId === body.data.client_id &&
        c.clientSecret === body.data.client_secret,
    );
    if (!known)
      return reply
        .code(401)
        .send({ error: 'invalid_client', error_description: 'Client authentication failed' });
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, Date.now() + 180_000);
    return { access_token: token, expires_in: '180', token_type: 'bearer' };
  });

  const settle = (record: AirtelRecord, phone: string, options: { callback: boolean }) => {
    const outcome = operatorOutcome(phone);
    if (outcome === 'neverAnswered') return;
    const failure =
      outcome === 'cancelled' || outcome === 'insufficientFunds' || outcome === 'notRegistered'
        ? FAILURES[outcome]
        : null;
    Object.assign(
      record,
      failure
        ? { status: 'TF', message: failure.message, responseCode: failure.code }
        : {
            status: 'TS',
            message: 'Transaction is successful.',
            responseCode: 'DP00800001001',
            airtelMoneyId: `MP${randomDigits(6)}.${randomDigits(4)}.L${randomDigits(5)}`,
          },
    );
    if (!options.callback || outcome === 'callbackLost') return Promise.resolve();
    const cc = COUNTRIES[record.country]!.cc;
    const transaction = {
      id: record.id,
      message: record.message,
      status_code: record.status,
      airtel_money_id: record.airtelMoneyId ?? '',
    };
    const secret = mobileMoney.airtel[cc].callbackSecret;
    const body = secret
      ? {
          transaction,
          hash: createHmac('sha256', secret).update(JSON.stringify(transaction)).digest('base64'),
        }
      : { transaction };
    return sendCallback(callbackUrl(cc), body, { times: outcome === 'duplicateCallback' ? 3 : 1 });
  };

  const view = (r: AirtelRecord) => ({
    airtel_money_id: r.airtelMoneyId ?? '',
    id: r.id,
    message: r.message,
    status: r.status,
  });

  app.post(`${P}/merchant/v1/payments/`, opts, async (request, reply) => {
    const country = authorised(request, reply);
    if (!country) return reply;
    const parsed = collectionSchema.safeParse(request.body);
    if (!parsed.success)
      return reply
        .code(400)
        .send(
          envelope(
            null,
            'DP00800001004',
            'Invalid request: check the amount and the subscriber.',
            false,
            '400',
          ),
        );
    const { transaction, subscriber } = parsed.data;
    if (records.has(transaction.id))
      return reply
        .code(200)
        .send(envelope(null, 'DP00800001009', 'Duplicate transaction id.', false));
    const record: AirtelRecord = {
      kind: 'payment',
      id: transaction.id,
      country: String(request.headers['x-country']),
      status: 'TIP',
      message: 'In process',
      responseCode: 'DP00800001006',
      airtelMoneyId: null,
    };
    records.set(transaction.id, record);
    later(
      async () => settle(record, subscriber.msisdn, { callback: true }),
      mobileMoney.sandboxDelayMs,
    );
    return envelope({ id: transaction.id, status: 'SUCCESS' }, 'DP00800001006', 'SUCCESS', true);
  });

  app.post(`${P}/standard/v1/disbursements/`, opts, async (request, reply) => {
    const country = authorised(request, reply);
    if (!country) return reply;
    const parsed = disbursementSchema.safeParse(request.body);
    if (!parsed.success)
      return reply
        .code(400)
        .send(
          envelope(
            null,
            'DP00800001004',
            'Invalid request: check the amount and the payee.',
            false,
            '400',
          ),
        );
    if (!Object.values(mobileMoney.airtel).some((c) => c.disbursementPin === parsed.data.pin)) {
      return envelope(null, 'DP00800001002', 'Incorrect PIN.', false);
    }
    const { transaction, payee } = parsed.data;
    if (records.has(transaction.id))
      return envelope(null, 'DP00800001009', 'Duplicate transaction id.', false);
    const record: AirtelRecord = {
      kind: 'payout',
      id: transaction.id,
      country: String(request.headers['x-country']),
      status: 'TIP',
      message: 'In process',
      responseCode: 'DP00800001006',
      airtelMoneyId: null,
    };
    records.set(transaction.id, record);
    // Disbursements answer with the outcome, unless it is slow (lost answers settle later).
    const outcome = operatorOutcome(payee.msisdn);
    if (outcome === 'callbackLost')
      later(
        async () => settle(record, payee.msisdn, { callback: false }),
        mobileMoney.sandboxDelayMs,
      );
    else await settle(record, payee.msisdn, { callback: false });
    return envelope(
      {
        reference_id: randomDigits(10),
        airtel_money_id: record.airtelMoneyId ?? '',
        id: record.id,
        status: record.status,
        message: record.message,
      },
      record.responseCode,
      record.message,
      record.status !== 'TF',
    );
  });

  for (const [path, kind] of [
    ['payments', 'payment'],
    ['disbursements', 'payout'],
  ] as const) {
    app.get(`${P}/standard/v1/${path}/:id`, opts, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const record = records.get((request.params as { id: string }).id);
      if (!record || record.kind !== kind)
        return envelope(null, 'DP00800001025', 'Transaction not found.', false);
      return envelope(view(record), record.responseCode, record.message, true);
    });
  }
}
