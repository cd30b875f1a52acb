import { randomUUID } from 'node:crypto';
import type { SiteId } from '@dau/domain/sites';
import type { MomoCredentials } from '../../config/mobile-money';
import type {
  MobileMoneyOperator,
  OperatorCallback,
  OperatorFailure,
  OperatorOutcome,
  OperatorRequest,
  OperatorStarted,
} from './mobile-money.operator';
import { MobileMoneyError } from './mobile-money.provider';

/** MoMo's failure reasons (GET …/requesttopay/{id}, callbacks) in Dau's words. */
const REASONS: Record<string, OperatorFailure> = {
  APPROVAL_REJECTED: 'cancelled',
  TRANSACTION_CANCELED: 'cancelled',
  NOT_ENOUGH_FUNDS: 'insufficient-funds',
  EXPIRED: 'expired',
  COULD_NOT_PERFORM_TRANSACTION: 'expired',
  PAYER_NOT_FOUND: 'not-registered',
  PAYEE_NOT_FOUND: 'not-registered',
  SENDER_ACCOUNT_NOT_ACTIVE: 'not-registered',
  PAYEE_NOT_ALLOWED_TO_RECEIVE: 'not-registered',
  PAYER_LIMIT_REACHED: 'limit',
};

interface MomoTransaction {
  status?: string;
  reason?: string | { code?: string; message?: string };
  financialTransactionId?: string;
  externalId?: string;
}

function reasonCode(reason: MomoTransaction['reason']): string {
  if (!reason) return 'UNSPECIFIED';
  return typeof reason === 'string' ? reason : (reason.code ?? 'UNSPECIFIED');
}

/** A MoMo transaction (status answer or callback body) as an outcome. */
export function momoOutcome(t: MomoTransaction): OperatorOutcome {
  switch (t.status) {
    case 'SUCCESSFUL':
      return {
        state: 'succeeded',
        receipt: t.financialTransactionId ?? null,
        detail: 'SUCCESSFUL',
      };
    case 'FAILED': {
      const code = reasonCode(t.reason);
      return { state: 'failed', reason: REASONS[code] ?? 'rejected', code, detail: code };
    }
    default:
      return { state: 'pending' };
  }
}

type Product = 'collection' | 'disbursement';

/**
 * MTN MoMo Open API (Collection and Disbursement), one instance per country: requesttopay with
 * X-Reference-Id / X-Target-Environment / X-Callback-Url, its status, transfer, account holder
 * check; OAuth tokens per product from the API user and key, with the product's subscription
 * key on every call. `baseUrl` is MTN's or the built-in sandbox's; nothing else differs.
 */
export class MtnMomoOperator implements MobileMoneyOperator {
  readonly provider = 'mtn-momo' as const;
  readonly name = 'MTN MoMo';
  /** Callbacks carry no signature: a success is confirmed by asking MoMo before crediting. */
  readonly confirmCallbacksByStatus = true;
  private tokens = new Map<Product, { value: string; expiresAt: number }>();

  constructor(
    readonly siteId: SiteId,
    readonly currency: string,
    private readonly credentials: MomoCredentials,
    private readonly baseUrl: () => string,
  ) {}

  newProviderReference(): string {
    return randomUUID();
  }

