import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { rooms, type ServerToClientEvents } from '@dau/contracts/realtime';
import type { PushTap } from './push-tap';

/** The ASP.NET SignalR JSON hub protocol's record separator (HubProtocol.md). */
const RS = '\u001e';
export const HUB_PATH = '/api/uof/eventhub';
/** The server's keep-alive and the client's time-out, as ASP.NET's defaults (15 s and 30 s). */
const KEEP_ALIVE_MS = 15_000;
const CLIENT_TIMEOUT_MS = 30_000;
/** A negotiated connection token must be used within this time. */
const TOKEN_TTL_MS = 30_000;
const MAX_ROOMS = 200;
const MAX_MESSAGE_BYTES = 16 * 1024;
const MAX_INVOCATION_ID = 64;

/**
 * The pushes the hub carries (decision 212): the four events spec doc 2 §7 names for the hub,
 * and the feed's prices, live state and availability that a hub client following an event needs.
 * Account pushes never reach the hub (it has no sign-in); casino and virtuals stay on Socket.IO.
 */
export const HUB_EVENTS: ReadonlySet<keyof ServerToClientEvents> = new Set([
  'MarketUpdated',
  'EventUpdated',
  'EventDeleted',
  'Critical',
  'oddsChange',
  'liveStateDiff',
  'ProducerUp',
  'ProducerDown',
  'feedStatus',
] as const);

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

interface HubConnection {
  socket: WebSocket;
  rooms: Set<string>;
  handshaken: boolean;
  lastSent: number;
  lastReceived: number;
}

interface HubMethodResult {
  join?: string;
  leave?: string;
}

/** The hub methods a client may invoke, each naming the room it joins or leaves. */
const METHODS: Record<string, (args: unknown[]) => HubMethodResult | null> = {
  RegisterSiteId: ([siteId]) => (isId(siteId) ? { join: rooms.site(siteId) } : null),
  JoinEvent: ([id]) => (isId(id) ? { join: rooms.event(id) } : null),
  LeaveEvent: ([id]) => (isId(id) ? { leave: rooms.event(id) } : null),
  JoinSport: ([id]) => (isId(id) ? { join: rooms.sport(id) } : null),
  LeaveSport: ([id]) => (isId(id) ? { leave: rooms.sport(id) } : null),
};

export interface SignalRHubOptions {
  allowOrigin?: (origin: string, host?: string) => boolean;
  logger?: FastifyBaseLogger;
  /** Called when a client joins a site's room (the site's active notices are sent to it). */
  onRegisterSite?: (siteId: number, send: (target: string, ...args: unknown[]) => void) => void;
  /**
   * The current state a client joining a room is sent (ADR 230: event and sport rooms get their
   * events' summaries), before the invocation's completion so the client has it when `invoke`
   * resolves.
   */
  onJoin?: (room: string, send: (target: string, ...args: unknown[]) => void) => void;
  now?: () => number;
}

/**
 * The event hub of spec doc 2 §7 in the ASP.NET SignalR JSON hub protocol over WebSockets
 * (decision 212), so the published `@microsoft/signalr` client connects unchanged. It has no
 * fan-out of its own: the push tap (decision 214) hands it the Socket.IO pushes of the hub's
 * events, this instance's and, with REDIS_URL, every other instance's, and it forwards them to
 * the hub connections in the rooms they target.
 */
export class SignalRHub {
  private readonly connections = new Map<string, HubConnection>();
  /** Negotiated connection tokens not yet used, with their expiry; used ones answer 409. */
  private readonly pending = new Map<string, number>();
  private readonly used = new Map<string, number>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: SignalRHubOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The negotiate answer (TransportProtocols.md): version 1 with a connection token when the
   * client asks for 1 or more, version 0 (the connection id is the token) otherwise. WebSockets
   * with the Text format is the only transport.
   */
  negotiate(requestedVersion: number): object {
    const version = requestedVersion >= 1 ? 1 : 0;
    const connectionId = randomUUID();
    const connectionToken = version === 1 ? randomUUID() : connectionId;
    this.pending.set(connectionToken, this.now() + TOKEN_TTL_MS);
    return {
      connectionId,
      ...(version === 1 ? { connectionToken } : {}),
      negotiateVersion: version,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    };
  }

