import { z } from 'zod';

const limitAmount = z
  .union([z.number().positive(), z.string().max(30)])
  .nullable()
  .optional();

/** `POST {payments}/deposit-limits`: amounts in currency units; null removes a limit. */
export const depositLimitsRequestSchema = z.object({
  daily: limitAmount,
  weekly: limitAmount,
  monthly: limitAmount,
});

export const depositLimitsResponseSchema = z.object({
  limits: z.array(
    z.object({
      period: z.enum(['daily', 'weekly', 'monthly']),
      amount: z.number().nullable(),
      /** A raised or removed limit waiting for its 24-hour cooling-off. */
      pendingAmount: z.number().nullable(),
      pendingFrom: z.string().nullable(),
    }),
  ),
});
