import type { Kysely, Selectable } from 'kysely';
import { rooms } from '@dau/contracts/realtime';
import type {
  CriticalNoticeKind,
  CriticalNoticePush,
  RaiseCriticalNotice,
} from '@dau/contracts/sports/critical-notice';
import type { Database } from '../../db/schema';
import type { ConnectionHandler, Realtime } from '../../realtime/socket-server';
import type { SiteNoticesTable } from './notices.tables';

const toPush = (row: Selectable<SiteNoticesTable>): CriticalNoticePush => ({
  id: Number(row.id),
  siteId: row.site_id,
  kind: row.kind as CriticalNoticeKind,
  message: row.message,
  active: row.withdrawn_at === null,
  raisedAt: new Date(row.raised_at).toISOString(),
});

/** A site's notices in force, oldest first. */
export async function activeCriticalNotices(
  db: Kysely<Database>,
  siteId: number,
): Promise<CriticalNoticePush[]> {
  const rows = await db
    .selectFrom('site_notices')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('withdrawn_at', 'is', null)
    .orderBy('id')
    .limit(20)
    .execute();
  return rows.map(toPush);
}

/**
 * Critical notices (issue #15 item 14, ADR 213): raising or withdrawing one is stored, then
 * pushed as `Critical` to the site's room, which reaches the events channel's sockets and the
 * event hub's connections of every instance. A client registering the site later is sent the
 * notices in force at once (`criticalNoticeSubscriptions`, and the hub's `onRegisterSite`).
 */
export class CriticalNotices {
  constructor(
    private readonly deps: { db: Kysely<Database>; realtime: Realtime; now: () => Date },
  ) {}

  async raise(input: RaiseCriticalNotice): Promise<CriticalNoticePush> {
    const row = await this.deps.db
      .insertInto('site_notices')
      .values({
        site_id: input.siteId,
        kind: input.kind,
        message: input.message,
        raised_at: this.deps.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const notice = toPush(row);
    this.deps.realtime.toRoom(rooms.site(notice.siteId), 'Critical', notice);
    return notice;
  }

  /** Withdraws a notice; null when there is none with this id. Withdrawing twice is harmless. */
  async withdraw(id: number): Promise<CriticalNoticePush | null> {
    const row =
      (await this.deps.db
        .updateTable('site_notices')
        .set({ withdrawn_at: this.deps.now() })
        .where('id', '=', id)
        .where('withdrawn_at', 'is', null)
        .returningAll()
        .executeTakeFirst()) ??
      (await this.deps.db
        .selectFrom('site_notices')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst());
    if (!row) return null;
    const notice = toPush(row);
    this.deps.realtime.toRoom(rooms.site(notice.siteId), 'Critical', notice);
    return notice;
  }
}

/** On the events channel: a socket that registers a site gets the site's notices in force. */
export function criticalNoticeSubscriptions(db: Kysely<Database>): ConnectionHandler {
  return (socket) => {
    socket.on('RegisterSiteId', (siteId) => {
      if (typeof siteId !== 'number' || !Number.isSafeInteger(siteId) || siteId <= 0) return;
      activeCriticalNotices(db, siteId)
        .then((notices) => {
          for (const notice of notices) socket.emit('Critical', notice);
        })
        .catch(() => undefined);
    });
  };
}
