import type { DbOrTx } from '../../../db/database';
import type { MinesRoundStatus } from './games.tables';

export interface MinesRoundRow {
  id: number;
  round_id: string;
  user_id: number;
  seed_pair_id: number;
  nonce: number;
  mines: number;
  stake: number;
  mine_tiles: number[];
  revealed: number[];
  status: MinesRoundStatus;
  hit: number | null;
  win: number;
  debited: boolean;
  settled: boolean;
}

const columns = [
  'id',
  'round_id',
  'user_id',
  'seed_pair_id',
  'nonce',
  'mines',
  'stake',
  'mine_tiles',
  'revealed',
  'status',
  'hit',
  'win',
  'debited',
  'settled',
] as const;

export async function hasMinesInPlay(db: DbOrTx, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('casino_mines_rounds')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'playing')
    .executeTakeFirst();
  return row !== undefined;
}

export function minesInPlay(db: DbOrTx, userId: number): Promise<MinesRoundRow | undefined> {
  return db
    .selectFrom('casino_mines_rounds')
    .select(columns)
    .where('user_id', '=', userId)
    .where('status', '=', 'playing')
    .executeTakeFirst();
}

/** The player's round by id, locked for update when `lock` (inside a transaction). */
export function minesRound(
  db: DbOrTx,
  userId: number,
  roundId: string,
  lock = false,
): Promise<MinesRoundRow | undefined> {
  const query = db
    .selectFrom('casino_mines_rounds')
    .select(columns)
    .where('user_id', '=', userId)
    .where('round_id', '=', roundId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Finished rounds whose closing credit the wallet has not confirmed (a crash in between). */
export function unsettledMinesRounds(db: DbOrTx, userId?: number): Promise<MinesRoundRow[]> {
  let query = db
    .selectFrom('casino_mines_rounds')
    .select(columns)
    .where('status', '<>', 'playing')
    .where('settled', '=', false);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.orderBy('id').limit(100).execute();
}

export async function insertMinesRound(
  db: DbOrTx,
  row: {
    roundId: string;
    userId: number;
    seedPairId: number;
    nonce: number;
    mines: number;
    stake: number;
    mineTiles: number[];
  },
): Promise<void> {
  await db
    .insertInto('casino_mines_rounds')
    .values({
      round_id: row.roundId,
      user_id: row.userId,
      seed_pair_id: row.seedPairId,
      nonce: row.nonce,
      mines: row.mines,
      stake: row.stake,
      mine_tiles: JSON.stringify(row.mineTiles),
    })
    .execute();
}

export async function updateMinesRound(
  db: DbOrTx,
  id: number,
  change: {
    revealed?: number[];
    status?: MinesRoundStatus;
    hit?: number | null;
    win?: number;
    debited?: boolean;
    settled?: boolean;
  },
  now: Date,
): Promise<void> {
  await db
    .updateTable('casino_mines_rounds')
    .set({
      ...(change.revealed ? { revealed: JSON.stringify(change.revealed) } : {}),
      ...(change.status ? { status: change.status } : {}),
      ...(change.hit !== undefined ? { hit: change.hit } : {}),
      ...(change.win !== undefined ? { win: change.win } : {}),
      ...(change.debited !== undefined ? { debited: change.debited } : {}),
      ...(change.settled !== undefined ? { settled: change.settled } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteMinesRound(db: DbOrTx, id: number): Promise<void> {
  await db
    .deleteFrom('casino_mines_rounds')
    .where('id', '=', id)
    .where('debited', '=', false)
    .execute();
}
