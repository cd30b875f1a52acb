import { z } from 'zod';

/**
 * An event as the lists and `byId` send it (spec doc 2 §3, "Event summary"), with the spec's
 * short keys. Odds travel as decimal numbers (1.85); `ibs` means blocked (suspended, or its
 * producer is down).
 */
export const outcomeItemSchema = z.object({
  /** Outcome id (glossary: 1/2/3 for 1x2, 12/13 over/under, ...). */
  id: z.number().int(),
  /** Outcome name, e.g. 'draw', 'over 2.5'. */
  n: z.string(),
  /** Decimal odds. */
  o: z.number(),
  ibs: z.boolean(),
});
export type OutcomeItem = z.infer<typeof outcomeItemSchema>;

export const marketGroupSchema = z.object({
  /** Market unique id within the event: `marketId` or `marketId|specifier`. */
  uid: z.string(),
  /** Market id (1, 10, 11, 18, 29, 186). */
  id: z.number().int(),
  /** Specifier, e.g. `total=2.5`; empty when the market has none. */
  sp: z.string(),
  n: z.string(),
  /** Market status (1 active, 0 deactivated, -1 suspended, -2 handed over, -3 settled, -4 cancelled). */
  s: z.number().int(),
  ibs: z.boolean(),
  m: z.array(outcomeItemSchema),
});
export type MarketGroup = z.infer<typeof marketGroupSchema>;

export const eventSummarySchema = z.object({
  id: z.number().int(),
  /** Subcategory (tournament) id. */
  tid: z.number().int(),
  /** Category (country) id. */
  cid: z.number().int(),
  /** Sport id. */
  sid: z.number().int(),
  ltn: z.string(),
  lcn: z.string(),
  lsn: z.string(),
  /** Home and away team names and the event name ('Home - Away'). */
  htn: z.string(),
  atn: z.string(),
  n: z.string(),
  /** Kick-off, ISO 8601 UTC, and as shown to bettors (UTC+3, 'dd/MM HH:mm'). */
  edt: z.string(),
  edtlocale: z.string(),
  odds: z.array(marketGroupSchema),
  isLive: z.boolean(),
  finished: z.boolean(),
  isdeleted: z.boolean(),
  /** Match status (event status: 0 not started, 1 live, 3 ended, ...). */
  ms: z.number().int(),
  /** Match time, e.g. "67'" (empty before kick-off). */
  mt: z.string(),
  /** Score 'home:away'. */
  sc: z.string(),
  /** Status text, e.g. '2nd half'. */
  st: z.string(),
  /** Number of open markets of the event. */
  nro: z.number().int(),
  ibs: z.boolean(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;
