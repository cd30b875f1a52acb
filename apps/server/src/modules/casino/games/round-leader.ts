import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { LeaderElection } from '../../../db/leader-election';

/** What a leader runs: a loop that plays shared rounds from the database's state. */
export interface RoundRunner {
  start(): void;
  stop(): Promise<void>;
}

export interface RoundLeaderOptions {
  /** The PostgreSQL advisory lock key of this game's loop (one key per game). */
  lockKey: number;
  /** Shown in the log: "<name>: this instance leads". */
  name: string;
  elect: boolean;
  retryMs: number;
  /** How often the leader checks its session (`LEADER_HEARTBEAT_MS` unless given). */
  heartbeatMs?: number;
  log: { info(msg: string): void; error(obj: unknown, msg?: string): void };
}

/**
 * Plays a game's shared rounds on one instance only (ADR 172, as the feed ingestion; Roulette,
 * High Flyer, virtual football): the holder of the game's advisory lock runs the loop until it
 * closes or its database session dies (ADR 127, `LeaderElection`); then it stops the loop at
 * once and another instance takes over from the database's state. Without election (one
 * instance, or PGlite) the loop simply runs here.
 */
export class RoundLeader {
  private readonly election: LeaderElection | null;

  constructor(
    db: Db,
    private readonly runner: RoundRunner,
    private readonly options: RoundLeaderOptions,
  ) {
    this.election = options.elect
      ? new LeaderElection(db, {
          lock: sql`${sql.lit(options.lockKey)}::bigint`,
          name: options.name,
          retryMs: options.retryMs,
          ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
          lead: () => Promise.resolve(runner.start()),
          stepDown: () => runner.stop(),
          log: options.log,
        })
      : null;
  }

  /** Whether this instance plays the rounds now. */
  isLeader(): boolean {
    return this.election ? this.election.isLeader() : true;
  }

  start(): void {
    if (this.election) this.election.start();
    else this.runner.start();
  }

  async close(): Promise<void> {
    await this.election?.close();
    await this.runner.stop();
  }
}
