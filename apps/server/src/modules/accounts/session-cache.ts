import type { DbOrTx } from '../../db/database';
import type { AppDeps, SessionUser } from '../../app-types';
import { SESSIONS_ENDED } from '../../realtime/instance-channel';
import { hashToken, readSession, SESSION_TOUCH_INTERVAL_MS } from './session.service';

/** Sessions remembered at most per instance (the longest-remembered are forgotten first). */
export const SESSION_CACHE_MAX_ENTRIES = 50_000;

interface Remembered {
  user: SessionUser;
  /** The session's last use and absolute end as read (the app's clock, ms). */
  lastSeenAt: number;
  expiresAt: number;
  /** When it was read, by the machine's monotonic clock and the app's (both must find it young). */
  readAtMono: number;
  readAtApp: number;
}

/**
 * The sessions behind this instance's recent requests (ADR 188), so a busy user's requests need
 * no session statement each. A session read from the database answers later requests for at most
 * `maxAgeMs` (the route's: `SESSION_CACHE_SECONDS`, the cash-out's
 * `SESSION_CACHE_PRIORITY_SECONDS`), and only while
 *
 * - its absolute end and idle timeout, against the app's clock, still hold, and no `last_seen_at`
 *   touch is due (so the idle timeout is measured exactly as without the cache);
 * - no announcement of ended sessions (`SESSIONS_ENDED`, sent by `Realtime.endSessions` to every
 *   instance, this one before `endSessions` returns) named it: logout, password change and reset,
 *   a break or self-exclusion forget it at once here and as soon as Redis carries the message
 *   elsewhere;
 * - the channel that carries those announcements is up (`Realtime.instanceChannelUp`): with Redis
 *   down, reconnecting or just back, nothing is answered from memory, and everything remembered
 *   is dropped when a connection drops.
 *
 * A read begun before an announcement or a change of the channel is not kept (the session may
 * have ended while it ran). What no announcement covers — a revocation whose message was lost
 * while Redis looked healthy, an account closed by hand in the database — is bounded by
 * `maxAgeMs`. Refusals are never remembered; neither is anything about limits or balances: bets,
 * deposits and games still read breaks and self-exclusions in their own statements.
 */
export class SessionCache {
  private readonly sessions = new Map<string, Remembered>();
  private readonly bySession = new Map<number, string>();
  /** Grows with every announcement and every change of the channel. */
  private generation = 0;

  constructor(
    private readonly deps: Pick<AppDeps, 'realtime' | 'now' | 'config'>,
    /** The monotonic clock (ms); tests may replace it. */
    private readonly monotonic: () => number = () => performance.now(),
  ) {
    deps.realtime.onInstanceMessage(SESSIONS_ENDED, (ids) => {
      this.generation += 1;
      if (Array.isArray(ids)) for (const id of ids) this.forget(id);
    });
    deps.realtime.onInstanceChannelChange(() => {
      this.generation += 1;
      if (!deps.realtime.instanceChannelUp()) this.clear();
    });
  }

  /** How many sessions are remembered (tests, the probe). */
  get size(): number {
    return this.sessions.size;
  }

  /**
   * The session's user, or null for an unknown, revoked, expired or idle session: from memory
   * when a read at most `maxAgeMs` old allows it, else read (and touched when due) on `db`.
   */
  async resolve(
    db: DbOrTx,
    token: string | undefined,
    maxAgeMs: number,
  ): Promise<SessionUser | null> {
    if (!token || token.length > 200) return null;
    const key = hashToken(token);
    const now = this.deps.now().getTime();
    const { sessionIdleMs } = this.deps.config;
    const caching = maxAgeMs > 0 && this.deps.realtime.instanceChannelUp();
    const known = this.sessions.get(key);
    if (
      caching &&
      known &&
      this.monotonic() - known.readAtMono < maxAgeMs &&
      now >= known.readAtApp &&
      now - known.readAtApp < maxAgeMs &&
      known.expiresAt > now &&
      known.lastSeenAt > now - sessionIdleMs &&
      known.lastSeenAt >= now - SESSION_TOUCH_INTERVAL_MS
    ) {
      return known.user;
    }
    const readAtMono = this.monotonic();
    const generation = this.generation;
    const read = await readSession(db, token, new Date(now), sessionIdleMs);
    if (!read) {
      this.drop(key);
      return null;
    }
    // Kept only if nothing was announced and the channel did not change while it ran (the
    // session may have ended meanwhile); a concurrent read's entry of the same token is replaced.
    if (caching && generation === this.generation && this.deps.realtime.instanceChannelUp()) {
      this.drop(key);
      this.sessions.set(key, {
        user: read.user,
        lastSeenAt: read.lastSeenAt.getTime(),
        expiresAt: read.expiresAt.getTime(),
        readAtMono,
        readAtApp: now,
      });
      this.bySession.set(read.user.sessionId, key);
      if (this.sessions.size > SESSION_CACHE_MAX_ENTRIES) {
        this.drop(this.sessions.keys().next().value!);
      }
    }
    return read.user;
  }

  /** Forgets a session (it ended). Ids that are not numbers are ignored. */
  forget(sessionId: unknown): void {
    if (typeof sessionId !== 'number') return;
    const key = this.bySession.get(sessionId);
    if (key !== undefined) this.drop(key);
  }

  /** Forgets every session. */
  clear(): void {
    this.sessions.clear();
    this.bySession.clear();
  }

  private drop(key: string): void {
    const known = this.sessions.get(key);
    if (!known) return;
    this.sessions.delete(key);
    if (this.bySession.get(known.user.sessionId) === key)
      this.bySession.delete(known.user.sessionId);
  }
}

const caches = new WeakMap<AppDeps, SessionCache>();

/** This instance's session cache (one per set of dependencies, made on first use). */
export function sessionCache(deps: AppDeps): SessionCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new SessionCache(deps);
    caches.set(deps, cache);
  }
  return cache;
}
