import { z } from 'zod';

/** Availability flags (spec doc 2 §3): when a producer is down its markets take no bets. */
export const feedStatusSchema = z.object({
  uofLiveProducerUp: z.boolean(),
  uofPreProducerUp: z.boolean(),
  uofDisconnected: z.boolean(),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;
