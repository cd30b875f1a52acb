import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { rooms } from '@dau/contracts/realtime';
import {
  WEBSOCKET_API_PATH,
  WS_CLOSE_SESSION_ENDED,
  WS_HEARTBEAT_MS,
  WS_MAX_SUBSCRIPTIONS,
  wsChannelRoom,
  wsClientFrameSchema,
  type WsClientFrame,
  type WsErrorCode,
  type WsServerFrame,
} from '@dau/contracts/websocket-api';
import type { PushTap, TappedPush } from './push-tap';
import { carriesPush, isPrivateRoom, WsRoomIndex } from './websocket-api-rooms';
import { sessionRoom } from './socket-server';

const MAX_FRAME_BYTES = 16 * 1024;

export interface WsUser {
  userId: number;
  sessionId: number;
  externalId: string;
}

/** Sends one push frame to the connection it was handed for. */
export type WsSend = (event: string, data: unknown) => void;

export interface WebSocketApiOptions {
  resolveToken: (token: string) => Promise<WsUser | null>;
  /** Of these sessions, the ones still usable (expiry and idle timeout are checked here). */
  liveSessions?: (sessionIds: number[]) => Promise<number[]>;
  /** How often this instance re-checks its signed-in connections' sessions; 0 never. */
  sessionCheckMs?: number;
  allowOrigin?: (origin: string, host: string | undefined) => boolean;
  clientAddress?: (request: IncomingMessage) => string;
  maxConnectionsPerAddress?: number;
  heartbeatMs?: number;
  logger?: FastifyBaseLogger;
  /** What a connection is sent after `init` (the availability flags). */
  onInit?: (send: WsSend) => void;
  /** What a new subscriber of a channel is sent at once (the event's summary, site notices). */
  onSubscribe?: (channel: string, send: WsSend) => void;
  /** What a signed-in connection is sent at once (the status of the `bid` receipt). */
  onAuth?: (user: WsUser, bid: string | undefined, send: WsSend) => void;
}

interface WsConnection {
  id: string;
  socket: WebSocket;
  initialized: boolean;
  siteId: number | null;
  platform: number | null;
  language: string | null;
  user: WsUser | null;
  /** Channel rooms and, when signed in, the user's and the session's rooms. */
  rooms: Set<string>;
  /** Only the latest `auth` frame decides (an earlier one may resolve later). */
  authSeq: number;
  alive: boolean;
}

/**
 * The websocket API and realtime events service of spec doc 2 §7 (decision 214) at `/api/ws`:
 * JSON text frames, `init` → `ready`, `auth` (token, eid, bid) → `authState`, `subscribe` /
 * `unsubscribe` on named channels. It has no publisher of its own: the push tap hands it every
 * Socket.IO push to a channel room, to a signed-in user, or to everyone (on every instance with
 * REDIS_URL), so modules publish once through `Realtime`. Logout ends the stream as it does a
 * socket's (decision 123): the `authState` that `endSessions` pushes to the session's room closes
 * the connection here.
 */
