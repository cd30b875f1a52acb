import { darajaTimestamp } from '@dau/contracts/payments/daraja-time';
import type { PaymentsConfig } from '../../config';
import {
  MobileMoneyError,
  type MobileMoneyProvider,
  type StkQueryResult,
} from './mobile-money.provider';

export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}

const PENDING_ERROR_CODE = '500.001.1001';

const STK_PUSH_PATH = '/mpesa/stkpush/v1/processrequest';

/** Errors that mean the request never left: no connection was made. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

function neverSent(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' && NOT_SENT_CODES.has(cause.code);
}

/**
 * M-Pesa Daraja over HTTP. `baseUrl` is Safaricom's (sandbox or production) or the built-in
 * sandbox; nothing else differs. The OAuth token is cached until shortly before it expires.
 */
export class DarajaProvider implements MobileMoneyProvider {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly config: PaymentsConfig,
    private readonly baseUrl: () => string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.config.consumerKey}:${this.config.consumerSecret}`).toString(
      'base64',
    );
    const res = await this.fetch('/oauth/v1/generate?grant_type=client_credentials', {
      method: 'GET',
      headers: { authorization: `Basic ${basic}` },
    });
    // Anything but the JSON of a token (an HTML error page from a proxy, a cut-off answer) is
    // M-Pesa being unavailable, not a fault of ours.
    let body: { access_token?: string; expires_in?: string };
    try {
      body = (await res.json()) as { access_token?: string; expires_in?: string };
    } catch (error) {
      throw new MobileMoneyError('M-Pesa sent an unreadable answer.', String(res.status), {
        cause: error,
      });
    }
    if (!res.ok || !body?.access_token) {
      throw new MobileMoneyError('M-Pesa refused our credentials.', String(res.status));
    }
    const ttl = Number(body.expires_in ?? 3599);
    this.token = { value: body.access_token, expiresAt: Date.now() + (ttl - 60) * 1000 };
    return body.access_token;
  }

  /**
   * One request to Daraja, bounded by DARAJA_TIMEOUT_MS. For an STK push (`prompts`: it may put
   * a PIN prompt on the customer's phone) that Daraja may have received (no answer in time, the
   * connection cut after sending), the error says the outcome is unknown (ADR 126). Other
   * requests keep failing as "could not be reached" (B2C has its own timeout handling).
   */
  private async fetch(path: string, init: RequestInit, prompts = false): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl()}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (error) {
      const unknown = prompts && !neverSent(error);
      throw new MobileMoneyError(
        unknown
          ? 'M-Pesa did not answer in time.'
          : 'M-Pesa could not be reached. Please try again.',
        null,
        { cause: error, outcomeUnknown: unknown },
      );
    }
  }

  private async call<T>(path: string, body: object): Promise<T> {
    const res = await this.fetch(
      path,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await this.accessToken()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      },
      path === STK_PUSH_PATH,
    );
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(await res.text()) as Record<string, unknown>;
      if (!json || typeof json !== 'object') throw new TypeError('not a JSON object');
    } catch {
      throw new MobileMoneyError('M-Pesa answered with something unexpected.', String(res.status));
    }
    if (res.status === 401) this.token = null;
    if (!res.ok || (json.ResponseCode !== undefined && String(json.ResponseCode) !== '0')) {
      const code = String(json.errorCode ?? json.ResponseCode ?? res.status);
      const message = String(json.errorMessage ?? json.ResponseDescription ?? 'M-Pesa error');
      throw new MobileMoneyError(message, code);
    }
    return json as T;
  }

  async stkPush(request: Parameters<MobileMoneyProvider['stkPush']>[0]) {
    const timestamp = darajaTimestamp(this.now());
    const res = await this.call<{ MerchantRequestID: string; CheckoutRequestID: string }>(
      STK_PUSH_PATH,
      {
        BusinessShortCode: this.config.shortcode,
        Password: stkPassword(this.config.shortcode, this.config.passkey, timestamp),
        Timestamp: timestamp,
        TransactionType: 'CustomerPayBillOnline',
        Amount: request.amount,
        PartyA: request.phone,
        PartyB: this.config.shortcode,
        PhoneNumber: request.phone,
        CallBackURL: request.callbackUrl,
        AccountReference: request.accountReference.slice(0, 12),
        TransactionDesc: request.description.slice(0, 13),
      },
    );
    return { merchantRequestId: res.MerchantRequestID, checkoutRequestId: res.CheckoutRequestID };
  }

  async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
    const timestamp = darajaTimestamp(this.now());
    try {
      const res = await this.call<{ ResultCode: string; ResultDesc: string }>(
        '/mpesa/stkpushquery/v1/query',
        {
          BusinessShortCode: this.config.shortcode,
          Password: stkPassword(this.config.shortcode, this.config.passkey, timestamp),
          Timestamp: timestamp,
          CheckoutRequestID: checkoutRequestId,
        },
      );
      return { state: 'done', resultCode: Number(res.ResultCode), resultDesc: res.ResultDesc };
    } catch (error) {
      if (error instanceof MobileMoneyError && error.providerCode === PENDING_ERROR_CODE) {
        return { state: 'pending' };
      }
      throw error;
    }
  }

  async b2cPayment(request: Parameters<MobileMoneyProvider['b2cPayment']>[0]) {
    const res = await this.call<{ ConversationID: string; OriginatorConversationID: string }>(
      '/mpesa/b2c/v1/paymentrequest',
      {
        OriginatorConversationID: request.originatorConversationId,
        InitiatorName: this.config.initiatorName,
        SecurityCredential: this.config.securityCredential,
        CommandID: 'BusinessPayment',
        Amount: request.amount,
        PartyA: this.config.b2cShortcode,
        PartyB: request.phone,
        Remarks: request.remarks.slice(0, 100),
        QueueTimeOutURL: request.timeoutUrl,
        ResultURL: request.resultUrl,
        Occassion: request.occasion.slice(0, 100),
      },
    );
    return {
      conversationId: res.ConversationID,
      originatorConversationId: res.OriginatorConversationID,
    };
  }

  async transactionStatus(request: Parameters<MobileMoneyProvider['transactionStatus']>[0]) {
    const res = await this.call<{ ConversationID: string; OriginatorConversationID: string }>(
      '/mpesa/transactionstatus/v1/query',
      {
        Initiator: this.config.initiatorName,
        SecurityCredential: this.config.securityCredential,
        CommandID: 'TransactionStatusQuery',
        // The receipt when M-Pesa gave one; otherwise the request's originator conversation id.
        TransactionID: request.transactionId ?? '',
        OriginalConversationID: request.originatorConversationId,
        PartyA: this.config.b2cShortcode,
        IdentifierType: '4',
        ResultURL: request.resultUrl,
        QueueTimeOutURL: request.timeoutUrl,
        Remarks: request.remarks.slice(0, 100),
        Occasion: request.occasion.slice(0, 100),
      },
    );
    return { conversationId: res.ConversationID };
  }

  async reverse(request: Parameters<MobileMoneyProvider['reverse']>[0]) {
    const res = await this.call<{ ConversationID: string }>('/mpesa/reversal/v1/request', {
      Initiator: this.config.initiatorName,
      SecurityCredential: this.config.securityCredential,
      CommandID: 'TransactionReversal',
      TransactionID: request.transactionId,
      Amount: request.amount,
      ReceiverParty: request.payout ? this.config.b2cShortcode : this.config.shortcode,
      // Daraja's spelling; 11 is the identifier type of a reversal's receiver.
      RecieverIdentifierType: '11',
      ResultURL: request.resultUrl,
      QueueTimeOutURL: request.timeoutUrl,
      Remarks: request.remarks.slice(0, 100),
      Occasion: request.occasion.slice(0, 100),
    });
    return { conversationId: res.ConversationID };
  }

  async registerC2bUrls(request: { validationUrl: string; confirmationUrl: string }) {
    await this.call('/mpesa/c2b/v1/registerurl', {
      ShortCode: this.config.shortcode,
      ResponseType: 'Completed',
      ConfirmationURL: request.confirmationUrl,
      ValidationURL: request.validationUrl,
    });
  }
}
