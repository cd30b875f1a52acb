import {
  constants,
  createPublicKey,
  publicEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import type { SiteId } from '@dau/domain/sites';
import type { VodacomCredentials } from '../../config/mobile-money';
import type {
  MobileMoneyOperator,
  OperatorCallback,
  OperatorFailure,
  OperatorOutcome,
  OperatorRequest,
  OperatorStarted,
} from './mobile-money.operator';
import { MobileMoneyError } from './mobile-money.provider';

/** Vodacom's `output_ResponseCode`s that say why a request failed (final: nothing moved). */
const FAILURES: Record<string, OperatorFailure> = {
  'INS-5': 'cancelled',
  'INS-6': 'rejected',
  'INS-15': 'rejected',
  'INS-995': 'not-registered',
  'INS-996': 'not-registered',
  'INS-2006': 'insufficient-funds',
  'INS-2051': 'not-registered',
};
/**
 * Codes after which the outcome is unknown (internal error, the platform's own time-out,
 * overload, unknown status, a duplicate of a request already made): the status query decides.
 */
const UNKNOWN = new Set(['INS-1', 'INS-9', 'INS-10', 'INS-16', 'INS-23']);

interface VodacomAnswer {
  output_ResponseCode?: string;
  output_ResponseDesc?: string;
  output_TransactionID?: string;
  output_ConversationID?: string;
  output_ThirdPartyConversationID?: string;
  output_ResponseTransactionStatus?: string;
  output_OriginalTransactionID?: string;
  output_SessionID?: string;
}

/** What a C2B or B2C answer means. */
export function vodacomOutcome(http: number, body: VodacomAnswer | null): OperatorOutcome {
  const code = body?.output_ResponseCode ?? '';
  const detail = body?.output_ResponseDesc ?? `HTTP ${http}`;
  if (code === 'INS-0' && http >= 200 && http < 300) {
    return { state: 'succeeded', receipt: body?.output_TransactionID ?? null, detail };
  }
  if (!code || UNKNOWN.has(code) || http >= 500) return { state: 'pending' };
  return { state: 'failed', reason: FAILURES[code] ?? 'rejected', code, detail };
}

/**
 * What `queryTransactionStatus` says: `Completed`, `Cancelled`, `Expired`, `Failed` are final;
 * `N/A` means Vodacom holds no such transaction (for a payout it is kept pending instead: a
 * payout whose request may still be on its way is never given back on that word alone).
 */
export function vodacomStatusOutcome(
  body: VodacomAnswer,
  kind: 'payment' | 'payout',
): OperatorOutcome {
  const status = body.output_ResponseTransactionStatus ?? '';
  switch (status) {
    case 'Completed':
      return {
        state: 'succeeded',
        receipt: body.output_OriginalTransactionID ?? body.output_TransactionID ?? null,
        detail: 'Completed',
      };
    case 'Cancelled':
      return { state: 'failed', reason: 'cancelled', code: status, detail: status };
    case 'Expired':
      return { state: 'failed', reason: 'expired', code: status, detail: status };
    case 'Failed':
      return { state: 'failed', reason: 'rejected', code: status, detail: status };
    case 'N/A':
      return kind === 'payment'
        ? { state: 'not-found', detail: 'Vodacom has no such transaction' }
        : { state: 'pending' };
    default:
      return { state: 'pending' };
  }
}

/** Vodacom's public key as the portal gives it (base64 DER), or PEM. */
export function vodacomPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return createPublicKey(trimmed);
  return createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
}

/** The bearer token of the M-Pesa OpenAPI: the key, RSA-encrypted (PKCS#1 v1.5), base64. */
export function vodacomBearer(publicKey: KeyObject, plain: string): string {
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(plain),
  ).toString('base64');
}

export interface VodacomOptions {
  /** Path segment of the environment: `sandbox` or `openapi`. */
  environment: string;
  /** Vodacom's public key text; throws when there is none (not configured). */
  publicKey: () => string;
  /** A new session key takes this long to become usable (30 s on Vodacom's platform). */
  sessionActivationMs: number;
  /** How long a single-stage C2B may block (the customer answering the USSD prompt). */
  blockingTimeoutMs?: number;
}

const SESSION_TTL_MS = 50 * 60_000;

