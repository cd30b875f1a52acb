import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database';
import type {
  ComplianceValues,
  NewUser,
  ResponsibleGamblingKind,
  User,
  UserUpdate,
} from './accounts.tables';

export async function findUserById(db: DbOrTx, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByPhone(
  db: DbOrTx,
  siteId: number,
  phone: string,
): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('phone', '=', phone)
    .executeTakeFirst();
}

export async function findUserByUsername(
  db: DbOrTx,
  siteId: number,
  username: string,
): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('site_id', '=', siteId)
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function insertUser(db: DbOrTx, user: NewUser): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: DbOrTx, id: number, update: UserUpdate): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...update, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

// Registrations

export async function insertRegistration(
  db: DbOrTx,
  values: { userId: number; sidHash: string; expiresAt: Date; forExistingAccount?: boolean },
) {
  return db
    .insertInto('registrations')
    .values({
      user_id: values.userId,
      sid_hash: values.sidHash,
      expires_at: values.expiresAt,
      for_existing_account: values.forExistingAccount ?? false,
      otp_hash: null,
      otp_expires_at: null,
      otp_sent_at: null,
      verified_at: null,
      completed_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findRegistrationBySid(db: DbOrTx, sidHash: string) {
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('sid_hash', '=', sidHash)
    .executeTakeFirst();
}

export async function latestRegistration(db: DbOrTx, userId: number) {
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Codes sent to a user's registrations since a moment (limits SMS to one number). */
export async function codesSentSince(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('registrations')
    .select(sql<number>`coalesce(sum(otp_sends), 0)::int`.as('sent'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return row.sent;
}

export async function updateRegistration(
  db: DbOrTx,
  id: number,
  update: {
    otp_hash?: string | null;
    otp_expires_at?: Date | null;
    otp_sent_at?: Date | null;
    verified_at?: Date | null;
    completed_at?: Date | null;
    expires_at?: Date;
  },
): Promise<void> {
  await db.updateTable('registrations').set(update).where('id', '=', id).execute();
}

export async function incrementOtpSends(db: DbOrTx, id: number): Promise<void> {
  await db
    .updateTable('registrations')
    .set((eb) => ({ otp_sends: eb('otp_sends', '+', 1), otp_attempts: 0 }))
    .where('id', '=', id)
    .execute();
}

export async function incrementOtpAttempts(db: DbOrTx, id: number): Promise<number> {
  const row = await db
    .updateTable('registrations')
    .set((eb) => ({ otp_attempts: eb('otp_attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('otp_attempts')
    .executeTakeFirstOrThrow();
  return row.otp_attempts;
}

// Password resets

export async function insertPasswordReset(
  db: DbOrTx,
  values: { userId: number; guidHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      user_id: values.userId,
      guid_hash: values.guidHash,
      expires_at: values.expiresAt,
      used_at: null,
    })
    .execute();
}

export async function resetsSince(db: DbOrTx, userId: number, since: Date) {
  return db
    .selectFrom('password_resets')
    .select(['created_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function findUsableReset(db: DbOrTx, guidHash: string, now: Date) {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('guid_hash', '=', guidHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks a reset used only if still usable; the row's user when this call won. */
export async function consumeReset(
  db: DbOrTx,
  guidHash: string,
  now: Date,
): Promise<number | null> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('guid_hash', '=', guidHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function retireResets(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

// Settings

export async function findSettings(db: DbOrTx, userId: number) {
  return db
    .selectFrom('user_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertSettings(
  db: DbOrTx,
  userId: number,
  values: { settings?: Record<string, boolean>; featureFlags?: Record<string, boolean> },
  now: Date,
): Promise<void> {
  const settings = JSON.stringify(values.settings ?? {});
  const flags = JSON.stringify(values.featureFlags ?? {});
  await db
    .insertInto('user_settings')
    .values({ user_id: userId, settings, feature_flags: flags, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        ...(values.settings ? { settings } : {}),
        ...(values.featureFlags ? { feature_flags: flags } : {}),
        updated_at: now,
      }),
    )
    .execute();
}

/**
 * Writes only the given settings keys, merged into the stored ones in one statement, so a
 * change from the settings page and the header notify flag set by a bet push never overwrite
 * each other.
 */
export async function mergeSettings(
  db: DbOrTx,
  userId: number,
  changes: Record<string, boolean>,
  now: Date,
): Promise<void> {
  const settings = JSON.stringify(changes);
  await db
    .insertInto('user_settings')
    .values({ user_id: userId, settings, feature_flags: '{}', updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        settings: sql`user_settings.settings || excluded.settings`,
        updated_at: now,
      }),
    )
    .execute();
}

// Responsible gambling

export async function activeLimit(db: DbOrTx, userId: number, now: Date) {
  return db
    .selectFrom('responsible_gambling_limits')
    .selectAll()
    .where('user_id', '=', userId)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('ends_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Of these users (at least one), those on a break or self-excluded at `now`: each one's longest
 * limit. A read not run: bet placement runs it inside its batch's legs' read (ADR 193).
 */
export function activeLimitsQuery(db: DbOrTx, userIds: readonly number[], now: Date) {
  return db
    .selectFrom('responsible_gambling_limits')
    .distinctOn('user_id')
    .select(['user_id', 'kind', 'ends_at'])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('user_id')
    .orderBy('ends_at', 'desc');
}

export async function insertLimit(
  db: DbOrTx,
  values: {
    userId: number;
    kind: ResponsibleGamblingKind;
    period: string;
    startsAt: Date;
    endsAt: Date;
  },
) {
  return db
    .insertInto('responsible_gambling_limits')
    .values({
      user_id: values.userId,
      kind: values.kind,
      period: values.period,
      starts_at: values.startsAt,
      ends_at: values.endsAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// Compliance

export async function findCompliance(db: DbOrTx, userId: number) {
  return db
    .selectFrom('compliance_info')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertCompliance(
  db: DbOrTx,
  values: ComplianceValues & { user_id: number; submitted_at: Date },
): Promise<boolean> {
  const result = await db
    .insertInto('compliance_info')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function listIncomeSources(db: DbOrTx) {
  return db.selectFrom('income_sources').selectAll().orderBy('id').execute();
}

export async function incomeSourceExists(db: DbOrTx, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('income_sources')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