export class WebSocketApi {
  private readonly connections = new Set<WsConnection>();
  private readonly rooms = new WsRoomIndex<WsConnection>();
  private readonly byAddress = new Map<string, number>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private sessionCheck: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: WebSocketApiOptions) {}

  attach(httpServer: HttpServer, tap: PushTap): void {
    httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== WEBSOCKET_API_PATH) return;
      const refusal = this.refusal(request);
      if (refusal !== null) {
        socket.end(`HTTP/1.1 ${refusal}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, request));
    });
    tap.listen({
      wants: carriesPush,
      deliver: (push) =>
        push.target === 'authState'
          ? this.onAuthStatePush(push)
          : this.rooms.deliver(push, this.connections),
    });
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs ?? WS_HEARTBEAT_MS);
    this.heartbeat.unref();
    const every = this.options.sessionCheckMs ?? 0;
    if (every > 0 && this.options.liveSessions) {
      this.sessionCheck = setInterval(() => {
        this.checkSessions().catch((err) => this.options.logger?.warn({ err }, 'ws session check'));
      }, every);
      this.sessionCheck.unref();
    }
  }

  /** The same handshake checks as the events channel: the page's origin, connections per address. */
  private refusal(request: IncomingMessage): string | null {
    const origin = request.headers.origin;
    if (origin !== undefined && this.options.allowOrigin?.(origin, request.headers.host) === false)
      return '403 Forbidden';
    const max = this.options.maxConnectionsPerAddress;
    if (max !== undefined && this.options.clientAddress) {
      if ((this.byAddress.get(this.options.clientAddress(request)) ?? 0) >= max)
        return '429 Too Many Requests';
    }
    return null;
  }

  private accept(socket: WebSocket, request: IncomingMessage): void {
    const connection: WsConnection = {
      id: randomUUID(),
      socket,
      initialized: false,
      siteId: null,
      platform: null,
      language: null,
      user: null,
      rooms: new Set(),
      authSeq: 0,
      alive: true,
    };
    this.connections.add(connection);
    const address =
      this.options.maxConnectionsPerAddress !== undefined && this.options.clientAddress
        ? this.options.clientAddress(request)
        : null;
    if (address !== null) this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    socket.on('close', () => {
      this.connections.delete(connection);
      for (const room of connection.rooms) this.rooms.leave(connection, room);
      if (address !== null) {
        const left = (this.byAddress.get(address) ?? 1) - 1;
        if (left > 0) this.byAddress.set(address, left);
        else this.byAddress.delete(address);
      }
    });
    // A frame over the size limit is a protocol error in `ws`: the socket closes with 1009.
    socket.on('error', () => socket.terminate());
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      connection.alive = true;
      this.onFrame(connection, data, isBinary);
    });
  }

  private send(connection: WsConnection, frame: WsServerFrame): void {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(frame));
  }

  private error(connection: WsConnection, code: WsErrorCode, message: string, id?: unknown) {
    this.send(connection, { type: 'error', code, message, ...idOf(id) });
  }

  private onFrame(connection: WsConnection, data: RawData, isBinary: boolean): void {
    if (isBinary) return this.error(connection, 'bad_frame', 'Frames are JSON text.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawText(data));
    } catch {
      return this.error(connection, 'bad_frame', 'A frame is one JSON object.');
    }
    const result = wsClientFrameSchema.safeParse(parsed);
    if (!result.success) {
      const id = (parsed as { id?: unknown } | null)?.id;
      const issue = result.error.issues[0];
      const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
      return this.error(connection, 'bad_frame', `Invalid frame${where}.`, id);
    }
    const frame = result.data;
    if (frame.type === 'ping') return this.send(connection, { type: 'pong', ...idOf(frame.id) });
    if (frame.type === 'init') return this.onInit(connection, frame);
    if (!connection.initialized)
      return this.error(connection, 'not_initialized', 'Send init first.', frame.id);
    if (frame.type === 'auth') {
      this.onAuth(connection, frame).catch((err: unknown) => {
        this.options.logger?.warn({ err }, 'ws auth');
        this.error(connection, 'unauthorized', 'The token could not be checked.', frame.id);
      });
      return;
    }
    if (frame.type === 'subscribe') return this.onSubscribe(connection, frame);
    this.onUnsubscribe(connection, frame);
  }

  private pushTo(connection: WsConnection, channel: string): WsSend {
    return (event, data) => this.send(connection, { type: 'push', channel, event, data });
  }

  private onInit(connection: WsConnection, frame: Extract<WsClientFrame, { type: 'init' }>) {
    connection.platform = frame.platform ?? null;
    connection.language = frame.language ?? null;
    const channels: string[] = [];
    // The site's channel comes with init (site-wide pushes, critical notices).
    if (connection.siteId !== frame.siteId) {
      if (connection.siteId !== null) this.rooms.leave(connection, rooms.site(connection.siteId));
      connection.siteId = frame.siteId;
      this.rooms.join(connection, rooms.site(frame.siteId));
    }
    channels.push(`site:${frame.siteId}`);
    const first = !connection.initialized;
    connection.initialized = true;
    this.send(connection, {
      type: 'ready',
      connectionId: connection.id,
      heartbeatMs: this.options.heartbeatMs ?? WS_HEARTBEAT_MS,
      maxSubscriptions: WS_MAX_SUBSCRIPTIONS,
      channels,
      ...idOf(frame.id),
    });
    if (first) this.options.onInit?.(this.pushTo(connection, 'all'));
    this.options.onSubscribe?.(
      `site:${frame.siteId}`,
      this.pushTo(connection, `site:${frame.siteId}`),
    );
  }

  private async onAuth(connection: WsConnection, frame: Extract<WsClientFrame, { type: 'auth' }>) {
    const seq = ++connection.authSeq;
    const user = frame.token ? await this.options.resolveToken(frame.token) : null;
    if (seq !== connection.authSeq || !this.connections.has(connection)) return;
    const mismatch = user !== null && frame.eid !== undefined && frame.eid !== user.externalId;
    const next = mismatch ? null : user;
    const previous = connection.user;
    if (previous && previous.sessionId !== next?.sessionId) this.signOut(connection);
    if (!frame.token)
      return this.send(connection, { type: 'authState', authenticated: false, ...idOf(frame.id) });
    if (!next) {
      return mismatch
        ? this.error(connection, 'eid_mismatch', 'eid is not the token’s user.', frame.id)
        : this.error(connection, 'unauthorized', 'The token is not a live session.', frame.id);
    }
    connection.user = next;
    this.rooms.join(connection, rooms.user(next.userId));
    this.rooms.join(connection, sessionRoom(next.sessionId));
    this.send(connection, { type: 'authState', authenticated: true, ...idOf(frame.id) });
    const bid = frame.bid === undefined ? undefined : String(frame.bid);
    this.options.onAuth?.(next, bid, this.pushTo(connection, 'user'));
  }

  private signOut(connection: WsConnection): void {
    const user = connection.user;
    if (!user) return;
    this.rooms.leave(connection, rooms.user(user.userId));
    this.rooms.leave(connection, sessionRoom(user.sessionId));
    connection.user = null;
  }

  /** The room a channel frame names, or null after answering `unknown_channel`. */
  private roomOf(connection: WsConnection, frame: { id?: string | number; channel: string }) {
    const room = wsChannelRoom(frame.channel);
    if (room === null) {
      this.error(connection, 'unknown_channel', `Unknown channel '${frame.channel}'.`, frame.id);
    }
    return room;
  }

  private onSubscribe(connection: WsConnection, frame: { id?: string | number; channel: string }) {
    const room = this.roomOf(connection, frame);
    if (room === null) return;
    if (!connection.rooms.has(room)) {
      if (this.channelCount(connection) >= WS_MAX_SUBSCRIPTIONS)
        return this.error(
          connection,
          'too_many_subscriptions',
          `At most ${WS_MAX_SUBSCRIPTIONS} channels.`,
          frame.id,
        );
      this.rooms.join(connection, room);
    }
    this.send(connection, { type: 'subscribed', channel: frame.channel, ...idOf(frame.id) });
    this.options.onSubscribe?.(frame.channel, this.pushTo(connection, frame.channel));
  }

  private onUnsubscribe(
    connection: WsConnection,
    frame: { id?: string | number; channel: string },
  ) {
    const room = this.roomOf(connection, frame);
    if (room === null) return;
    this.rooms.leave(connection, room);
    if (connection.siteId !== null && room === rooms.site(connection.siteId))
      connection.siteId = null;
    this.send(connection, { type: 'unsubscribed', channel: frame.channel, ...idOf(frame.id) });
  }

  private channelCount(connection: WsConnection): number {
    let count = 0;
    for (const room of connection.rooms) if (!isPrivateRoom(room)) count += 1;
    return count;
  }

  /** `endSessions` pushes `authState: false` to the sessions' rooms: their streams end here. */
  private onAuthStatePush(push: TappedPush): void {
    const state = push.args[0] as { authenticated?: boolean } | undefined;
    if (state?.authenticated !== false) return;
    for (const room of push.rooms) {
      if (!room.startsWith('session:')) continue;
      for (const c of this.rooms.members(room)) this.endSession(c);
    }
  }

  private endSession(connection: WsConnection): void {
    this.signOut(connection);
    this.send(connection, { type: 'authState', authenticated: false });
    connection.socket.close(WS_CLOSE_SESSION_ENDED, 'Session ended');
  }

  /** Ends this instance's streams whose session ended without a logout push reaching them. */
  async checkSessions(): Promise<void> {
    const live = this.options.liveSessions;
    if (!live) return;
    const signedIn = [...this.connections].filter((c) => c.user);
    const ids = [...new Set(signedIn.map((c) => c.user!.sessionId))];
    if (ids.length === 0) return;
    const alive = new Set(await live(ids));
    for (const c of signedIn) if (c.user && !alive.has(c.user.sessionId)) this.endSession(c);
  }

  /** WebSocket pings; a peer that answered nothing since the last one is dropped. */
  private beat(): void {
    for (const c of this.connections) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }

  close(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.sessionCheck) clearInterval(this.sessionCheck);
    this.heartbeat = this.sessionCheck = null;
    for (const c of this.connections) c.socket.terminate();
    this.connections.clear();
    this.rooms.clear();
    this.wss.close();
  }
}

function idOf(id: unknown): { id?: string | number } {
  if (typeof id === 'number' && Number.isSafeInteger(id)) return { id };
  return typeof id === 'string' && id.length <= 64 ? { id } : {};
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}
