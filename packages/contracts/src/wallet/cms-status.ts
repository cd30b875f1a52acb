import { z } from 'zod';

/** The spec's `cmsStatusMsg` as a successful answer carries it: no errors, no entries. */
export const cmsStatusOkSchema = z.object({
  hasErrors: z.literal(false),
  datasource_entries: z.array(
    z.object({ error_triggered: z.boolean(), value: z.string(), dimension_value: z.string() }),
  ),
});
export type CmsStatusOk = z.infer<typeof cmsStatusOkSchema>;
