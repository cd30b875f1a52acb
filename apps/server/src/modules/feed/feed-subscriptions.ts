import { rooms } from '@dau/contracts/realtime';
import type { RealtimeSocket } from '../../realtime/socket-server';
import type { FeedService } from './feed.service';

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Caps rooms per socket so one client cannot make the server hold unbounded state. */
const MAX_ROOMS = 200;

/**
 * The events channel (JoinEvent, LeaveEvent, JoinSport, JoinMarketForBetslip,
 * LeaveEventForBetslip) and the hub's RegisterSiteId. A (re)joining client gets the current
 * summaries of what it joined and the availability flags at once, so it catches up after a
 * reconnect (ADR 230): `JoinEvent` and `JoinMarketForBetslip` push `EventUpdated`; `JoinSport`
 * answers its acknowledgement with the sport's summaries (asked without one it only joins:
 * the web app's first join of a list it has just loaded).
 */
export function feedSubscriptions(feed: FeedService) {
  return (socket: RealtimeSocket): void => {
    const join = (room: string) => {
      if (socket.rooms.size >= MAX_ROOMS) return false;
      void socket.join(room);
      return true;
    };
    socket.emit('feedStatus', feed.status());
    socket.on('RegisterSiteId', (siteId) => {
      if (isId(siteId)) join(rooms.site(siteId));
    });
    socket.on('JoinEvent', (eventId) => {
      if (!isId(eventId) || !join(rooms.event(eventId))) return;
      const summary = feed.snapshots.event(eventId);
      if (summary) socket.emit('EventUpdated', summary);
    });
    socket.on('LeaveEvent', (eventId) => {
      if (isId(eventId)) void socket.leave(rooms.event(eventId));
    });
    // The sport's snapshot is large (football: ~380 kB of JSON), so it is sent only to a client
    // that asks for it with an acknowledgement (a re-join); a plain join only joins (ADR 230).
    socket.on('JoinSport', (sportId, ack) => {
      const joined = isId(sportId) && join(rooms.sport(sportId));
      if (typeof ack === 'function') ack(joined ? feed.snapshots.sport(sportId) : []);
    });
    socket.on('LeaveSport', (sportId) => {
      if (isId(sportId)) void socket.leave(rooms.sport(sportId));
    });
    socket.on('JoinMarketForBetslip', (ref) => {
      if (!ref || !isId(ref.eventId) || !isId(ref.marketId)) return;
      if (!join(rooms.betslipMarket(ref.eventId, ref.marketId))) return;
      const summary = feed.snapshots.event(ref.eventId, { marketId: ref.marketId });
      if (summary) socket.emit('EventUpdated', summary);
    });
    socket.on('LeaveEventForBetslip', (ref) => {
      if (!ref || !isId(ref.eventId)) return;
      if (isId(ref.marketId)) {
        void socket.leave(rooms.betslipMarket(ref.eventId, ref.marketId));
        return;
      }
      const prefix = rooms.betslipMarket(ref.eventId, '');
      for (const room of socket.rooms) if (room.startsWith(prefix)) void socket.leave(room);
    });
  };
}

/**
 * The websocket API's catch-up (decisions 214 and 230), as the events channel's: a new
 * subscriber of `event:{id}` or `market:{eventId}:{marketId}` gets the event's current summary,
 * of `sport:{id}` one per event of the sport, and a new connection gets the availability flags.
 */
export function feedChannelCatchUp(feed: FeedService) {
  return {
    onInit: (send: (event: 'feedStatus', data: unknown) => void) =>
      send('feedStatus', feed.status()),
    onSubscribe: (channel: string, send: (event: 'EventUpdated', data: unknown) => void) => {
      const [kind, eventId, marketId] = channel.split(':');
      if (kind === 'market') {
        const summary = feed.snapshots.event(Number(eventId), { marketId: Number(marketId) });
        if (summary) send('EventUpdated', summary);
        return;
      }
      for (const summary of feed.snapshots.room(channel)) send('EventUpdated', summary);
    },
  };
}
