import { z } from 'zod';

/** `GET /api/admin/ledger-check` (sandbox and operators): the whole-ledger verification. */
export const ledgerCheckResponseSchema = z.object({
  ok: z.boolean(),
  problems: z.array(z.string()),
  transactions: z.number().int(),
  entries: z.number().int(),
});
