import { randomInt } from 'node:crypto';
import type {
  BookingCodeSelection,
  CreateBookingCodeRequest,
  CreateBookingCodeResponse,
  GetBookingCodeResponse,
} from '@dau/contracts/betting/booking-code';
import { generateBookingCode, normalizeBookingCode } from '@dau/domain/booking-code';
import { MARKET_EXPIRED } from '@dau/domain/messages';
import { parseOdds } from '@dau/domain/odds';
import type { AppDeps, SessionUser } from '../../app-types';
import { AppError, type ErrorDetail } from '../../errors/app-error';
import { checkSelectionOpen, type MarketSelection } from '../feed/market-availability';
import { selectionEventInfo, type SelectionEventInfo } from './betting.repository';
import {
  bookingCode,
  deleteExpiredBookingCodes,
  insertBookingCode,
} from './booking-code.repository';
import type { StoredBookingSelection } from './booking-code.tables';

const HOUR_MS = 60 * 60 * 1000;
const CODE_ATTEMPTS = 8;

type SelectionState =
  | { status: 'open' | 'suspended'; odds: number; isLive: boolean }
  | {
      status: 'gone';
      message: string;
    };

/** Where a selection stands now: open, suspended (may reopen) or gone for good. */
async function selectionState(deps: AppDeps, s: MarketSelection): Promise<SelectionState> {
  const a = await checkSelectionOpen(deps.db, s, deps.now());
  if (a.open) return { status: 'open', odds: a.odds, isLive: a.isLive };
  if (a.message === MARKET_EXPIRED) return { status: 'gone', message: a.message };
  return { status: 'suspended', odds: 0, isLive: false };
}

const perEvent = (eventId: number, code: string, message: string): ErrorDetail => ({
  code,
  message,
  name: String(eventId),
});

/**
 * Stores the slip's selections under a new code. Every selection must still exist (a gone one is
 * refused per event, so the sharer's slip blocks it as PlaceBet's refusals do); suspended ones
 * are kept, since they may reopen. The code expires after the last kick-off plus the configured
 * hours, and before that as soon as none of its events can take bets.
 */
export async function createBookingCode(
  deps: AppDeps,
  user: SessionUser | null,
  siteId: number,
  input: CreateBookingCodeRequest,
): Promise<CreateBookingCodeResponse> {
  if (input.siteId !== siteId) {
    throw new AppError('BAD_REQUEST', [
      { code: 'WRONG_SITE', message: 'This betslip is for another site.', name: 'siteId' },
    ]);
  }
  const seen = new Set<number>();
  const errors: ErrorDetail[] = [];
  const stored: StoredBookingSelection[] = [];
  let lastStart = 0;
  for (const s of input.selections) {
    if (seen.has(s.eventId)) {
      errors.push(perEvent(s.eventId, 'SAME_EVENT', 'Only one selection per event can be shared.'));
      continue;
    }
    seen.add(s.eventId);
    const odds = parseOdds(s.odds);
    if (odds === null || odds <= 100) {
      throw new AppError('VALIDATION_FAILED', [
        perEvent(s.eventId, 'INVALID_ODDS', 'Odds must be above 1 with at most two decimals.'),
      ]);
    }
    const state = await selectionState(deps, s);
    const info = await selectionEventInfo(deps.db, s);
    if (state.status === 'gone' || !info) {
      errors.push(perEvent(s.eventId, 'SELECTION_GONE', MARKET_EXPIRED));
      continue;
    }
    lastStart = Math.max(lastStart, info.startTime.getTime());
    stored.push({
      eventId: s.eventId,
      marketId: s.marketId,
      specifier: s.specifier,
      outcomeId: s.outcomeId,
      odds,
    });
  }
  if (errors.length > 0) throw new AppError('CONFLICT', errors);

  const now = deps.now();
  const expiresAt = new Date(
    Math.max(lastStart, now.getTime()) + deps.config.betting.bookingCodeHoursAfterStart * HOUR_MS,
  );
  await deleteExpiredBookingCodes(deps.db, now);
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const code = generateBookingCode(randomInt);
    const inserted = await insertBookingCode(deps.db, {
      code,
      siteId,
      userId: user?.userId ?? null,
      selections: stored,
      createdAt: now,
      expiresAt,
    });
    if (inserted) {
      return {
        hasErrors: false,
        ssid: code,
        sharePath: `/social-share/${code}`,
        expiresAt: expiresAt.toISOString(),
        selectionsCount: stored.length,
      };
    }
  }
  // About a billion codes: eight collisions in a row means something else is wrong.
  throw new AppError('UNAVAILABLE', 'A booking code could not be made. Please try again.');
}

function describe(
  s: StoredBookingSelection,
  info: SelectionEventInfo | null,
  state: SelectionState,
): BookingCodeSelection {
  const sharedOdds = s.odds / 100;
  return {
    eventId: s.eventId,
    marketId: s.marketId,
    specifier: s.specifier,
    outcomeId: s.outcomeId,
    odds: state.status === 'open' ? state.odds / 100 : sharedOdds,
    sharedOdds,
    status: state.status,
    message:
      state.status === 'gone' ? state.message : state.status === 'suspended' ? 'Suspended' : '',
    isLive: state.status === 'gone' ? false : state.isLive,
    eventName: info ? `${info.home} - ${info.away}` : `Event ${s.eventId}`,
    marketName: info?.marketName ?? `Market ${s.marketId}`,
    outcomeName: info?.outcomeName ?? `Outcome ${s.outcomeId}`,
    sportId: info?.sportId ?? 0,
    startTime: (info?.startTime ?? new Date(0)).toISOString(),
  };
}

/**
 * A code's selections as they stand now: current odds for open ones, the gone ones flagged. A
 * code none of whose events can take bets any more has expired, as has one past its expiry.
 */
export async function loadBookingCode(
  deps: AppDeps,
  siteId: number,
  typed: string,
): Promise<GetBookingCodeResponse> {
  const code = normalizeBookingCode(typed);
  if (code === null) {
    throw new AppError('VALIDATION_FAILED', [
      {
        code: 'INVALID_BOOKING_CODE',
        message: 'Enter a valid booking code: 6 letters and digits.',
        name: 'code',
      },
    ]);
  }
  const row = await bookingCode(deps.db, code);
  if (!row || row.site_id !== siteId) {
    throw new AppError('NOT_FOUND', [
      { code: 'BOOKING_CODE_NOT_FOUND', message: `Booking code ${code} was not found.` },
    ]);
  }
  const expired = () =>
    new AppError('NOT_FOUND', [
      {
        code: 'BOOKING_CODE_EXPIRED',
        message: `Booking code ${code} has expired: its events can no longer be bet on.`,
      },
    ]);
  const now = deps.now();
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw expired();
  const selections: BookingCodeSelection[] = [];
  for (const s of row.selections) {
    const state = await selectionState(deps, s);
    selections.push(describe(s, await selectionEventInfo(deps.db, s), state));
  }
  if (!selections.some((s) => s.status !== 'gone')) throw expired();
  return {
    hasErrors: false,
    ssid: code,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    selections,
  };
}
