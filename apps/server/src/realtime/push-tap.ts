import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import type { RealtimeServer } from './socket-server';

/** One Socket.IO push as the endpoints beside Socket.IO see it. */
export interface TappedPush {
  /** The rooms it targets; empty for a push to everyone. */
  rooms: string[];
  /** Rooms excluded (`io.except(...)`). */
  except: string[];
  target: string;
  args: unknown[];
}

/** An endpoint fed by the tap: which pushes it carries and how it delivers them. */
export interface PushListener {
  wants(push: Pick<TappedPush, 'rooms' | 'target'>): boolean;
  deliver(push: TappedPush): void;
}

interface BroadcastPacket {
  type: number;
  nsp?: string;
  data?: unknown[];
}
interface BroadcastOptions {
  rooms: Set<string>;
  except?: Set<string>;
  flags?: { local?: boolean };
}

export interface PushTapOptions {
  /** With Redis, every tapped push is relayed to the listeners of the other instances. */
  redisUrl?: string | undefined;
  redisPrefix?: string;
  logger?: FastifyBaseLogger;
}

/**
 * The one fan-out of Socket.IO pushes to the endpoints that are not Socket.IO (decisions 212 and
 * 214): the SignalR event hub and the websocket API. It wraps the main namespace adapter's
 * `broadcast`, so every `io.to(...).emit(...)` of any module reaches them too; modules keep one
 * publisher API (`Realtime`). With REDIS_URL a push any listener wants is published on
 * `{REDIS_PREFIX}pushes` and delivered to the listeners of every other instance. The Redis
 * adapter's own relayed messages call the base `broadcast`, so nothing is tapped twice.
 */
export class PushTap {
  private readonly listeners: PushListener[] = [];
  private readonly instance = randomUUID();
  private redis: { pub: RedisClient; sub: RedisClient } | null = null;

  constructor(private readonly options: PushTapOptions = {}) {}

  private get channel(): string {
    return `${this.options.redisPrefix ?? 'dau:'}pushes`;
  }

  listen(listener: PushListener): void {
    this.listeners.push(listener);
  }

  async attach(io: RealtimeServer): Promise<void> {
    const adapter = io.of('/').adapter as unknown as {
      broadcast(packet: BroadcastPacket, opts: BroadcastOptions): void;
    };
    const broadcast = adapter.broadcast.bind(adapter);
    adapter.broadcast = (packet, opts) => {
      broadcast(packet, opts);
      this.tap(packet, opts);
    };
    if (this.options.redisUrl) {
      const pub: RedisClient = createClient({ url: this.options.redisUrl });
      const sub: RedisClient = pub.duplicate();
      pub.on('error', (err) => this.options.logger?.error({ err }, 'push tap redis publisher'));
      sub.on('error', (err) => this.options.logger?.error({ err }, 'push tap redis subscriber'));
      await Promise.all([pub.connect(), sub.connect()]);
      await sub.subscribe(this.channel, (message) => this.onRelayed(message));
      this.redis = { pub, sub };
    }
  }

  private tap(packet: BroadcastPacket, opts: BroadcastOptions): void {
    // Socket.IO EVENT packets on the main namespace only.
    if (packet.type !== 2 || (packet.nsp ?? '/') !== '/' || !Array.isArray(packet.data)) return;
    const [target, ...args] = packet.data;
    if (typeof target !== 'string') return;
    const push: TappedPush = {
      rooms: [...opts.rooms],
      except: [...(opts.except ?? [])],
      target,
      args,
    };
    if (!this.deliver(push)) return;
    if (this.redis && !opts.flags?.local) {
      const relayed = JSON.stringify({ from: this.instance, ...push });
      this.redis.pub
        .publish(this.channel, relayed)
        .catch((err: unknown) => this.options.logger?.warn({ err }, 'push tap relay publish'));
    }
  }

  /** Hands a push to the listeners that want it; false when none does. */
  private deliver(push: TappedPush): boolean {
    let wanted = false;
    for (const listener of this.listeners) {
      if (!listener.wants(push)) continue;
      wanted = true;
      listener.deliver(push);
    }
    return wanted;
  }

  private onRelayed(message: string): void {
    try {
      const { from, ...push } = JSON.parse(message) as TappedPush & { from: string };
      if (from !== this.instance) this.deliver(push);
    } catch (err) {
      this.options.logger?.warn({ err }, 'push tap relay message');
    }
  }

  async close(): Promise<void> {
    const redis = this.redis;
    this.redis = null;
    if (redis) await Promise.allSettled([redis.sub.quit(), redis.pub.quit()]);
  }
}

type RedisClient = ReturnType<typeof createClient>;