/** Waits until a new session key has become usable. */
async function usable(session: { usableAt: number }): Promise<void> {
  const wait = session.usableAt - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * Vodacom M-Pesa Tanzania over the M-Pesa OpenAPI (`/{environment}/ipg/v2/{market}/`), ADR
 * 132: `getSession` with the RSA-encrypted API key gives a session key, itself sent
 * RSA-encrypted as the bearer of every other call; C2B single stage (a USSD push; the call
 * blocks until the customer answers, so its answer is settled in the background as `later`),
 * B2C, and `queryTransactionStatus` by the third-party conversation id Dau makes before each
 * call. The platform sends no callbacks for these. A call whose answer is lost (transport
 * error, time-out, `INS-9`) resolves to pending, never to failed: the status query decides.
 */
export class VodacomMpesaOperator implements MobileMoneyOperator {
  readonly provider = 'vodacom-mpesa' as const;
  readonly name = 'M-Pesa';
  private session: { id: string; usableAt: number; expiresAt: number } | null = null;
  private key: KeyObject | null = null;

  constructor(
    readonly siteId: SiteId,
    readonly currency: string,
    private readonly credentials: VodacomCredentials,
    private readonly baseUrl: () => string,
    private readonly options: VodacomOptions,
  ) {}

  /** `input_Country`: the market's country (`vodacomTZN` → `TZN`). */
  private get country(): string {
    return this.credentials.market.slice(-3).toUpperCase();
  }

  newProviderReference(): string {
    return randomBytes(16).toString('hex');
  }

  private bearer(plain: string): string {
    try {
      this.key ??= vodacomPublicKey(this.options.publicKey());
      return `Bearer ${vodacomBearer(this.key, plain)}`;
    } catch (error) {
      throw new MobileMoneyError('M-Pesa (Vodacom) public key is missing or invalid.', null, {
        cause: error,
      });
    }
  }

  private url(path: string): string {
    const { environment } = this.options;
    return `${this.baseUrl()}/${environment}/ipg/v2/${this.credentials.market}/${path}`;
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    authorization: string,
    body?: object,
    timeoutMs = 30_000,
  ): Promise<{ http: number; body: VodacomAnswer | null }> {
    const res = await fetch(this.url(path), {
      method,
      headers: {
        authorization,
        origin: '*',
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { http: res.status, body: (await res.json().catch(() => null)) as VodacomAnswer };
  }

  /** The session key (`getSession`), kept until shortly before it lapses or is refused. */
  private async sessionKey(): Promise<{ id: string; usableAt: number }> {
    if (this.session && this.session.expiresAt > Date.now()) return this.session;
    let answer;
    try {
      answer = await this.send('GET', 'getSession/', this.bearer(this.credentials.apiKey));
    } catch (error) {
      if (error instanceof MobileMoneyError) throw error;
      throw new MobileMoneyError('M-Pesa could not be reached. Please try again.', null, {
        cause: error,
      });
    }
    const id = answer.body?.output_SessionID;
    if (answer.body?.output_ResponseCode !== 'INS-0' || !id) {
      throw new MobileMoneyError(
        `M-Pesa refused our API key (${answer.body?.output_ResponseDesc ?? `HTTP ${answer.http}`}).`,
        answer.body?.output_ResponseCode ?? String(answer.http),
      );
    }
    const now = Date.now();
    this.session = {
      id,
      usableAt: now + this.options.sessionActivationMs,
      expiresAt: now + SESSION_TTL_MS,
    };
    return this.session;
  }

  /** A C2B or B2C call: its outcome, pending when the answer is lost or says nothing final. */
  private async transact(
    path: string,
    session: { id: string; usableAt: number },
    body: object,
    timeoutMs: number,
  ): Promise<OperatorOutcome> {
    await usable(session);
    try {
      const answer = await this.send('POST', path, this.bearer(session.id), body, timeoutMs);
      if (answer.http === 401) this.session = null;
      return vodacomOutcome(answer.http, answer.body);
    } catch {
      return { state: 'pending' };
    }
  }

  private fields(request: OperatorRequest) {
    return {
      input_Amount: String(request.amount),
      input_Country: this.country,
      input_Currency: request.currency,
      input_CustomerMSISDN: request.phone.replace(/^\+/, ''),
      input_ServiceProviderCode: this.credentials.serviceProviderCode,
      input_ThirdPartyConversationID: request.providerReference,
      input_TransactionReference: request.reference,
    };
  }

  async requestPayment(request: OperatorRequest): Promise<OperatorStarted> {
    const session = await this.sessionKey();
    const later = this.transact(
      'c2bPayment/singleStage/',
      session,
      { ...this.fields(request), input_PurchasedItemsDesc: request.description.slice(0, 64) },
      this.options.blockingTimeoutMs ?? 120_000,
    );
    return { outcome: { state: 'pending' }, later };
  }

  async payout(request: OperatorRequest): Promise<OperatorStarted> {
    const session = await this.sessionKey();
    const outcome = await this.transact(
      'b2cPayment/',
      session,
      { ...this.fields(request), input_PaymentItemsDesc: request.description.slice(0, 64) },
      this.options.blockingTimeoutMs ?? 120_000,
    );
    return { outcome };
  }

  private async status(
    providerReference: string,
    kind: 'payment' | 'payout',
  ): Promise<OperatorOutcome> {
    const session = await this.sessionKey();
    await usable(session);
    const query = new URLSearchParams({
      input_QueryReference: providerReference,
      input_ServiceProviderCode: this.credentials.serviceProviderCode,
      input_ThirdPartyConversationID: this.newProviderReference(),
      input_Country: this.country,
    });
    let answer;
    try {
      answer = await this.send('GET', `queryTransactionStatus/?${query}`, this.bearer(session.id));
    } catch (error) {
      throw new MobileMoneyError('M-Pesa could not be reached. Please try again.', null, {
        cause: error,
      });
    }
    if (answer.http === 401) this.session = null;
    if (answer.body?.output_ResponseCode !== 'INS-0') {
      throw new MobileMoneyError(
        answer.body?.output_ResponseDesc ?? `HTTP ${answer.http}`,
        answer.body?.output_ResponseCode ?? String(answer.http),
      );
    }
    return vodacomStatusOutcome(answer.body, kind);
  }

  paymentStatus(ref: { providerReference: string }) {
    return this.status(ref.providerReference, 'payment');
  }

  payoutStatus(ref: { providerReference: string }) {
    return this.status(ref.providerReference, 'payout');
  }

  /** The OpenAPI's C2B single stage and B2C answer on the call itself: no callbacks. */
  parseCallback(): OperatorCallback | null {
    return null;
  }
}
