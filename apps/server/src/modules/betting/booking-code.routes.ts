import {
  bookingCodeParamsSchema,
  createBookingCodeRequestSchema,
  createBookingCodeResponseSchema,
  getBookingCodeResponseSchema,
} from '@dau/contracts/betting/booking-code';
import { errorEnvelopeSchema } from '@dau/contracts/errors';
import type { AppInstance } from '../../app-types';
import { authGuards } from '../../plugins/auth';
import { createBookingCode, loadBookingCode } from './booking-code.service';

const tags = ['betting'];

/** Booking codes and social share (issue #8 item 6): guests may share and load slips too. */
export async function bookingCodeRoutes(app: AppInstance): Promise<void> {
  const { optionalUser } = authGuards(app);

  app.post(
    '/api/core/betslip/CreateBookingCode',
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary: "Store the betslip's selections under a short booking code (the ssid)",
        description:
          'Codes are 6 symbols without 0, O, 1 or I. A selection whose market is gone is refused per event (`name` is the event id); suspended ones are kept. The code expires when none of its events can take bets, and at the latest BOOKING_CODE_HOURS_AFTER_START hours after the last kick-off.',
        body: createBookingCodeRequestSchema,
        response: {
          200: createBookingCodeResponseSchema,
          400: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      createBookingCode(
        app.deps,
        request.user,
        request.user?.siteId ?? request.site.siteId,
        request.body,
      ),
  );

  app.get(
    '/api/core/betslip/GetBookingCode/:code',
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary: 'The selections of a booking code with current odds; gone ones are flagged',
        description:
          'Case, spaces and dashes in the code do not matter. 400 for something that cannot be a code, 404 for an unknown or expired one.',
        params: bookingCodeParamsSchema,
        response: {
          200: getBookingCodeResponseSchema,
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      loadBookingCode(app.deps, request.user?.siteId ?? request.site.siteId, request.params.code),
  );
}
