import type { DbOrTx } from '../../db/database';
import type { MarketSelection } from '../feed/market-availability';
import type { StoredBookingSelection } from './booking-code.tables';

export interface NewBookingCode {
  code: string;
  siteId: number;
  userId: number | null;
  selections: StoredBookingSelection[];
  createdAt: Date;
  expiresAt: Date;
}

/** Stores the code; false when the code is taken (the caller draws another). */
export async function insertBookingCode(db: DbOrTx, row: NewBookingCode): Promise<boolean> {
  const inserted = await db
    .insertInto('booking_codes')
    .values({
      code: row.code,
      site_id: row.siteId,
      user_id: row.userId,
      selections: JSON.stringify(row.selections),
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function bookingCode(db: DbOrTx, code: string) {
  return db.selectFrom('booking_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Codes past their expiry are of no use to anyone: cleared when new ones are made. */
export async function deleteExpiredBookingCodes(db: DbOrTx, before: Date): Promise<void> {
  await db.deleteFrom('booking_codes').where('expires_at', '<', before).execute();
}

export interface SelectionEventInfo {
  sportId: number;
  home: string;
  away: string;
  startTime: Date;
  marketName: string | null;
  outcomeName: string | null;
}

/** The event's names and kick-off, with the market's and outcome's names while they exist. */
export async function selectionEventInfo(
  db: DbOrTx,
  s: MarketSelection,
): Promise<SelectionEventInfo | null> {
  const row = await db
    .selectFrom('feed_events as e')
    .leftJoin('feed_markets as m', (join) =>
      join
        .onRef('m.event_id', '=', 'e.id')
        .on('m.market_id', '=', s.marketId)
        .on('m.specifier', '=', s.specifier),
    )
    .leftJoin('feed_outcomes as o', (join) =>
      join
        .onRef('o.event_id', '=', 'm.event_id')
        .onRef('o.market_id', '=', 'm.market_id')
        .onRef('o.specifier', '=', 'm.specifier')
        .on('o.outcome_id', '=', s.outcomeId),
    )
    .select([
      'e.sport_id',
      'e.home',
      'e.away',
      'e.start_time',
      'm.name as marketName',
      'o.name as outcomeName',
    ])
    .where('e.id', '=', s.eventId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    sportId: row.sport_id,
    home: row.home,
    away: row.away,
    startTime: new Date(row.start_time),
    marketName: row.marketName,
    outcomeName: row.outcomeName,
  };
}
