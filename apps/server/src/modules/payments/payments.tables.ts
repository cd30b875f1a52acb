import type { ColumnType, Generated, Selectable } from 'kysely';

export type PaymentDirection = 'deposit' | 'withdrawal';
/** `stk`: a push prompt to the phone (any provider); `c2b`: paybill; `b2c`: a payout. */
export type PaymentChannel = 'stk' | 'c2b' | 'b2c';
export type PaymentProvider = 'mpesa' | 'mtn-momo' | 'airtel-money' | 'vodacom-mpesa';
export type PaymentStatus = 'pending' | 'completed' | 'failed';

export interface PaymentsTable {
  id: Generated<number>;
  /** The id users and the wire see (`bbPaymentTransactionId`). */
  public_id: string;
  user_id: number;
  site_id: number;
  direction: PaymentDirection;
  channel: PaymentChannel;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  /** Integer cents requested (deposit) or reserved (withdrawal). */
  amount: number;
  tax: ColumnType<number, number | undefined, number>;
  phone: string;
  merchant_reference: string | null;
  checkout_request_id: string | null;
  merchant_request_id: string | null;
  conversation_id: string | null;
  originator_conversation_id: string | null;
  mpesa_receipt: string | null;
  result_code: number | null;
  result_desc: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  settled_at: Date | null;
  /** When reconciliation last asked M-Pesa about this payout (TransactionStatusQuery). */
  status_queried_at: Date | null;
  provider: ColumnType<PaymentProvider, PaymentProvider | undefined, PaymentProvider>;
  /** The id the operator knows the request by (MoMo X-Reference-Id, Airtel/Vodacom ids). */
  provider_reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** The operator's transaction id once done (M-Pesa's stays in `mpesa_receipt`). */
  provider_receipt: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when a deposit was failed for want of a confirmation (expiry). */
  expired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The language of the request that started it (its pushes' language); null: the site's. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
}
export type Payment = Selectable<PaymentsTable>;

export interface PaymentCallbacksTable {
  id: Generated<number>;
  kind: string;
  reference: string | null;
  body: ColumnType<unknown, string, string>;
  outcome: string;
  received_at: Generated<Date>;
}

export type DepositLimitPeriod = 'daily' | 'weekly' | 'monthly';

export interface DepositLimitsTable {
  user_id: number;
  period: DepositLimitPeriod;
  /** The limit in force, integer cents; null when none. */
  amount: number | null;
  /** A raised (or removed) limit waiting for its 24-hour cooling-off. */
  pending_amount: number | null;
  pending_from: Date | null;
  updated_at: Generated<Date>;
}
