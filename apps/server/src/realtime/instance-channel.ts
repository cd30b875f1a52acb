/**
 * The instance channel on which `endSessions` announces the ended sessions' ids to every instance
 * (this one at once): their cached sessions are forgotten (ADR 188).
 */
export const SESSIONS_ENDED = 'sessionsEnded';

/**
 * How long both Redis connections must have been ready before the channel between instances
 * counts as up again: node-redis resubscribes as it reconnects, and a message sent in between is
 * lost (ADR 188).
 */
export const INSTANCE_CHANNEL_SETTLE_MS = 1_000;

/** A Redis connection as the channel's health needs it (node-redis's client). */
export interface WatchedConnection {
  readonly isReady: boolean;
  on(event: 'ready' | 'reconnecting' | 'end' | 'error', listener: () => void): unknown;
}

/**
 * Whether this instance's Redis publisher and subscriber (the Socket.IO adapter's, which carry
 * `toInstances`) both work: up once both have been ready for `INSTANCE_CHANNEL_SETTLE_MS` with
 * no trouble, down as soon as either errs, drops or reconnects (an error restarts the wait even
 * if the connection still says it is ready). Listeners hear every such change.
 */
export class InstanceChannelHealth {
  private connections: readonly WatchedConnection[] = [];
  /** When both connections last became ready (`performance.now()`), null while not. */
  private upSince: number | null = null;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly onListenerError: (err: unknown) => void = () => {},
    /** The monotonic clock (ms); tests may replace it. */
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Follows these connections (call before they connect, then `changed()` once they have). */
  watch(connections: readonly WatchedConnection[]): void {
    for (const connection of connections) {
      connection.on('ready', () => this.changed());
      for (const event of ['reconnecting', 'end', 'error'] as const) {
        connection.on(event, () => this.changed(true));
      }
    }
    this.connections = connections;
  }

  /** No connections any more (the server closed). */
  unwatch(): void {
    this.connections = [];
    this.changed();
  }

  up(): boolean {
    return (
      this.upSince !== null &&
      this.clock() - this.upSince >= INSTANCE_CHANNEL_SETTLE_MS &&
      this.ready()
    );
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Works the state out again; `trouble` (an error, a drop) restarts the settling time. */
  changed(trouble = false): void {
    if (!this.ready()) this.upSince = null;
    else if (trouble || this.upSince === null) this.upSince = this.clock();
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }

  private ready(): boolean {
    return this.connections.length > 0 && this.connections.every((c) => c.isReady);
  }
}
