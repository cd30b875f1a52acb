import { z } from 'zod';

/** An entry of the spec's `datasource_entries` list inside a successful or mixed answer. */
export const datasourceEntrySchema = z.object({
  error_triggered: z.boolean(),
  dimension_value: z.string(),
  value: z.string(),
  name: z.string().optional(),
});
export type DatasourceEntry = z.infer<typeof datasourceEntrySchema>;

/** The site/country/language triple most core calls carry (spec doc 2 §7). */
export const siteTripleSchema = z.object({
  siteid: z.coerce.number().int().optional(),
  country: z.string().max(8).optional(),
  lang: z.string().max(8).optional(),
});

/** Path parameters of `{core}/customer/.../{siteId}/{country}/{lang}`. */
export const sitePathParamsSchema = z.object({
  siteId: z.coerce.number().int().min(1).max(4),
  country: z.string().min(2).max(8),
  lang: z.string().min(2).max(8),
});
