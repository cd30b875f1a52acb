import { z } from 'zod';

export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'bonus',
  'tax',
  'other',
] as const;
export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed'] as const;

/** `GET {core}/customer/transactions` — designed in the spec's style (the spec shows no call). */
export const transactionsQuerySchema = z.object({
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  /** Inclusive ISO dates or instants. */
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

export const transactionItemSchema = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  /**
   * Currency units; negative for money leaving the cash balance. A deposit or withdrawal is one
   * line with its final status: what reached or left the balance, or the requested amount.
   */
  amount: z.number(),
  /** Cash balance after this line; null while nothing has moved (pending or failed deposit). */
  runningBalance: z.number().nullable(),
  /** Dau's payment id (`DP…`, `WD…`, `PB…`) for deposits and withdrawals. */
  reference: z.string().nullable(),
  /** The provider's receipt (M-Pesa receipt, MoMo/Airtel/Vodacom transaction id), once paid. */
  providerReference: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type TransactionItem = z.infer<typeof transactionItemSchema>;

export const transactionsResponseSchema = z.object({
  items: z.array(transactionItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;
