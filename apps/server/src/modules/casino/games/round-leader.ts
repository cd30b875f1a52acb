import { sql } from 'kysely';
import type { Db } from '../../../db/database';

/** What a leader runs: a loop that plays shared rounds from the database's state. */
export interface RoundRunner {
  start(): void;
  stop(): Promise<void>;
}

export interface RoundLeaderOptions {
  /** The PostgreSQL advisory lock key of this game's loop (one key per game). */
  lockKey: number;
  /** Shown in the log: "<name>: this instance plays the rounds". */
  name: string;
  elect: boolean;
  retryMs: number;
  log: { info(msg: string): void; error(obj: unknown, msg?: string): void };
}

/**
 * Plays a game's shared rounds on one instance only (ADR 172, as the feed ingestion; Roulette,
 * virtual football): each instance tries a PostgreSQL session advisory lock on a connection of
 * its own; the holder runs the loop until it closes (its lock then frees and another instance
 * takes over from the database's state). Without election (one instance, or PGlite) the loop
 * simply runs here.
 */
export class RoundLeader {
  private closing = false;
  private wake: (() => void) | null = null;
  private election: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly runner: RoundRunner,
    private readonly options: RoundLeaderOptions,
  ) {}

  start(): void {
    if (!this.options.elect) {
      this.runner.start();
      return;
    }
    if (this.election) return;
    const { lockKey, name, log } = this.options;
    this.election = this.db
      .connection()
      .execute(async (conn) => {
        while (!this.closing) {
          const { rows } = await sql<{
            locked: boolean;
          }>`select pg_try_advisory_lock(${lockKey}) as locked`.execute(conn);
          if (rows[0]?.locked) {
            log.info(`${name}: this instance plays the rounds`);
            this.runner.start();
            if (!this.closing) await new Promise<void>((resolve) => (this.wake = resolve));
            await this.runner.stop();
            await sql`select pg_advisory_unlock(${lockKey})`.execute(conn);
            return;
          }
          await new Promise<void>((resolve) => {
            this.wake = resolve;
            setTimeout(resolve, this.options.retryMs).unref();
          });
        }
      })
      .catch((err: unknown) => log.error({ err }, `${name}: election stopped`));
  }

  async close(): Promise<void> {
    this.closing = true;
    this.wake?.();
    await this.election;
    await this.runner.stop();
  }
}
