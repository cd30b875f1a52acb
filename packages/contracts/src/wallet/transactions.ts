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
  /** Currency units; negative for money leaving the cash balance. */
  amount: z.number(),
  /** Cash balance after this line; null while nothing has moved yet (pending deposit). */
  runningBalance: z.number().nullable(),
  reference: z.string().nullable(),
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
