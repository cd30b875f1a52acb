import type { MobileMoneyProviderId } from '@dau/domain/mobile-money';
import type { SiteId } from '@dau/domain/sites';

/**
 * The one mobile-money interface every operator outside Kenya's Daraja speaks through (ADR 131):
 * deposit by push prompt, its status, payout, its status, and the operator's callbacks. The
 * provider-neutral flow (limits, ledger, reconciliation, expiry) is in `payments.settlement.ts`,
 * `deposits.service.ts`, `withdrawals.service.ts` and `reconciliation.service.ts`; each
 * adapter only translates. Kenya's `DarajaProvider` keeps its own, older interface
 * (`MobileMoneyProvider`) for the paybill (C2B) flows only Daraja has.
 *
 * References: `reference` is Dau's payment id (`DP…`/`WD…`); `providerReference` is the id the
 * operator knows the request by, made by Dau before the call (MoMo's X-Reference-Id UUID,
 * Airtel's transaction id, Vodacom's third-party conversation id), so a callback or status
 * answer always finds its row, even after a crash between the call and its answer.
 */
export type OperatorOutcome =
  /** The customer has not answered yet, or the operator is still working on it. */
  | { state: 'pending' }
  | { state: 'succeeded'; receipt: string | null; detail: string }
  /** Final: nothing was taken (deposit) or nothing was paid (payout). */
  | { state: 'failed'; reason: OperatorFailure; code: string; detail: string }
  /** The operator does not know the request: it never reached it. */
  | { state: 'not-found'; detail: string };

/** Why an operator refused, in Dau's words; `code` keeps the operator's own. */
export type OperatorFailure =
  | 'cancelled'
  | 'insufficient-funds'
  | 'wrong-pin'
  | 'unreachable'
  | 'expired'
  | 'not-registered'
  | 'limit'
  | 'rejected';

export interface OperatorRequest {
  reference: string;
  providerReference: string;
  /** E.164, `+256772123456`. */
  phone: string;
  /** Whole currency units, as operators take them. */
  amount: number;
  currency: string;
  description: string;
  callbackUrl: string;
}

export interface OperatorStarted {
  /** Known at once: `pending` for operators that call back, final for refusals. */
  outcome: OperatorOutcome;
  /**
   * For operators whose request blocks until the customer answers (Vodacom's C2B single
   * stage, B2C): the final outcome, settled in the background by the flow.
   */
  later?: Promise<OperatorOutcome>;
}

export interface OperatorCallback {
  providerReference: string | null;
  reference: string | null;
  outcome: OperatorOutcome;
}

export interface MobileMoneyOperator {
  readonly provider: Exclude<MobileMoneyProviderId, 'mpesa'>;
  readonly siteId: SiteId;
  /** Brand name for messages (`MTN MoMo`). */
  readonly name: string;
  readonly currency: string;
  /**
   * The operator's callbacks carry no signature (MoMo): a success is believed only once the
   * operator's status answer says the same.
   */
  readonly confirmCallbacksByStatus?: boolean;
  /** The id to send the operator for a new request of Dau's payment `reference`. */
  newProviderReference(reference: string): string;
  /** Deposit: prompts the phone for its PIN. */
  requestPayment(request: OperatorRequest): Promise<OperatorStarted>;
  paymentStatus(ref: { reference: string; providerReference: string }): Promise<OperatorOutcome>;
  /** Withdrawal: pays the phone from the business account. */
  payout(request: OperatorRequest): Promise<OperatorStarted>;
  payoutStatus(ref: { reference: string; providerReference: string }): Promise<OperatorOutcome>;
  /**
   * Reads a callback as the operator sends it. Throws `CallbackRejected` when it is not
   * authentic (wrong signature); returns null when it is not a callback of this operator.
   */
  parseCallback(
    kind: 'payment' | 'payout',
    request: { headers: Record<string, string | string[] | undefined>; body: unknown },
  ): OperatorCallback | null;
}

/** The operators the composition built, by provider and site. */
export interface MobileMoneyOperators {
  get(
    provider: Exclude<MobileMoneyProviderId, 'mpesa'>,
    siteId: SiteId,
  ): MobileMoneyOperator | null;
  list(): readonly MobileMoneyOperator[];
}

export function operatorRegistry(operators: readonly MobileMoneyOperator[]): MobileMoneyOperators {
  return {
    get: (provider, siteId) =>
      operators.find((o) => o.provider === provider && o.siteId === siteId) ?? null,
    list: () => operators,
  };
}

/** A callback that is not the operator's (bad signature): answered 401, nothing settled. */
export class CallbackRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallbackRejected';
  }
}
