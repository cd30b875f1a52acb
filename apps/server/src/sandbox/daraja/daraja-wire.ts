import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { darajaTimestamp } from '@dau/contracts/payments/daraja-time';
import type { AppInstance } from '../../app-types';

/**
 * Daraja's wire shapes as the sandbox speaks them: request schemas, error answers, the
 * conversation ids and asynchronous results of B2C, status, reversal and balance requests.
 */

export interface StkRecord {
  merchantRequestId: string;
  checkoutRequestId: string;
  phone: string;
  amount: number;
  /** null while the customer is still looking at the PIN prompt. */
  resultCode: number | null;
  resultDesc: string;
}

/** A payout as M-Pesa's records know it, for TransactionStatusQuery. */
export interface B2cRecord {
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

export const STK_RESULTS: Record<string, { code: number; desc: string }> = {
  success: { code: 0, desc: 'The service request is processed successfully.' },
  callbackLost: { code: 0, desc: 'The service request is processed successfully.' },
  duplicateCallback: { code: 0, desc: 'The service request is processed successfully.' },
  cancelled: { code: 1032, desc: 'Request cancelled by user' },
  insufficientFunds: { code: 1, desc: 'The balance is insufficient for the transaction' },
  wrongPin: { code: 2001, desc: 'The initiator information is invalid.' },
  unreachable: { code: 1037, desc: 'DS timeout user cannot be reached' },
};

export const stkPushSchema = z.object({
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

export const stkQuerySchema = z.object({
  BusinessShortCode: z.union([z.string(), z.number()]).transform(String),
  Password: z.string(),
  Timestamp: z.string(),
  CheckoutRequestID: z.string(),
});

export const b2cSchema = z.object({
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

export const transactionStatusSchema = z.object({
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

export const registerSchema = z.object({
  ShortCode: z.union([z.string(), z.number()]).transform(String),
  ResponseType: z.enum(['Completed', 'Cancelled']),
  ConfirmationURL: z.string().url(),
  ValidationURL: z.string().url(),
});

export const simulateSchema = z.object({
  ShortCode: z.union([z.string(), z.number()]).transform(String),
  CommandID: z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']),
  Amount: z.union([z.string(), z.number()]).transform(Number),
  Msisdn: z.union([z.string(), z.number()]).transform(String),
  BillRefNumber: z.string().optional(),
});

export const reversalSchema = z.object({
  Initiator: z.string().min(1),
  SecurityCredential: z.string().min(1),
  CommandID: z.literal('TransactionReversal'),
  TransactionID: z.string().min(1),
  Amount: z.union([z.string(), z.number()]).transform(Number),
  ReceiverParty: z.union([z.string(), z.number()]).transform(String),
  // Daraja's own spelling.
  RecieverIdentifierType: z.union([z.string(), z.number()]).transform(String),
  ResultURL: z.string().url(),
  QueueTimeOutURL: z.string().url(),
  Remarks: z.string().max(100),
  Occasion: z.string().max(100).optional(),
});

export const accountBalanceSchema = z.object({
  Initiator: z.string().min(1),
  SecurityCredential: z.string().min(1),
  CommandID: z.literal('AccountBalance'),
  PartyA: z.union([z.string(), z.number()]).transform(String),
  IdentifierType: z.union([z.string(), z.number()]).transform(String),
  Remarks: z.string().max(100),
  QueueTimeOutURL: z.string().url(),
  ResultURL: z.string().url(),
});

/** A completed M-Pesa transaction the sandbox can reverse, by its receipt. */
export interface Receipted {
  receipt: string;
  amount: number;
  /** Whose money it was: the customer's (STK, C2B) or the business' (B2C). */
  from: 'customer' | 'business';
  phone: string;
  reversed: boolean;
}

/**
 * The business' M-Pesa accounts in cents: STK and paybill money lands in the working account,
 * payouts leave the utility account and their fees the charges-paid account.
 */
export interface SandboxAccounts {
  working: number;
  utility: number;
  chargesPaid: number;
}

/** Sandbox fee of one B2C payout, in cents (Safaricom's tariff starts about here). */
export const B2C_CHARGE_CENTS = 1_500;

export function kes(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** `AccountBalance` as Daraja writes it: `name|currency|current|available|reserved|uncleared&…`. */
export function accountBalanceText(accounts: SandboxAccounts): string {
  return [
    ['Working Account', accounts.working],
    ['Float Account', 0],
    ['Utility Account', accounts.utility],
    ['Charges Paid Account', accounts.chargesPaid],
    ['Organization Settlement Account', 0],
  ]
    .map(([name, cents]) => `${name}|KES|${kes(cents as number)}|${kes(cents as number)}|0.00|0.00`)
    .join('&');
}

export function darajaError(
  reply: FastifyReply,
  status: number,
  errorCode: string,
  message: string,
) {
  return reply.code(status).send({
    requestId: `${randomBytes(4).toString('hex')}-${Date.now()}`,
    errorCode,
    errorMessage: message,
  });
}

/** Daraja's answer to a request that failed validation (its own words for each case). */
export function badRequest(reply: FastifyReply, invalid?: string) {
  return darajaError(
    reply,
    400,
    '400.002.02',
    invalid ? `Bad Request - Invalid ${invalid}` : 'Bad Request',
  );
}

/** The path of the first field that failed, as Daraja names it in its 400. */
export function firstInvalidField(error: z.ZodError): string {
  return error.issues[0]?.path.join('.') ?? 'body';
}

/** The ids a B2C or TransactionStatusQuery request is known by, in its answer and its result. */
export interface Conversation {
  conversationId: string;
  originatorConversationId: string;
}

/** A new conversation: the ConversationID as Daraja's API gateway makes them. */
export function newConversation(originatorConversationId: string): Conversation {
  return {
    conversationId: `AG_${darajaTimestamp(new Date())}_${randomBytes(8).toString('hex')}`,
    originatorConversationId,
  };
}

/** The synchronous answer to an accepted B2C or TransactionStatusQuery request. */
export function acceptedRequest(conversation: Conversation) {
  return {
    ConversationID: conversation.conversationId,
    OriginatorConversationID: conversation.originatorConversationId,
    ResponseCode: '0',
    ResponseDescription: 'Accept the service request successfully.',
  };
}

/** The asynchronous result of a conversation, as posted to its ResultURL or QueueTimeOutURL. */
export function conversationResult(
  conversation: Conversation,
  result: { type: 0 | 1; code: number | string; desc: string; transactionId: string },
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

export function receipt(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join('');
}

/** What the sandbox's route files share: its state and its ways of answering and calling back. */
export interface DarajaSandboxContext {
  scope: AppInstance;
  payments: AppInstance['deps']['config']['payments'];
  stk: Map<string, StkRecord>;
  /** Releases of STK pushes held unanswered (`pushTimeout`), released when the server closes. */
  held: Set<() => void>;
  /** Payouts by originator conversation id and by receipt. */
  b2c: Map<string, B2cRecord>;
  /** Completed transactions by receipt, for reversals. */
  receipts: Map<string, Receipted>;
  accounts: SandboxAccounts;
  c2bUrls: Map<string, { confirmation: string; validation: string }>;
  later(fn: () => Promise<void>, delayMs?: number): void;
  post(url: string, body: unknown): Promise<unknown>;
  /** Posted once, or three times where the sandbox outcome asks for duplicates. */
  postCallback(url: string, body: unknown, outcome: string): Promise<void>;
  /**
   * An M-Pesa API operation: the bearer token is checked, then the body against `schema`. A bad
   * body is a 400 naming the first invalid field, or a plain 'Bad Request' where `namesField`
   * is off (as Daraja answers for that operation).
   */
  operation<S extends z.ZodTypeAny>(
    path: string,
    schema: S,
    namesField: boolean,
    handle: (body: z.output<S>, reply: FastifyReply) => Promise<unknown>,
  ): void;
}
