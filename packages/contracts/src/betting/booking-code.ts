import { z } from 'zod';
import { placeBetSelectionSchema } from './place-bet';

/**
 * Booking codes (issue #8 item 6; spec doc 2 §3 `ssid`, doc 1 §2 `/social-share/{ssid}`). The
 * spec names no call, so these follow its betslip calls:
 * `POST {core}/betslip/CreateBookingCode` stores the slip's selections under a short code, and
 * `GET {core}/betslip/GetBookingCode/{code}` answers them with current odds.
 */
export const createBookingCodeRequestSchema = z.object({
  siteId: z.number().int().min(1).max(4),
  /** The slip's selections with the odds the sharer saw (decimal, like PlaceBet). */
  selections: z.array(placeBetSelectionSchema).min(1).max(50),
});
export type CreateBookingCodeRequest = z.infer<typeof createBookingCodeRequestSchema>;

export const createBookingCodeResponseSchema = z.object({
  hasErrors: z.literal(false),
  /** The booking code, which is also the social share id. */
  ssid: z.string(),
  /** The page a friend opens: `/social-share/{ssid}`. */
  sharePath: z.string(),
  /** When the code stops loading: when the last of its events can no longer take bets. */
  expiresAt: z.string(),
  selectionsCount: z.number().int(),
});
export type CreateBookingCodeResponse = z.infer<typeof createBookingCodeResponseSchema>;

export const bookingCodeParamsSchema = z.object({ code: z.string().max(40) });

/**
 * A shared selection as it stands now. `open` ones go on the slip at `odds` (current);
 * `suspended` ones go on the slip blocked until the market reopens; `gone` ones (event over,
 * market or outcome removed) are listed with `message` and never added.
 */
export const bookingCodeSelectionSchema = z.object({
  eventId: z.number(),
  marketId: z.number(),
  specifier: z.string(),
  outcomeId: z.number(),
  /** Current decimal odds; the shared odds when the selection is gone. */
  odds: z.number(),
  /** The odds when the code was made. */
  sharedOdds: z.number(),
  status: z.enum(['open', 'suspended', 'gone']),
  message: z.string(),
  isLive: z.boolean(),
  eventName: z.string(),
  marketName: z.string(),
  outcomeName: z.string(),
  sportId: z.number(),
  /** Kick-off, ISO. */
  startTime: z.string(),
});
export type BookingCodeSelection = z.infer<typeof bookingCodeSelectionSchema>;

export const getBookingCodeResponseSchema = z.object({
  hasErrors: z.literal(false),
  ssid: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  selections: z.array(bookingCodeSelectionSchema),
});
export type GetBookingCodeResponse = z.infer<typeof getBookingCodeResponseSchema>;
