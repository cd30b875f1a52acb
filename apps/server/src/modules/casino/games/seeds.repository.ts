import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/database';

export interface SeedPairRow {
  id: number;
  user_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  created_at: Date;
  revealed_at: Date | null;
}

export function activePair(db: DbOrTx, userId: number): Promise<SeedPairRow | undefined> {
  return db
    .selectFrom('casino_seed_pairs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revealed_at', 'is', null)
    .executeTakeFirst();
}

export function lastRevealedPair(db: DbOrTx, userId: number): Promise<SeedPairRow | undefined> {
  return db
    .selectFrom('casino_seed_pairs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revealed_at', 'is not', null)
    .orderBy('revealed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function pairByHash(
  db: DbOrTx,
  userId: number,
  hash: string,
): Promise<SeedPairRow | undefined> {
  return db
    .selectFrom('casino_seed_pairs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('server_seed_hash', '=', hash)
    .executeTakeFirst();
}

/** Revealed server seeds among `hashes` (any player's: a revealed seed is public). */
export async function revealedSeeds(db: DbOrTx, hashes: string[]): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .selectFrom('casino_seed_pairs')
    .select(['server_seed_hash', 'server_seed'])
    .where('server_seed_hash', 'in', hashes)
    .where('revealed_at', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.server_seed_hash, r.server_seed]));
}

/** Inserts the player's pair in play unless one exists (then nothing happens). */
export async function insertPair(
  db: DbOrTx,
  pair: { userId: number; serverSeed: string; serverSeedHash: string; clientSeed: string },
): Promise<void> {
  await sql`insert into casino_seed_pairs (user_id, server_seed, server_seed_hash, client_seed)
    values (${pair.userId}, ${pair.serverSeed}, ${pair.serverSeedHash}, ${pair.clientSeed})
    on conflict (user_id) where revealed_at is null do nothing`.execute(db);
}

/**
 * Takes the next nonce of the player's pair in play: one atomic update, so concurrent rounds
 * never share a nonce. The row stays locked until the caller's transaction ends, which keeps a
 * rotation from revealing the seed of a round still being recorded.
 */
export async function takeNonce(db: DbOrTx, userId: number): Promise<SeedPairRow | undefined> {
  const row = await db
    .updateTable('casino_seed_pairs')
    .set({ nonce: sql`nonce + 1` })
    .where('user_id', '=', userId)
    .where('revealed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ? { ...row, nonce: row.nonce - 1 } : undefined;
}

/** Marks the pair in play revealed and returns it (locking it until the transaction ends). */
export function revealActivePair(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<SeedPairRow | undefined> {
  return db
    .updateTable('casino_seed_pairs')
    .set({ revealed_at: now })
    .where('user_id', '=', userId)
    .where('revealed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
