import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/database';
import type { AppDeps, SessionUser } from '../../app-types';

/** A session ends 30 days after login whatever happens (the absolute timeout). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often, so a busy session costs no write per request. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new opaque session token: 32 random bytes, base64url. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(
  db: DbOrTx,
  userId: number,
  meta: { ip?: string | null; userAgent?: string | null; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(meta.now.getTime() + SESSION_TTL_MS);
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: expiresAt,
      revoked_at: null,
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
      last_seen_at: meta.now,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The active user behind a token, or null for an unknown, revoked or expired session: past its
 * absolute end (30 days after login) or idle for longer than `idleMs` (decision 122). A session
 * in use is touched at most every five minutes.
 */
export async function resolveSession(
  db: DbOrTx,
  token: string | undefined,
  now: Date,
  idleMs: number,
): Promise<SessionUser | null> {
  return (await readSession(db, token, now, idleMs))?.user ?? null;
}

/** A usable session as read (and touched when due): its user, last use and absolute end. */
export interface ReadSession {
  user: SessionUser;
  /** When it was last used, as the database now holds it (after this read's touch, if any). */
  lastSeenAt: Date;
  /** The absolute end (30 days after login). */
  expiresAt: Date;
}

/** `resolveSession` with the session's times: what the session cache needs (ADR 188). */
export async function readSession(
  db: DbOrTx,
  token: string | undefined,
  now: Date,
  idleMs: number,
): Promise<ReadSession | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'users.id as userId',
      'users.external_id as externalId',
      'users.site_id as siteId',
      'sessions.last_seen_at as lastSeenAt',
      'sessions.expires_at as expiresAt',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', new Date(now.getTime() - idleMs))
    .where('users.status', '=', 'active')
    .executeTakeFirst();
  if (!row) return null;
  const { lastSeenAt, expiresAt, ...user } = row;
  let seen = new Date(lastSeenAt);
  if (seen.getTime() < now.getTime() - SESSION_TOUCH_INTERVAL_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', '=', user.sessionId)
      .execute();
    seen = now;
  }
  return { user, lastSeenAt: seen, expiresAt: new Date(expiresAt) };
}

/** Of these sessions, the ones still usable now (the socket server's periodic check). */
export async function liveSessionIds(
  db: DbOrTx,
  sessionIds: number[],
  now: Date,
  idleMs: number,
): Promise<number[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('sessions.id', 'in', sessionIds)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', new Date(now.getTime() - idleMs))
    .where('users.status', '=', 'active')
    .execute();
  return rows.map((r) => r.id);
}

async function revokeSession(db: DbOrTx, sessionId: number, now: Date): Promise<number[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Revokes a user's sessions (all, or all but one) and answers the ids it ended. */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: number,
  now: Date,
  exceptSessionId?: number,
): Promise<number[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}

/** Logout: the session is revoked and its sockets, on every instance, are disconnected. */
export async function endSession(deps: AppDeps, sessionId: number, now: Date): Promise<void> {
  deps.realtime.endSessions(await revokeSession(deps.db, sessionId, now));
}

/**
 * Password change, reset, a break or self-exclusion: the user's sessions (but `exceptSessionId`)
 * are revoked and their sockets disconnected on every instance. Called after the caller's
 * transaction commits, with the ids `revokeUserSessions` answered inside it, or on its own.
 */
export async function endUserSessions(
  deps: AppDeps,
  userId: number,
  now: Date,
  exceptSessionId?: number,
): Promise<void> {
  deps.realtime.endSessions(await revokeUserSessions(deps.db, userId, now, exceptSessionId));
}
