import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import { COOKIES } from '@dau/contracts/http';
import {
  rooms,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@dau/contracts/realtime';
import { cookieValue } from './cookie-value';
import { InstanceChannelHealth, SESSIONS_ENDED } from './instance-channel';
import { PacedRoomPush, type PacedPush } from './paced-room-push';
/**
 * Who a socket belongs to, as far as the realtime server needs to know: its user's room and its
 * session's. The realtime layer knows rooms and events, no module; the session lookup is handed in.
 */
export interface SocketUser {
  userId: number;
  sessionId: number;
}

/** Every socket signed in with a session is in its room, so logout can reach it anywhere. */
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;

export interface SocketData {
  user: SocketUser | null;
  platformId: number | null;
  clientId: number | null;
}

/** A paced room push (`toRoomPaced`), sent to every instance to write to its own sockets. */
const PACED_CHANNEL = 'paced-room-push';

/** Messages between instances (`Realtime.toInstances`): a channel and one JSON payload. */
export type InstanceEvents = Record<string, (payload: unknown) => void>;

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InstanceEvents,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InstanceEvents,
  SocketData
>;

/** The events channel of spec doc 2 §7, served by Socket.IO (decision 212). */
export const EVENTS_STREAM_PATH = '/api/events/stream';
/** Socket.IO's default path, still answered (older clients, tools): the same server and rooms. */
export const LEGACY_SOCKET_PATH = '/socket.io';

/** `/socket.io/...` becomes `/api/events/stream/...`; other URLs are returned unchanged. */
export function eventsStreamUrl(url: string): string {
  return url === LEGACY_SOCKET_PATH ||
    url.startsWith(`${LEGACY_SOCKET_PATH}/`) ||
    url.startsWith(`${LEGACY_SOCKET_PATH}?`)
    ? EVENTS_STREAM_PATH + url.slice(LEGACY_SOCKET_PATH.length)
    : url;
}

type EventArgs<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

/** Registers a module's socket handlers for every new connection. */
export type ConnectionHandler = (socket: RealtimeSocket) => void;

export interface Realtime {
  readonly io: RealtimeServer | null;
  toUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...args: EventArgs<E>
  ): void;
  toRoom<E extends keyof ServerToClientEvents>(room: string, event: E, ...args: EventArgs<E>): void;
  /**
   * As `toRoom`, for rooms of many sockets that get frequent pushes (High Flyer's): each instance
   * writes it to its sockets of the room a slice at a time, so requests are read between slices
   * (decision 191). Paced pushes keep their order among themselves, not with other pushes.
   */
  toRoomPaced<E extends keyof ServerToClientEvents>(
    room: string,
    event: E,
    ...args: EventArgs<E>
  ): void;
  toAll<E extends keyof ServerToClientEvents>(event: E, ...args: EventArgs<E>): void;
  onConnection(handler: ConnectionHandler): void;
  /**
   * Disconnects the sockets of these sessions on every instance (through the Redis adapter when
   * REDIS_URL is set): logout, password change and reset, a break or self-exclusion.
   */
  endSessions(sessionIds: readonly number[]): void;
  /**
   * A message to the handlers of `channel` on every instance, this one included (at once, here;
   * through the Redis adapter's server-side emit elsewhere when REDIS_URL is set). Fire and
   * forget: a receiver must cope with a lost one.
   */
  toInstances(channel: string, payload: unknown): void;
  onInstanceMessage(channel: string, handler: (payload: unknown) => void): void;
  /**
   * Whether `toInstances` now reaches every instance: always without REDIS_URL, else while both
   * Redis connections have been ready for a second (`InstanceChannelHealth`; ADR 188).
   */
  instanceChannelUp(): boolean;
  /** Called whenever a Redis connection of the channel drops, fails or comes back. */
  onInstanceChannelChange(handler: () => void): void;
}

export interface RealtimeOptions {
  redisUrl?: string | undefined;
  redisPrefix?: string;
  resolveToken: (token: string | undefined) => Promise<SocketUser | null>;
  /** Of these sessions, the ones still usable (expiry and idle timeout are checked here). */
  liveSessions?: (sessionIds: number[]) => Promise<number[]>;
  /** How often this instance re-checks its signed-in sockets' sessions; 0 never. */
  sessionCheckMs?: number;
  /** Whether a browser page at this origin may connect (the handshake's `Origin`). */
  allowOrigin?: (origin: string, host: string | undefined) => boolean;
  /** The client address of a handshake and how many connections one address may hold. */
  clientAddress?: (request: IncomingMessage) => string;
  maxConnectionsPerAddress?: number;
}

/**
 * The Socket.IO server on the app's HTTP server. Clients send `platform`, `sid` and `auth`
 * (spec doc 2 §4); an authenticated socket joins its user's room so pushes reach every tab and
 * every instance (through the Redis adapter when REDIS_URL is set).
 */
