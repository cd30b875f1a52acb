import type { Server as HttpServer } from 'node:http';
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
/**
 * Who a socket belongs to, as far as the realtime server needs to know: its user's room. The
 * realtime layer knows rooms and events, no module; the session lookup is handed in.
 */
export interface SocketUser {
  userId: number;
}

export interface SocketData {
  user: SocketUser | null;
  platformId: number | null;
  clientId: number | null;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

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
  toAll<E extends keyof ServerToClientEvents>(event: E, ...args: EventArgs<E>): void;
  onConnection(handler: ConnectionHandler): void;
}

export interface RealtimeOptions {
  redisUrl?: string | undefined;
  redisPrefix?: string;
  resolveToken: (token: string | undefined) => Promise<SocketUser | null>;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
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
  private logger: FastifyBaseLogger | null = null;

  constructor(private readonly options: RealtimeOptions) {}

  async attach(httpServer: HttpServer, logger: FastifyBaseLogger): Promise<void> {
    this.logger = logger;
    const io: RealtimeServer = new Server(httpServer, {
      path: '/socket.io',
      serveClient: false,
      cors: { origin: false },
      maxHttpBufferSize: 16 * 1024,
    });
    if (this.options.redisUrl) {
      const pub = createClient({ url: this.options.redisUrl });
      const sub = pub.duplicate();
      pub.on('error', (err) => this.logger?.error({ err }, 'redis publisher error'));
      sub.on('error', (err) => this.logger?.error({ err }, 'redis subscriber error'));
      await Promise.all([pub.connect(), sub.connect()]);
      this.redisClients = [pub, sub];
      io.adapter(
        createAdapter(pub, sub, { key: `${this.options.redisPrefix ?? 'dau:'}socket.io` }),
      );
    }
    io.on('connection', (socket) => this.onSocket(socket));
    this.io = io;
  }

  private onSocket(socket: RealtimeSocket): void {
    socket.data = { user: null, platformId: null, clientId: null };
    const authenticate = async (token: string | undefined) => {
      const previous = socket.data.user;
      const user = await this.options.resolveToken(token);
      if (previous && previous.userId !== user?.userId)
        await socket.leave(rooms.user(previous.userId));
      socket.data.user = user;
      if (user) await socket.join(rooms.user(user.userId));
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

  toAll<E extends keyof ServerToClientEvents>(event: E, ...args: EventArgs<E>) {
    this.io?.emit(event, ...args);
  }

  async close(): Promise<void> {
    if (this.io) {
      this.io.disconnectSockets(true);
      // Socket.IO's close() would also close the HTTP server, which Fastify owns.
      this.io.engine.close();
      this.io = null;
    }
    await Promise.allSettled(this.redisClients.map((c) => c.quit()));
    this.redisClients = [];
  }
}
