import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/columns';

/** A selection as stored under a booking code: the sharer's pick and the odds they saw. */
export interface StoredBookingSelection {
  eventId: number;
  marketId: number;
  specifier: string;
  outcomeId: number;
  /** Hundredths. */
  odds: number;
}

/** Migration 0450. */
export interface BookingCodesTable {
  code: string;
  site_id: number;
  user_id: number | null;
  selections: ColumnType<StoredBookingSelection[], string, string>;
  created_at: Timestamp;
  expires_at: Timestamp;
}
