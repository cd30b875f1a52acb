import { createHmac, timingSafeEqual } from 'node:crypto';
import { SITES, type SiteId } from '@dau/domain/sites';
import type { AirtelCredentials } from '../../config/mobile-money';
import {
  CallbackRejected,
  type MobileMoneyOperator,
  type OperatorCallback,
  type OperatorFailure,
  type OperatorOutcome,
  type OperatorRequest,
  type OperatorStarted,
} from './mobile-money.operator';
import { MobileMoneyError } from './mobile-money.provider';

/** Airtel's response codes (`status.response_code`) that say why a transaction failed. */
const RESPONSE_CODES: Record<string, OperatorFailure> = {
  DP00800001002: 'wrong-pin',
  DP00800001003: 'limit',
  DP00800001005: 'cancelled',
  DP00800001007: 'insufficient-funds',
  DP00800001010: 'not-registered',
  DP00800001024: 'expired',
  DP00800001029: 'expired',
};

/** A failure reason from a callback's free-text message (callbacks carry no response code). */
function reasonFromMessage(message: string): OperatorFailure {
  const m = message.toLowerCase();
  if (m.includes('insufficient')) return 'insufficient-funds';
  if (m.includes('pin')) return 'wrong-pin';
  if (m.includes('cancel') || m.includes('declin') || m.includes('refus')) return 'cancelled';
  if (m.includes('not registered') || m.includes('not found')) return 'not-registered';
  if (m.includes('timed out') || m.includes('expired')) return 'expired';
  return 'rejected';
}

interface AirtelTransaction {
  id?: string;
  status?: string;
  status_code?: string;
  message?: string;
  airtel_money_id?: string;
}
interface AirtelStatus {
  code?: string;
  message?: string;
  response_code?: string;
  success?: boolean;
}

/** `TS` success, `TF` failed, `TIP`/`TA` in progress, `TE` expired. */
export function airtelOutcome(t: AirtelTransaction, status?: AirtelStatus): OperatorOutcome {
  const code = t.status ?? t.status_code;
  const message = t.message ?? status?.message ?? '';
  if (code === 'TS') {
    return { state: 'succeeded', receipt: t.airtel_money_id ?? null, detail: message || 'TS' };
  }
  if (code === 'TF' || code === 'TE') {
    const responseCode = status?.response_code;
    const known = responseCode ? RESPONSE_CODES[responseCode] : undefined;
    const reason: OperatorFailure =
      known ?? (code === 'TE' ? 'expired' : reasonFromMessage(message));
    return { state: 'failed', reason, code: responseCode ?? code, detail: message || code };
  }
  return { state: 'pending' };
}

/** The `hash` Airtel puts in an authenticated callback: HMAC-SHA256 of the transaction. */
export function airtelCallbackHash(secret: string, transaction: unknown): string {
  return createHmac('sha256', secret).update(JSON.stringify(transaction)).digest('base64');
}

/**
 * Airtel Africa Open API, one instance per country: OAuth2 client-credentials token, collection
 * (`/merchant/v1/payments/`, a USSD push) with `X-Country`/`X-Currency`, its enquiry,
 * disbursement (`/standard/v1/disbursements/`, with the encrypted PIN) and its enquiry, and
 * the collection callback, whose `hash` is checked when a callback secret is configured.
 */
