import { z } from 'zod';

const flag = z.enum(['true', 'false', 'True', 'False', '1', '0']).optional();

/** GET /api/uof/match/event/ListSports (spec doc 2 §7). */
export const listSportsQuerySchema = z.object({
  isForLive: flag,
  includeCats: flag,
  siteid: z.string().max(20).optional(),
  timeOffset: z.string().max(20).optional(),
});

export const subCategoryItemSchema = z.object({
  id: z.number().int(),
  sportId: z.number().int(),
  categoryId: z.number().int(),
  name: z.string(),
  nrOfEvents: z.number().int(),
});

export const categoryItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  subCategories: z.array(subCategoryItemSchema),
});

export const quickFilterSchema = z.object({
  marketId: z.number().int(),
  specifier: z.string(),
  name: z.string(),
});

/** A sports list item (spec doc 2 §3). */
export const sportListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  defaultMarketId: z.number().int(),
  sportOrder: z.number().int(),
  nrOfEvents: z.number().int(),
  /** Sport 987987 lists its events by league (spec doc 2 §9). */
  sortBy: z.enum(['league', 'time']),
  categories: z.array(categoryItemSchema),
  quickFilter: z.array(quickFilterSchema),
});
export type SportListItem = z.infer<typeof sportListItemSchema>;
export const listSportsResponseSchema = z.array(sportListItemSchema);

/** GET {core}/event/ListLiveSports/ */
export const listLiveSportsQuerySchema = z.object({
  siteid: z.string().max(20).optional(),
  langcode: z.string().max(20).optional(),
  country: z.string().max(20).optional(),
});
export const listLiveSportsResponseSchema = z.object({
  liveCount: z.number().int(),
  sports: z.array(sportListItemSchema),
});

/** GET /api/uof/az/popularbysport/1 (spec doc 1 §7): the popular-football menus. */
export const popularBySportResponseSchema = z.object({
  subCategories: z.array(
    z.object({
      /** Subcategory (tournament) id, name, event count, parent category name and id. */
      i: z.number().int(),
      n: z.string(),
      c: z.number().int(),
      pn: z.string(),
      pi: z.number().int(),
    }),
  ),
  categories: z.array(z.object({ i: z.number().int(), n: z.string(), c: z.number().int() })),
});
export type PopularBySportResponse = z.infer<typeof popularBySportResponseSchema>;
