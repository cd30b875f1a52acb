import { z } from 'zod';

/** Body and answers of `DELETE_ACCOUNT_REQUEST_PATH` (`./paths`). */
export const deleteAccountRequestSchema = z.object({
  reason: z.string().trim().max(500).optional(),
});

export const deletionRequestSchema = z.object({
  requestId: z.number().int(),
  status: z.enum(['pending', 'completed', 'withdrawn']),
  createdAt: z.string(),
});

export const deleteAccountResponseSchema = z.object({
  hasErrors: z.literal(false),
  request: deletionRequestSchema,
  datasource_entries: z.array(
    z.object({
      error_triggered: z.literal(false),
      dimension_value: z.string(),
      value: z.string(),
    }),
  ),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** `GET` of the same path: the open request, if any, so the page can show it. */
export const deleteAccountStatusSchema = z.object({
  request: deletionRequestSchema.nullable(),
});
