import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database';

/** How often a leader checks that its session (and so its advisory lock) is still alive. */
export const LEADER_HEARTBEAT_MS = 2_000;

export interface LeaderElectionOptions {
  /** The arguments of `pg_try_advisory_lock`: one bigint key, or two int keys. */
  lock: RawBuilder<unknown>;
  /** Shown in the log. */
  name: string;
  /** How long a follower (or a leader that lost its session) waits before standing again. */
  retryMs: number;
  heartbeatMs?: number;
  /** This instance won: start the job. */
  lead(): Promise<void>;
  /** This instance no longer leads (closing, or its session died): stop the job at once. */
  stepDown(): Promise<void>;
  /** Run at every retry while another instance leads (a follower refreshes its state). */
  follow?(): Promise<void>;
  log: { info(msg: string): void; error(obj: unknown, msg?: string): void };
}

/**
 * One job (feed ingestion, a game's rounds) on one instance only (ADR 172): each instance tries
 * a PostgreSQL session advisory lock on a connection it keeps checked out. The holder leads
 * until it closes, and checks its session every heartbeat: a session that died (PostgreSQL
 * restarted, the backend terminated, the network cut) took the lock with it, so another
 * instance may already lead. The leader then steps down at once and stands again on a new
 * connection after `retryMs` (ADR 127). Any other failure (the database down while standing
 * or following) is retried the same way, never the end of the election.
 */
export class LeaderElection {
  private closing = false;
  private leading = false;
  private wake: () => void = () => undefined;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: LeaderElectionOptions,
  ) {}

  /** Whether this instance leads now. */
  isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    if (this.running || this.closing) return;
    this.running = this.run();
  }

  /** Stops leading (or following) and frees the lock. */
  async close(): Promise<void> {
    this.closing = true;
    this.wake();
    await this.running;
  }

  private async run(): Promise<void> {
    const { name, log, retryMs } = this.options;
    while (!this.closing) {
      try {
        await this.db.connection().execute((conn) => this.stand(conn));
      } catch (err) {
        log.error({ err }, `${name}: election session failed; standing again`);
      }
      await this.resign();
      if (!this.closing) await this.sleep(retryMs);
    }
  }

  /** On one connection: try the lock until won, then lead while the session lives. */
  private async stand(conn: Db): Promise<void> {
    const { lock, name, log, retryMs } = this.options;
    const heartbeatMs = this.options.heartbeatMs ?? LEADER_HEARTBEAT_MS;
    while (!this.closing) {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${lock}) as locked`.execute(conn);
      if (rows[0]?.locked) {
        this.leading = true;
        log.info(`${name}: this instance leads`);
        await this.options.lead();
        while (!this.closing) {
          await this.sleep(heartbeatMs);
          // Throws when the session is gone; `run` steps down and stands again.
          if (!this.closing) await sql`select 1`.execute(conn);
        }
        await this.resign();
        await sql`select pg_advisory_unlock(${lock})`.execute(conn);
        return;
      }
      await this.options.follow?.();
      await this.sleep(retryMs);
    }
  }

  private async resign(): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    try {
      await this.options.stepDown();
    } catch (err) {
      this.options.log.error({ err }, `${this.options.name}: stepping down failed`);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      this.wake = resolve;
      setTimeout(resolve, ms).unref();
    });
  }
}