export class AirtelMoneyOperator implements MobileMoneyOperator {
  readonly provider = 'airtel-money' as const;
  readonly name = 'Airtel Money';
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    readonly siteId: SiteId,
    readonly currency: string,
    private readonly credentials: AirtelCredentials,
    private readonly baseUrl: () => string,
  ) {}

  private get country(): string {
    return SITES[this.siteId].countryCode.toUpperCase();
  }

  newProviderReference(reference: string): string {
    return reference;
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl()}${path}`, {
        ...init,
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new MobileMoneyError('Airtel Money could not be reached. Please try again.', null, {
        cause: error,
      });
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const res = await this.fetch('/auth/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: '*/*' },
      body: JSON.stringify({
        client_id: this.credentials.clientId,
        client_secret: this.credentials.clientSecret,
        grant_type: 'client_credentials',
      }),
    });
    const body = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: string | number;
    };
    if (!res.ok || !body.access_token) {
      throw new MobileMoneyError('Airtel Money refused our credentials.', String(res.status));
    }
    const ttl = Number(body.expires_in ?? 180);
    this.token = {
      value: body.access_token,
      expiresAt: Date.now() + Math.max(ttl - 30, 10) * 1000,
    };
    return body.access_token;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: object) {
    const res = await this.fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        'x-country': this.country,
        'x-currency': this.currency,
        accept: '*/*',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (res.status === 401) this.token = null;
    const json = (await res.json().catch(() => null)) as {
      data?: { transaction?: AirtelTransaction } | null;
      status?: AirtelStatus;
    } | null;
    if (!json) {
      throw new MobileMoneyError(
        'Airtel Money answered with something unexpected.',
        String(res.status),
      );
    }
    return { http: res.status, transaction: json.data?.transaction ?? null, status: json.status };
  }

  /** The national number Airtel wants: no country code, no leading zero. */
  private msisdn(phone: string): string {
    return phone.slice(SITES[this.siteId].phonePrefix.length);
  }

  async requestPayment(request: OperatorRequest): Promise<OperatorStarted> {
    const r = await this.call('POST', '/merchant/v1/payments/', {
      reference: request.description.slice(0, 64),
      subscriber: {
        country: this.country,
        currency: request.currency,
        msisdn: this.msisdn(request.phone),
      },
      transaction: {
        amount: request.amount,
        country: this.country,
        currency: request.currency,
        id: request.providerReference,
      },
    });
    if (r.http !== 200 || !r.status?.success) {
      throw new MobileMoneyError(
        r.status?.message ?? `HTTP ${r.http}`,
        r.status?.response_code ?? String(r.http),
      );
    }
    return { outcome: { state: 'pending' } };
  }

  private async enquiry(path: string): Promise<OperatorOutcome> {
    const r = await this.call('GET', path);
    if (r.http === 404 || r.status?.response_code === 'DP00800001025' || !r.transaction) {
      if (r.http === 404 || r.status?.response_code === 'DP00800001025') {
        return { state: 'not-found', detail: r.status?.message ?? 'not found' };
      }
      throw new MobileMoneyError(r.status?.message ?? `HTTP ${r.http}`, String(r.http));
    }
    return airtelOutcome(r.transaction, r.status);
  }

  paymentStatus(ref: { providerReference: string }) {
    return this.enquiry(`/standard/v1/payments/${encodeURIComponent(ref.providerReference)}`);
  }

  async payout(request: OperatorRequest): Promise<OperatorStarted> {
    const r = await this.call('POST', '/standard/v1/disbursements/', {
      payee: { msisdn: this.msisdn(request.phone), wallet_type: 'NORMAL' },
      reference: request.description.slice(0, 64),
      pin: this.credentials.disbursementPin,
      transaction: { amount: request.amount, id: request.providerReference, type: 'B2C' },
    });
    if (!r.transaction) {
      throw new MobileMoneyError(
        r.status?.message ?? `HTTP ${r.http}`,
        r.status?.response_code ?? String(r.http),
      );
    }
    // Disbursement answers with the transaction's state; TIP is settled later by enquiry.
    return { outcome: airtelOutcome(r.transaction, r.status) };
  }

  payoutStatus(ref: { providerReference: string }) {
    return this.enquiry(`/standard/v1/disbursements/${encodeURIComponent(ref.providerReference)}`);
  }

  parseCallback(_kind: 'payment' | 'payout', request: { body: unknown }): OperatorCallback | null {
    const body = request.body as { transaction?: AirtelTransaction; hash?: unknown } | null;
    const t = body?.transaction;
    if (!t || typeof t !== 'object' || typeof t.id !== 'string') return null;
    const secret = this.credentials.callbackSecret;
    if (secret) {
      const expected = Buffer.from(airtelCallbackHash(secret, t));
      const given = Buffer.from(typeof body.hash === 'string' ? body.hash : '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new CallbackRejected('The callback hash does not match.');
      }
    }
    if (t.status_code !== 'TS' && t.status_code !== 'TF') return null;
    return { providerReference: t.id, reference: null, outcome: airtelOutcome(t) };
  }
}