export class SocketRealtime implements Realtime {
  io: RealtimeServer | null = null;
  private readonly handlers: ConnectionHandler[] = [];
  private redisClients: { quit(): Promise<unknown> }[] = [];
  private readonly channel = new InstanceChannelHealth((err) =>
    this.logger?.error({ err }, 'instance channel handler failed'),
  );
  private logger: FastifyBaseLogger | null = null;
  private readonly connectionsByAddress = new Map<string, number>();
  private sessionCheck: ReturnType<typeof setInterval> | null = null;
  private unrewrite: (() => void) | null = null;
  private readonly instanceHandlers = new Map<string, ((payload: unknown) => void)[]>();
  private readonly paced = new PacedRoomPush(() => this.io);

  constructor(private readonly options: RealtimeOptions) {
    this.onInstanceMessage(PACED_CHANNEL, (payload) => {
      const { room, event, args } = payload as PacedPush;
      this.paced.push(room, event, args);
    });
  }

  /**
   * The handshake check (decision 123): a browser's `Origin` must be one of the site's, and one
   * client address may hold only so many connections. Clients that send no `Origin` are not
   * browsers on another page (browsers send it on every cross-origin request and WebSocket).
   */
  private allowRequest(
    request: IncomingMessage,
    callback: (err: string | null | undefined, ok: boolean) => void,
  ) {
    const origin = request.headers.origin;
    if (
      origin !== undefined &&
      this.options.allowOrigin &&
      !this.options.allowOrigin(origin, request.headers.host)
    ) {
      callback('This page may not connect.', false);
      return;
    }
    const max = this.options.maxConnectionsPerAddress;
    if (max !== undefined && this.options.clientAddress) {
      const address = this.options.clientAddress(request);
      if ((this.connectionsByAddress.get(address) ?? 0) >= max) {
        callback('Too many connections from this address.', false);
        return;
      }
    }
    callback(null, true);
  }

  /** Counts open connections per client address (only when a limit is set). */
  private countConnection(request: IncomingMessage, onClose: (listener: () => void) => void) {
    if (this.options.maxConnectionsPerAddress === undefined || !this.options.clientAddress) return;
    const address = this.options.clientAddress(request);
    this.connectionsByAddress.set(address, (this.connectionsByAddress.get(address) ?? 0) + 1);
    onClose(() => {
      const left = (this.connectionsByAddress.get(address) ?? 1) - 1;
      if (left > 0) this.connectionsByAddress.set(address, left);
      else this.connectionsByAddress.delete(address);
    });
  }

  /**
   * Disconnects this instance's signed-in sockets whose session ended without a logout reaching
   * them: expired, idle, or revoked while a message between instances was lost.
   */
  async checkSessions(): Promise<void> {
    const io = this.io;
    const live = this.options.liveSessions;
    if (!io || !live) return;
    const sockets = [...io.of('/').sockets.values()].filter((s) => s.data.user);
    const ids = [...new Set(sockets.map((s) => s.data.user!.sessionId))];
    if (ids.length === 0) return;
    const alive = new Set(await live(ids));
    for (const socket of sockets) {
      const user = socket.data.user;
      if (user && !alive.has(user.sessionId)) {
        socket.emit('authState', { authenticated: false });
        socket.disconnect(true);
      }
    }
  }

  async attach(httpServer: HttpServer, logger: FastifyBaseLogger): Promise<void> {
    this.logger = logger;
    const io: RealtimeServer = new Server(httpServer, {
      path: EVENTS_STREAM_PATH,
      serveClient: false,
      cors: { origin: false },
      maxHttpBufferSize: 16 * 1024,
      allowRequest: (request, callback) => this.allowRequest(request, callback),
    });
    // Engine.IO answers only its own path: the legacy path is rewritten before it looks.
    const rewrite = (request: IncomingMessage) => {
      if (request.url) request.url = eventsStreamUrl(request.url);
    };
    httpServer.prependListener('request', rewrite);
    httpServer.prependListener('upgrade', rewrite);
    this.unrewrite = () => {
      httpServer.off('request', rewrite);
      httpServer.off('upgrade', rewrite);
    };
    io.engine.on(
      'connection',
      (engineSocket: {
        request: IncomingMessage;
        once(event: 'close', listener: () => void): void;
      }) =>
        this.countConnection(engineSocket.request, (listener) =>
          engineSocket.once('close', listener),
        ),
    );
    if (this.options.redisUrl) {
      const pub = createClient({ url: this.options.redisUrl });
      const sub = pub.duplicate();
      pub.on('error', (err) => this.logger?.error({ err }, 'redis publisher error'));
      sub.on('error', (err) => this.logger?.error({ err }, 'redis subscriber error'));
      this.channel.watch([pub, sub]);
      await Promise.all([pub.connect(), sub.connect()]);
      this.redisClients = [pub, sub];
      this.channel.changed();
      io.adapter(
        createAdapter(pub, sub, { key: `${this.options.redisPrefix ?? 'dau:'}socket.io` }),
      );
    }
    io.on('connection', (socket) => this.onSocket(socket));
    this.io = io;
    for (const channel of this.instanceHandlers.keys()) this.hearInstances(channel);
    const every = this.options.sessionCheckMs ?? 0;
    if (every > 0 && this.options.liveSessions) {
      this.sessionCheck = setInterval(() => {
        this.checkSessions().catch((err) => this.logger?.warn({ err }, 'socket session check'));
      }, every);
      this.sessionCheck.unref();
    }
  }