  attach(httpServer: HttpServer, tap: PushTap): void {
    httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== HUB_PATH) return;
      const status = this.upgradeStatus(request, url.searchParams.get('id'));
      if (status !== null) {
        socket.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws));
    });
    tap.listen({
      wants: (push) => HUB_EVENTS.has(push.target as keyof ServerToClientEvents),
      deliver: (push) => this.deliver(push.rooms, push.target, push.args),
    });
    this.timer = setInterval(() => this.keepAlive(), 1000);
    this.timer.unref();
  }

  /** Null to accept the upgrade, else the HTTP status line to refuse it with. */
  private upgradeStatus(request: IncomingMessage, token: string | null): string | null {
    const origin = request.headers.origin;
    if (origin !== undefined && this.options.allowOrigin?.(origin, request.headers.host) === false)
      return '403 Forbidden';
    // Without `id` a WebSocket client skipped negotiation: a new connection (TransportProtocols.md).
    if (token === null) return null;
    if (this.used.has(token)) return '409 Conflict';
    const expires = this.pending.get(token);
    if (expires === undefined || expires < this.now()) return '404 Not Found';
    this.pending.delete(token);
    this.used.set(token, this.now() + TOKEN_TTL_MS);
    return null;
  }

  /** Sends an invocation of `target` to this instance's hub connections in any of `targetRooms`. */
  private deliver(targetRooms: string[], target: string, args: unknown[]): void {
    const frame = JSON.stringify({ type: 1, target, arguments: args }) + RS;
    for (const connection of this.connections.values()) {
      if (!connection.handshaken) continue;
      if (targetRooms.length === 0 || targetRooms.some((r) => connection.rooms.has(r)))
        this.write(connection, frame);
    }
  }

  private write(connection: HubConnection, frame: string): void {
    connection.lastSent = this.now();
    connection.socket.send(frame);
  }

  /**
   * Pings a connection only when nothing was sent to it for the keep-alive interval, and drops
   * one that sent nothing (not even its own pings) for the client time-out (HubProtocol.md).
   */
  private keepAlive(): void {
    const now = this.now();
    for (const connection of this.connections.values()) {
      if (now - connection.lastReceived > CLIENT_TIMEOUT_MS) {
        this.fail(
          connection,
          'Server timeout elapsed without receiving a message from the client.',
        );
        continue;
      }
      if (connection.handshaken && now - connection.lastSent >= KEEP_ALIVE_MS)
        this.write(connection, JSON.stringify({ type: 6 }) + RS);
    }
    for (const [token, expires] of this.pending) if (expires < now) this.pending.delete(token);
    for (const [token, expires] of this.used) if (expires < now) this.used.delete(token);
  }

  private accept(socket: WebSocket): void {
    const id = randomUUID();
    const now = this.now();
    const connection: HubConnection = {
      socket,
      rooms: new Set(),
      handshaken: false,
      lastSent: now,
      lastReceived: now,
    };
    this.connections.set(id, connection);
    socket.on('close', () => this.connections.delete(id));
    socket.on('error', () => socket.terminate());
    socket.on('message', (data) => {
      connection.lastReceived = this.now();
      for (const record of data.toString().split(RS)) {
        if (record === '') continue;
        if (!this.onRecord(connection, record)) return;
      }
    });
  }

  /** One JSON record; false when the connection was closed over it. */
  private onRecord(connection: HubConnection, record: string): boolean {
    const send = (message: object) => this.write(connection, JSON.stringify(message) + RS);
    let message: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(record);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error();
      message = parsed as Record<string, unknown>;
    } catch {
      return this.fail(
        connection,
        connection.handshaken ? 'Invalid message.' : 'Invalid handshake.',
      );
    }
    if (!connection.handshaken) {
      if (message.protocol !== 'json' || message.version !== 1) {
        const name = typeof message.protocol === 'string' ? message.protocol : '';
        return this.fail(connection, `Requested protocol '${name}' is not available.`);
      }
      connection.handshaken = true;
      send({});
      return true;
    }
    switch (message.type) {
      case 1:
      case 4:
        return this.onInvocation(connection, message, send);
      case 5: // CancelInvocation: no method runs long enough to cancel; ignored.
      case 6: // Ping: only resets the client time-out.
        return true;
      case 7:
        connection.socket.close(1000);
        return false;
      default:
        // StreamItem and Completion from the client: no invocation of the server expects them.
        return this.fail(connection, 'Invalid message type.');
    }
  }

  private onInvocation(
    connection: HubConnection,
    message: Record<string, unknown>,
    send: (message: object) => void,
  ): boolean {
    const invocationId = typeof message.invocationId === 'string' ? message.invocationId : null;
    if (invocationId !== null && invocationId.length > MAX_INVOCATION_ID)
      return this.fail(connection, 'Invocation id too long.');
    const target = typeof message.target === 'string' ? message.target : '';
    const args = Array.isArray(message.arguments) ? (message.arguments as unknown[]) : [];
    const method = METHODS[target];
    if (message.type === 4) {
      // Every hub method returns a single (empty) result: a stream invocation is an error.
      if (invocationId === null) return this.fail(connection, 'Invalid message.');
      const reason = method ? 'the method does not stream.' : `Unknown hub method '${target}'.`;
      send({ type: 3, invocationId, error: `Failed to invoke '${target}': ${reason}` });
      return true;
    }
    const action = method?.(args) ?? null;
    if (action?.join && connection.rooms.size >= MAX_ROOMS) {
      if (invocationId !== null)
        send({ type: 3, invocationId, error: `Failed to invoke '${target}': too many rooms.` });
      return true;
    }
    if (action?.join) {
      connection.rooms.add(action.join);
      this.options.onJoin?.(action.join, (t, ...a) => send({ type: 1, target: t, arguments: a }));
    }
    if (action?.leave) connection.rooms.delete(action.leave);
    // A non-blocking invocation (no id) gets no answer at all.
    if (invocationId !== null) {
      if (!action) {
        const reason = method ? 'Invalid arguments.' : `Unknown hub method '${target}'.`;
        send({ type: 3, invocationId, error: `Failed to invoke '${target}': ${reason}` });
      } else send({ type: 3, invocationId }); // void method: no result (HubProtocol.md)
    }
    if (target === 'RegisterSiteId' && action)
      this.options.onRegisterSite?.(args[0] as number, (t, ...a) =>
        send({ type: 1, target: t, arguments: a }),
      );
    return true;
  }

  private fail(connection: HubConnection, error: string): boolean {
    // Before the handshake an error answers it; after, a Close message says why (HubProtocol.md).
    const message = connection.handshaken ? { type: 7, error, allowReconnect: false } : { error };
    this.write(connection, JSON.stringify(message) + RS);
    connection.socket.close(1000);
    return false;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const c of this.connections.values()) c.socket.terminate();
    this.connections.clear();
    this.wss.close();
  }
}
