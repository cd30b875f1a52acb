import { z } from 'zod';
import { eventSummarySchema } from './event-summary';

/**
 * Query values arrive as strings; each parser keeps the raw text so the server can refuse a
 * bad value with the spec's message instead of a generic schema error.
 */
const flag = z.enum(['true', 'false', 'True', 'False', '1', '0']).optional();
const text = z.string().max(500).optional();

/** GET {uof}/match/event/ListAllPreEvents (spec doc 2 §7). */
export const listAllPreEventsQuerySchema = z.object({
  sportId: text,
  categories: text.describe('Comma-separated category ids'),
  subCatId: text.describe('Subcategory (tournament) id, or a comma list'),
  isFilterOdds: flag,
  minOdds: text,
  maxOdds: text,
  sortBy: z.enum(['league', 'time']).optional(),
  fromDtTm: text.describe('ISO date-time; events kicking off at or after it'),
  toDtTm: text.describe('ISO date-time; events kicking off before it'),
  nrOfPre: text.describe('Page size, default 150, at most 500'),
  lastKey: text.describe('The lastKey of the previous page'),
  marketId: text.describe('Market shown in odds, default 1 (186 for sports without 1x2)'),
  specifier: text,
  includePreEvents: flag,
  includeLiveEvents: flag,
  siteid: text,
  timeOffset: text,
});
export type ListAllPreEventsQuery = z.infer<typeof listAllPreEventsQuerySchema>;

/** GET {uof}/match/event/ListAllEvents: live events (spec doc 2 §7). */
export const listAllEventsQuerySchema = z.object({
  sportId: text,
  specifier: text,
  subCatIdsCsv: text,
  marketId: text,
  includePreEvents: flag,
  includeLiveEvents: flag,
  nrOfPre: text.describe('Page size, default 200'),
  sortBy: z.enum(['league', 'time']).optional(),
  lastKey: text,
  siteid: text,
  timeOffset: text,
});
export type ListAllEventsQuery = z.infer<typeof listAllEventsQuerySchema>;

export const sportEventsSchema = z.object({
  id: z.number().int(),
  sportName: z.string(),
  nrOfEvents: z.number().int(),
  eventMin: z.array(eventSummarySchema),
});

export const listAllPreEventsResponseSchema = z.object({
  hasErrors: z.literal(false),
  liveCount: z.number().int(),
  /** Opaque key of the last event on this page; null when there are no more. */
  lastKey: z.string().nullable(),
  sports: z.array(sportEventsSchema),
});
export type ListAllPreEventsResponse = z.infer<typeof listAllPreEventsResponseSchema>;

export const listAllEventsResponseSchema = z.object({
  hasErrors: z.literal(false),
  datasource_entries: z.array(z.never()),
  liveCount: z.number().int(),
  lastKey: z.string().nullable(),
  sports: z.array(sportEventsSchema),
});
export type ListAllEventsResponse = z.infer<typeof listAllEventsResponseSchema>;

/** GET /api/uof/match/event/byId, both forms. */
export const eventByIdQuerySchema = z.object({
  eventid: text,
  eventId: text,
  siteid: text,
  marketId: text,
  timeOffset: text,
});
export const eventByIdResponseSchema = z.object({
  /** An object for the `eventid` form, a one-item array for the `eventId` + `marketId` form. */
  eventMin: z.union([eventSummarySchema, z.array(eventSummarySchema)]),
});