  private keys(product: Product) {
    const c = this.credentials;
    return product === 'collection'
      ? { user: c.collectionUserId, key: c.collectionApiKey, sub: c.collectionSubscriptionKey }
      : {
          user: c.disbursementUserId,
          key: c.disbursementApiKey,
          sub: c.disbursementSubscriptionKey,
        };
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl()}${path}`, {
        ...init,
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new MobileMoneyError('MTN MoMo could not be reached. Please try again.', null, {
        cause: error,
      });
    }
  }

  private async token(product: Product): Promise<string> {
    const cached = this.tokens.get(product);
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    const { user, key, sub } = this.keys(product);
    const res = await this.fetch(`/${product}/token/`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`,
        'ocp-apim-subscription-key': sub,
      },
    });
    const body = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
    };
    if (!res.ok || !body.access_token) {
      throw new MobileMoneyError('MTN MoMo refused our credentials.', String(res.status));
    }
    const ttl = Number(body.expires_in ?? 3600);
    this.tokens.set(product, {
      value: body.access_token,
      expiresAt: Date.now() + (ttl - 60) * 1000,
    });
    return body.access_token;
  }

  private async call(
    product: Product,
    method: 'GET' | 'POST',
    path: string,
    extra: { headers?: Record<string, string>; body?: object } = {},
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const res = await this.fetch(`/${product}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.token(product)}`,
        'ocp-apim-subscription-key': this.keys(product).sub,
        'x-target-environment': this.credentials.targetEnvironment,
        ...(extra.body ? { 'content-type': 'application/json' } : {}),
        ...extra.headers,
      },
      ...(extra.body ? { body: JSON.stringify(extra.body) } : {}),
    });
    if (res.status === 401) this.tokens.delete(product);
    const text = await res.text();
    let json: Record<string, unknown>;
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      throw new MobileMoneyError(
        'MTN MoMo answered with something unexpected.',
        String(res.status),
      );
    }
    return { status: res.status, json };
  }

  private async start(product: Product, request: OperatorRequest): Promise<OperatorStarted> {
    const party = { partyIdType: 'MSISDN', partyId: request.phone.replace(/^\+/, '') };
    const path = product === 'collection' ? '/v1_0/requesttopay' : '/v1_0/transfer';
    const { status, json } = await this.call(product, 'POST', path, {
      headers: {
        'x-reference-id': request.providerReference,
        'x-callback-url': request.callbackUrl,
      },
      body: {
        amount: String(request.amount),
        currency: request.currency,
        externalId: request.reference,
        ...(product === 'collection' ? { payer: party } : { payee: party }),
        payerMessage: request.description.slice(0, 160),
        payeeNote: request.description.slice(0, 160),
      },
    });
    if (status === 202) return { outcome: { state: 'pending' } };
    throw new MobileMoneyError(
      String(json.message ?? json.code ?? `HTTP ${status}`),
      String(json.code ?? status),
    );
  }

  private async status(product: Product, providerReference: string): Promise<OperatorOutcome> {
    const path =
      product === 'collection'
        ? `/v1_0/requesttopay/${providerReference}`
        : `/v1_0/transfer/${providerReference}`;
    const { status, json } = await this.call(product, 'GET', path);
    if (status === 404) return { state: 'not-found', detail: String(json.code ?? 'NOT_FOUND') };
    if (status !== 200) {
      throw new MobileMoneyError(String(json.message ?? `HTTP ${status}`), String(status));
    }
    return momoOutcome(json as MomoTransaction);
  }

  requestPayment(request: OperatorRequest) {
    return this.start('collection', request);
  }

  paymentStatus(ref: { providerReference: string }) {
    return this.status('collection', ref.providerReference);
  }

  payout(request: OperatorRequest) {
    return this.start('disbursement', request);
  }

  payoutStatus(ref: { providerReference: string }) {
    return this.status('disbursement', ref.providerReference);
  }

  /** Whether a number has an active MoMo wallet (account holder check). */
  async isActive(phone: string): Promise<boolean> {
    const msisdn = phone.replace(/^\+/, '');
    const { status, json } = await this.call(
      'collection',
      'GET',
      `/v1_0/accountholder/msisdn/${msisdn}/active`,
    );
    return status === 200 && json.result === true;
  }

  /** MoMo PUTs (or POSTs) the transaction as the status call shows it; `externalId` is ours. */
  parseCallback(_kind: 'payment' | 'payout', request: { body: unknown }): OperatorCallback | null {
    const body = request.body as MomoTransaction | null;
    if (!body || typeof body !== 'object' || typeof body.externalId !== 'string') return null;
    if (body.status !== 'SUCCESSFUL' && body.status !== 'FAILED') return null;
    return { providerReference: null, reference: body.externalId, outcome: momoOutcome(body) };
  }
}
