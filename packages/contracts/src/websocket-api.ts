import { z } from 'zod';
import { rooms } from './realtime';

/**
 * The websocket API and realtime events service of spec doc 2 §7 (decision 214): one plain
 * WebSocket at `/api/ws`, JSON text frames. The client sends `init`, then `auth` with `token`,
 * `eid` and `bid`, and `subscribe`/`unsubscribe` on named channels; the server answers each
 * frame and pushes the same events as the events channel (`ServerToClientEvents`).
 */
export const WEBSOCKET_API_PATH = '/api/ws';
/** Channels one connection may hold at once (the events channel's room cap). */
export const WS_MAX_SUBSCRIPTIONS = 200;
/** The server pings (WebSocket ping frames) this often; a peer silent for two is dropped. */
export const WS_HEARTBEAT_MS = 25_000;
/** Close code when the signed-in session ends (logout, expiry, password change, a break). */
export const WS_CLOSE_SESSION_ENDED = 4001;

/** A client's correlation id, echoed on the answer to that frame. */
const frameId = z.union([z.string().max(64), z.number().int()]).optional();
const channelName = z.string().min(1).max(100);

export const wsClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('init'),
    id: frameId,
    siteId: z.number().int().positive(),
    platform: z.number().int().nonnegative().optional(),
    language: z.string().min(2).max(10).optional(),
  }),
  z.object({
    type: z.literal('auth'),
    id: frameId,
    /** The session token; empty signs the connection out. */
    token: z.string().max(200),
    /** The user's external id; when sent it must be the token's user. */
    eid: z.string().max(100).optional(),
    /** The last bet receipt the client knows (spec doc 1 §2): its current status is sent. */
    bid: z.union([z.string().max(30), z.number().int()]).optional(),
  }),
  z.object({ type: z.literal('subscribe'), id: frameId, channel: channelName }),
  z.object({ type: z.literal('unsubscribe'), id: frameId, channel: channelName }),
  z.object({ type: z.literal('ping'), id: frameId }),
]);
export type WsClientFrame = z.infer<typeof wsClientFrameSchema>;

export const WS_ERROR_CODES = [
  'bad_frame',
  'not_initialized',
  'unauthorized',
  'eid_mismatch',
  'unknown_channel',
  'too_many_subscriptions',
] as const;
export type WsErrorCode = (typeof WS_ERROR_CODES)[number];

type Id = { id?: string | number };
export type WsServerFrame =
  | ({
      type: 'ready';
      connectionId: string;
      heartbeatMs: number;
      maxSubscriptions: number;
      channels: string[];
    } & Id)
  | ({ type: 'authState'; authenticated: boolean } & Id)
  | ({ type: 'subscribed'; channel: string } & Id)
  | ({ type: 'unsubscribed'; channel: string } & Id)
  | ({ type: 'pong' } & Id)
  | ({ type: 'error'; code: WsErrorCode; message: string } & Id)
  | {
      type: 'push';
      /** `user` for the signed-in user's own pushes, `all` for everyone's, else the channel. */
      channel: string;
      event: string;
      data: unknown;
    };

const ID = /^[1-9]\d{0,14}$/;

/**
 * The room behind a channel name, or null for an unknown or malformed one. Channels:
 * `event:{eventId}`, `sport:{sportId}`, `market:{eventId}:{marketId}` (a betslip market),
 * `site:{siteId}` — the events channel's JoinEvent, JoinSport, JoinMarketForBetslip and
 * RegisterSiteId rooms.
 */
export function wsChannelRoom(channel: string): string | null {
  const parts = channel.split(':');
  if (!parts.slice(1).every((p) => ID.test(p))) return null;
  const [kind, a, b] = parts;
  if (parts.length === 2 && a) {
    if (kind === 'event') return rooms.event(a);
    if (kind === 'sport') return rooms.sport(a);
    if (kind === 'site') return rooms.site(a);
  }
  if (parts.length === 3 && kind === 'market' && a && b) return rooms.betslipMarket(a, b);
  return null;
}

/** The channel name of a room that a channel maps to (the inverse of `wsChannelRoom`). */
export function wsRoomChannel(room: string): string {
  return room.startsWith('betslip:') ? `market:${room.slice('betslip:'.length)}` : room;
}