  private onSocket(socket: RealtimeSocket): void {
    socket.data = { user: null, platformId: null, clientId: null };
    const authenticate = async (token: string | undefined) => {
      const previous = socket.data.user;
      const user = await this.options.resolveToken(token);
      if (previous && previous.sessionId !== user?.sessionId) {
        await socket.leave(rooms.user(previous.userId));
        await socket.leave(sessionRoom(previous.sessionId));
      }
      socket.data.user = user;
      if (user) await socket.join([rooms.user(user.userId), sessionRoom(user.sessionId)]);
      socket.emit('authState', { authenticated: user !== null });
    };
    const cookieToken = cookieValue(socket.handshake.headers.cookie, COOKIES.auth);
    if (cookieToken) {
      authenticate(cookieToken).catch((err) => this.logger?.warn({ err }, 'socket auth'));
    }
    socket.on('platform', (platformId) => {
      socket.data.platformId = Number.isInteger(platformId) ? platformId : null;
    });
    socket.on('sid', (clientId) => {
      socket.data.clientId = Number.isInteger(clientId) ? clientId : null;
    });
    socket.on('auth', (payload) => {
      // An empty token is a logout: the socket leaves its user's room.
      const token = typeof payload?.token === 'string' ? payload.token : '';
      authenticate(token || undefined).catch((err) =>
        this.logger?.warn({ err }, 'socket auth failed'),
      );
    });
    for (const handler of this.handlers) handler(socket);
  }

  onConnection(handler: ConnectionHandler): void {
    this.handlers.push(handler);
  }

  toUser<E extends keyof ServerToClientEvents>(userId: number, event: E, ...args: EventArgs<E>) {
    this.io?.to(rooms.user(userId)).emit(event, ...args);
  }

  toRoom<E extends keyof ServerToClientEvents>(room: string, event: E, ...args: EventArgs<E>) {
    this.io?.to(room).emit(event, ...args);
  }

  toRoomPaced<E extends keyof ServerToClientEvents>(room: string, event: E, ...args: EventArgs<E>) {
    const message: PacedPush = { room, event, args };
    this.toInstances(PACED_CHANNEL, message);
  }

  toAll<E extends keyof ServerToClientEvents>(event: E, ...args: EventArgs<E>) {
    this.io?.emit(event, ...args);
  }

  toInstances(channel: string, payload: unknown): void {
    this.deliverInstanceMessage(channel, payload);
    // The in-memory adapter has no other instance (and warns on a server-side emit).
    if (this.io && this.options.redisUrl) this.io.serverSideEmit(channel, payload);
  }

  onInstanceMessage(channel: string, handler: (payload: unknown) => void): void {
    const handlers = this.instanceHandlers.get(channel);
    if (handlers) {
      handlers.push(handler);
      return;
    }
    this.instanceHandlers.set(channel, [handler]);
    if (this.io) this.hearInstances(channel);
  }

  /** Other instances' messages on `channel` reach this one's handlers (Redis only). */
  private hearInstances(channel: string): void {
    if (!this.io || !this.options.redisUrl) return;
    this.io.on(channel, (payload: unknown) => this.deliverInstanceMessage(channel, payload));
  }

  instanceChannelUp(): boolean {
    return !this.options.redisUrl || (this.io !== null && this.channel.up());
  }

  onInstanceChannelChange(handler: () => void): void {
    this.channel.onChange(handler);
  }

  private deliverInstanceMessage(channel: string, payload: unknown): void {
    for (const handler of this.instanceHandlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        this.logger?.error({ err, channel }, 'instance message handler failed');
      }
    }
  }

  endSessions(sessionIds: readonly number[]): void {
    if (sessionIds.length === 0) return;
    // Every instance's session cache forgets them (this one's before this call returns).
    this.toInstances(SESSIONS_ENDED, sessionIds);
    if (!this.io) return;
    const sessionRooms = sessionIds.map(sessionRoom);
    // The client learns why, then the sockets go; a reconnect is anonymous (the session is gone).
    this.io.to(sessionRooms).emit('authState', { authenticated: false });
    this.io.in(sessionRooms).disconnectSockets(true);
  }

  async close(): Promise<void> {
    if (this.sessionCheck) clearInterval(this.sessionCheck);
    this.sessionCheck = null;
    this.unrewrite?.();
    this.unrewrite = null;
    if (this.io) {
      this.io.disconnectSockets(true);
      // Socket.IO's close() would also close the HTTP server, which Fastify owns.
      this.io.engine.close();
      this.io = null;
    }
    await Promise.allSettled(this.redisClients.map((c) => c.quit()));
    this.redisClients = [];
    this.channel.unwatch();
  }
}
