import { z } from 'zod';

/**
 * The spec's error envelope (doc 1 §8): every failed call answers `hasErrors: true` with one
 * `datasource_entries` item per problem. As in the spec's client, `dimension_value` is the
 * message shown to users; `value` carries the machine-readable code that clients branch on.
 */
export const errorEntrySchema = z.object({
  error_triggered: z.literal(true),
  dimension_value: z.string(),
  value: z.string(),
  name: z.string().optional(),
  /** On a price refusal (`ODDS_CHANGED`): the current decimal odds, so the client can ask. */
  odds: z.number().optional(),
});
export type ErrorEntry = z.infer<typeof errorEntrySchema>;

export const errorEnvelopeSchema = z.object({
  hasErrors: z.literal(true),
  datasource_entries: z.array(errorEntrySchema),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Error codes and the HTTP status each one answers with. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return errorEnvelopeSchema.safeParse(value).success;
}
