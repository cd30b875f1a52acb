import { sql, type Kysely } from 'kysely';
import { GAMES } from './casino-catalogue-seed';

/**
 * The RTPs of Dau's games as their maths documents them (docs/decisions/171): 0600 seeded
 * estimates before the game maths landed. Only rows still at the seed's old value change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const game of GAMES) {
    await sql`update casino_games set rtp_bps = ${game.rtpBps} where slug = ${game.slug}`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {}
