import { z } from 'zod';

/**
 * Critical notices (issue #15 item 14, spec doc 2 §7 `Critical`): a site-wide message raised by
 * an operator, pushed to the site's room (`RegisterSiteId`) on the event hub and the events
 * channel alike. The client words the kind in its own language and shows `message` under it.
 */
export const CRITICAL_NOTICE_KINDS = [
  'maintenance',
  'suspension',
  'producerDown',
  'message',
] as const;
export type CriticalNoticeKind = (typeof CRITICAL_NOTICE_KINDS)[number];

export interface CriticalNoticePush {
  id: number;
  siteId: number;
  kind: CriticalNoticeKind;
  /** The operator's own words (may be empty for a kind that says enough). */
  message: string;
  /** False when the notice was withdrawn: clients drop it. */
  active: boolean;
  raisedAt: string;
}

/** The sandbox control that raises one (`POST /api/sandbox/notices`). */
export const raiseCriticalNoticeSchema = z
  .object({
    siteId: z.number().int().positive(),
    kind: z.enum(CRITICAL_NOTICE_KINDS),
    message: z.string().trim().max(280).default(''),
  })
  .refine((b) => b.kind !== 'message' || b.message.length > 0, {
    message: 'A notice of kind "message" needs a message.',
    path: ['message'],
  });
export type RaiseCriticalNotice = z.infer<typeof raiseCriticalNoticeSchema>;

export const criticalNoticeSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  kind: z.enum(CRITICAL_NOTICE_KINDS),
  message: z.string(),
  active: z.boolean(),
  raisedAt: z.string(),
});
