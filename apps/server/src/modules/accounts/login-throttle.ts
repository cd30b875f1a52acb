import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { hashToken } from './session.service';

/**
 * Login throttling (decision 120). Every attempt is counted before the password is checked,
 * by one atomic upsert per key, in a 15-minute and a 24-hour window that start with the first
 * attempt and never grow: a lock ends when its window ends, whatever happens meanwhile. A
 * successful login forgets the account's count and takes its own attempt back from the
 * network's, so people behind one carrier-grade NAT address are never counted for each
 * other's successes. Browsers the account signed in from (or reset its PIN on) carry a device
 * token: their attempts are counted on the device alone, so a stranger's failures cannot keep
 * the owner out.
 */
export const SHORT_WINDOW_MS = 15 * 60_000;
export const DAY_WINDOW_MS = 24 * 60 * 60_000;
/** How long a browser stays known to an account after its last sign-in. */
export const DEVICE_TTL_MS = 90 * DAY_WINDOW_MS;

export interface ThrottleLimit {
  /** Attempts allowed per 15-minute window. */
  short: number;
  /** Attempts allowed per 24-hour window. */
  day: number;
}

export interface AttemptVerdict {
  key: string;
  allowed: boolean;
  /** When the window that refused the attempt ends. */
  retryAt: Date | null;
}

/** Counts one attempt for a key atomically and says whether it is within the limits. */
export async function countAttempt(
  db: DbOrTx,
  key: string,
  limit: ThrottleLimit,
  now: Date,
): Promise<AttemptVerdict> {
  const shortSince = new Date(now.getTime() - SHORT_WINDOW_MS);
  const daySince = new Date(now.getTime() - DAY_WINDOW_MS);
  const shortExpired = sql<boolean>`login_counters.short_started_at <= ${shortSince}::timestamptz`;
  const dayExpired = sql<boolean>`login_counters.day_started_at <= ${daySince}::timestamptz`;
  const row = await db
    .insertInto('login_counters')
    .values({
      key,
      short_count: 1,
      short_started_at: now,
      day_count: 1,
      day_started_at: now,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        short_count: sql<number>`case when ${shortExpired} then 1 else login_counters.short_count + 1 end`,
        short_started_at: sql<Date>`case when ${shortExpired} then ${now}::timestamptz else login_counters.short_started_at end`,
        day_count: sql<number>`case when ${dayExpired} then 1 else login_counters.day_count + 1 end`,
        day_started_at: sql<Date>`case when ${dayExpired} then ${now}::timestamptz else login_counters.day_started_at end`,
      }),
    )
    .returning(['short_count', 'short_started_at', 'day_count', 'day_started_at'])
    .executeTakeFirstOrThrow();
  const ends: number[] = [];
  if (row.short_count > limit.short) {
    ends.push(new Date(row.short_started_at).getTime() + SHORT_WINDOW_MS);
  }
  if (row.day_count > limit.day) {
    ends.push(new Date(row.day_started_at).getTime() + DAY_WINDOW_MS);
  }
  return {
    key,
    allowed: ends.length === 0,
    retryAt: ends.length === 0 ? null : new Date(Math.max(...ends)),
  };
}

/** Takes one counted attempt back (a success behind a shared address). */
export async function uncountAttempt(db: DbOrTx, key: string): Promise<void> {
  await db
    .updateTable('login_counters')
    .set({
      short_count: sql<number>`greatest(short_count - 1, 0)`,
      day_count: sql<number>`greatest(day_count - 1, 0)`,
    })
    .where('key', '=', key)
    .execute();
}

export async function forgetAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.deleteFrom('login_counters').where('key', '=', key).execute();
}

export const THROTTLED_MESSAGE = (minutes: number) =>
  `Too many failed attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'}, or choose "Forgotten password": after a reset you can log in on this device straight away.`;

/** The 429 for a refused attempt, with the minutes until its window ends. */
export function throttledError(verdict: AttemptVerdict, now: Date): AppError {
  const until = verdict.retryAt ?? new Date(now.getTime() + SHORT_WINDOW_MS);
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError('RATE_LIMITED', [
    { code: 'LOGIN_LOCKED', message: THROTTLED_MESSAGE(minutes) },
  ]);
}

/**
 * Counts an attempt on every key (each one counts, even when another refuses: a network's
 * count includes attempts on locked accounts); a refusal is thrown as a 429.
 */
export async function assertAttemptsAllowed(
  db: DbOrTx,
  keys: { key: string; limit: ThrottleLimit }[],
  now: Date,
): Promise<void> {
  const verdicts: AttemptVerdict[] = [];
  for (const { key, limit } of keys) verdicts.push(await countAttempt(db, key, limit, now));
  const refused = verdicts.filter((v) => !v.allowed);
  if (refused.length === 0) return;
  const latest = refused.reduce((a, b) => ((a.retryAt ?? now) >= (b.retryAt ?? now) ? a : b));
  throw throttledError(latest, now);
}

// Known devices

/** A new device token for a browser that just proved it belongs to the account's owner. */
export async function rememberDevice(db: DbOrTx, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('login_devices')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: new Date(now.getTime() + DEVICE_TTL_MS),
    })
    .execute();
  return token;
}

/** The throttle key of a device token the account knows, or null. */
export async function knownDeviceKey(
  db: DbOrTx,
  userId: number,
  token: string | undefined,
  now: Date,
): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('login_devices')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? `device:${tokenHash}` : null;
}
