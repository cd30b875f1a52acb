import type { DbOrTx } from '../../db/database';
import type { AccountDeletionRequest, SupportCallBackRequest } from './support.tables';

export async function insertCallBackRequest(
  db: DbOrTx,
  values: {
    siteId: number;
    phone: string;
    userId: number | null;
    withinHours: boolean;
    ip: string | null;
    userAgent: string | null;
    now: Date;
  },
): Promise<SupportCallBackRequest> {
  return db
    .insertInto('support_call_back_requests')
    .values({
      site_id: values.siteId,
      phone: values.phone,
      user_id: values.userId,
      within_hours: values.withinHours,
      ip: values.ip,
      user_agent: values.userAgent,
      created_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Requests for one number since an instant, newest first. */
export async function callBackRequestsSince(
  db: DbOrTx,
  siteId: number,
  phone: string,
  since: Date,
): Promise<SupportCallBackRequest[]> {
  return db
    .selectFrom('support_call_back_requests')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('phone', '=', phone)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function pendingDeletionRequest(
  db: DbOrTx,
  userId: number,
): Promise<AccountDeletionRequest | undefined> {
  return db
    .selectFrom('account_deletion_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Inserts a pending request unless one is open; answers the open one either way. */
export async function insertDeletionRequest(
  db: DbOrTx,
  values: { userId: number; siteId: number; reason: string | null; now: Date },
): Promise<AccountDeletionRequest> {
  const inserted = await db
    .insertInto('account_deletion_requests')
    .values({
      user_id: values.userId,
      site_id: values.siteId,
      reason: values.reason,
      created_at: values.now,
    })
    .onConflict((oc) => oc.column('user_id').where('status', '=', 'pending').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return inserted;
  const open = await pendingDeletionRequest(db, values.userId);
  if (!open) throw new Error('deletion request neither inserted nor open');
  return open;
}
