import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { RouletteService } from './roulette.service';

/** The advisory lock key of the instance that plays Roulette's rounds ("roulette" in ASCII). */
const ROULETTE_LOCK = 0x726f756c;

/**
 * Plays the rounds on one instance only (ADR 172, as the feed ingestion): each instance tries a
 * PostgreSQL session advisory lock on a connection of its own; the holder runs the round loop
 * until it closes (its lock then frees and another instance takes over from the database's
 * state). Without election (one instance, or PGlite) the loop simply runs here.
 */
export class RouletteLeader {
  private closing = false;
  private wake: (() => void) | null = null;
  private election: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly roulette: RouletteService,
    private readonly options: {
      elect: boolean;
      retryMs: number;
      log: { info(msg: string): void; error(obj: unknown, msg?: string): void };
    },
  ) {}

  start(): void {
    if (!this.options.elect) {
      this.roulette.start();
      return;
    }
    if (this.election) return;
    this.election = this.db
      .connection()
      .execute(async (conn) => {
        while (!this.closing) {
          const { rows } = await sql<{
            locked: boolean;
          }>`select pg_try_advisory_lock(${ROULETTE_LOCK}) as locked`.execute(conn);
          if (rows[0]?.locked) {
            this.options.log.info('roulette: this instance plays the rounds');
            this.roulette.start();
            if (!this.closing) await new Promise<void>((resolve) => (this.wake = resolve));
            await this.roulette.stop();
            await sql`select pg_advisory_unlock(${ROULETTE_LOCK})`.execute(conn);
            return;
          }
          await new Promise<void>((resolve) => {
            this.wake = resolve;
            setTimeout(resolve, this.options.retryMs).unref();
          });
        }
      })
      .catch((err: unknown) => this.options.log.error({ err }, 'roulette: election stopped'));
  }

  async close(): Promise<void> {
    this.closing = true;
    this.wake?.();
    await this.election;
    await this.roulette.stop();
  }
}
