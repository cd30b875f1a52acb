import type {
  BookingCodeSelection,
  CreateBookingCodeResponse,
  GetBookingCodeResponse,
} from '@dau/contracts/betting/booking-code';
import { betslipSelections, type BetslipState } from '@dau/domain/betslip-state';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { currentSiteId } from '../../lib/site';
import { dispatchBetslip, toOdds } from '../../lib/betslip-store';
import { toWireSelection } from './place-bet';

/**
 * Booking codes (issue #8 item 6): `POST {core}/betslip/CreateBookingCode` stores the slip's
 * picks under a short code, `GET {core}/betslip/GetBookingCode/{code}` answers them with current
 * odds and flags the gone ones.
 */
export function createBookingCode(slip: BetslipState): Promise<CreateBookingCodeResponse> {
  return apiFetch<CreateBookingCodeResponse>({
    base: 'core',
    path: '/betslip/CreateBookingCode',
    body: { siteId: currentSiteId(), selections: betslipSelections(slip).map(toWireSelection) },
  });
}

export function fetchBookingCode(code: string, signal?: AbortSignal) {
  return apiFetch<GetBookingCodeResponse>({
    base: 'core',
    path: `/betslip/GetBookingCode/${encodeURIComponent(code)}`,
    ...(signal ? { signal } : {}),
  });
}

export const bookingCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['betslip', 'booking-code', code] as const,
    queryFn: ({ signal }) => fetchBookingCode(code, signal),
    // A bad or expired code stays bad: answer at once instead of retrying.
    retry: false,
    staleTime: 60_000,
  });

/** What identifies the picks a code was made for (a changed slip needs a new code). */
export function slipSignature(slip: BetslipState): string {
  return betslipSelections(slip)
    .map((s) => s.id)
    .sort()
    .join(',');
}

/** The shared selections that can go on a slip: open ones, and suspended ones (blocked). */
export function loadableSelections(selections: readonly BookingCodeSelection[]) {
  return selections.filter((s) => s.status !== 'gone');
}

/**
 * Puts a shared slip on the betslip in place of what was there, as a booking code means "bet
 * exactly this": open picks at today's odds, suspended ones blocked until their market reopens.
 * Returns how many were added.
 */
export function loadSharedSlip(shared: GetBookingCodeResponse): number {
  const picks = loadableSelections(shared.selections);
  dispatchBetslip({ type: 'removeAll' });
  for (const s of picks) {
    dispatchBetslip({
      type: 'add',
      selection: {
        eventId: s.eventId,
        // The slip keys markets as the feed does: `18|total=2.5`, or the bare id.
        marketId: s.specifier ? `${s.marketId}|${s.specifier}` : String(s.marketId),
        uid: s.outcomeId,
        odds: toOdds(s.odds),
        marketName: s.marketName,
        selectionName: s.outcomeName,
        suspended: s.status === 'suspended',
        event: { isLive: s.isLive, edtlocale: s.startTime, n: s.eventName },
      },
    });
  }
  dispatchBetslip({ type: 'setSsid', ssid: shared.ssid });
  return picks.length;
}
