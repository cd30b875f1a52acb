import type { DbOrTx } from '../../db/database';
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
