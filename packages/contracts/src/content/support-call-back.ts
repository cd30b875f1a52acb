import { z } from 'zod';

/** Body and answer of `SUPPORT_CALL_BACK_PATH` (`./paths`). */
export const supportCallBackRequestSchema = z.object({
  /** `KE`, `ke`, ... ; must match the site when given. */
  countryCode: z.string().trim().max(8).optional(),
  /** The site asking; the request's site when left out. */
  siteId: z
    .union([z.number().int(), z.string().regex(/^\d{1,3}$/, 'must be a site id')])
    .transform(Number)
    .optional(),
  /** Free text as typed (the form starts it with +254); the server validates it. */
  phoneNumber: z.string().max(40).default(''),
});
export type SupportCallBackRequest = z.input<typeof supportCallBackRequestSchema>;

/** Success answers in the spec's shape: `hasErrors` and a message in `dimension_value`. */
export const supportCallBackResponseSchema = z.object({
  hasErrors: z.literal(false),
  requestId: z.number().int(),
  datasource_entries: z.array(
    z.object({
      error_triggered: z.literal(false),
      dimension_value: z.string(),
      value: z.string(),
    }),
  ),
});
export type SupportCallBackResponse = z.infer<typeof supportCallBackResponseSchema>;
