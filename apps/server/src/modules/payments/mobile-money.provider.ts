/**
 * What Dau needs from a mobile-money operator. The Daraja implementation speaks M-Pesa's API;
 * the same interface can front Airtel Money or MTN MoMo for the other countries.
 * Amounts are whole currency units, as operators take them; phones are digits with country
 * code and no plus (`254712345678`).
 */
export interface MobileMoneyProvider {
  /** Deposit: asks the customer's phone for their PIN (STK push). */
  stkPush(request: {
    phone: string;
    amount: number;
    accountReference: string;
    description: string;
    callbackUrl: string;
  }): Promise<{ merchantRequestId: string; checkoutRequestId: string }>;
  /** Status of an STK push whose callback did not come. */
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
  /** Withdrawal: pays the customer from the business account (B2C). */
  b2cPayment(request: {
    phone: string;
    amount: number;
    remarks: string;
    occasion: string;
    originatorConversationId: string;
    resultUrl: string;
    timeoutUrl: string;
  }): Promise<{ conversationId: string; originatorConversationId: string }>;
  /**
   * Asks what became of a payout whose result never came (Daraja's TransactionStatusQuery). The
   * answer is asynchronous: it arrives at `resultUrl` and names `occasion` (the payment's id).
   */
  transactionStatus(request: {
    originatorConversationId: string;
    transactionId: string | null;
    occasion: string;
    remarks: string;
    resultUrl: string;
    timeoutUrl: string;
  }): Promise<{ conversationId: string }>;
  /**
   * Gives a completed transaction's money back (Daraja's TransactionReversal): a payout to the
   * business (`payout`), a customer's payment to the customer. The result arrives at
   * `resultUrl` and names `occasion` (the payment's id).
   */
  reverse(request: {
    transactionId: string;
    amount: number;
    payout: boolean;
    occasion: string;
    remarks: string;
    resultUrl: string;
    timeoutUrl: string;
  }): Promise<{ conversationId: string }>;
  /** Tells the operator where to send paybill (C2B) validation and confirmation. */
  registerC2bUrls(request: { validationUrl: string; confirmationUrl: string }): Promise<void>;
}

export type StkQueryResult =
  { state: 'pending' } | { state: 'done'; resultCode: number; resultDesc: string };

/** The operator refused or could not be reached; the message is safe to show. */
export class MobileMoneyError extends Error {
  /** The request may have been acted on: see `options.outcomeUnknown`. */
  readonly outcomeUnknown: boolean;

  constructor(
    message: string,
    readonly providerCode: string | null = null,
    options?: ErrorOptions & {
      /**
       * The request may have reached the provider and been acted on (no answer in time, or the
       * connection dropped after it was sent): the outcome is unknown, not a refusal (ADR 126).
       */
      outcomeUnknown?: boolean;
    },
  ) {
    super(message, options);
    this.name = 'MobileMoneyError';
    this.outcomeUnknown = options?.outcomeUnknown ?? false;
  }
}
