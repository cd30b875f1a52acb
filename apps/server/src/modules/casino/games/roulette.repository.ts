import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/database';
import type { RouletteBetStatus, RoulettePhaseColumn, StoredRouletteBet } from './games.tables';

export interface RouletteRoundRow {
  id: number;
  server_seed: string;
  server_seed_hash: string;
  phase: RoulettePhaseColumn;
  opened_at: Date;
  betting_closes_at: Date;
  settles_at: Date;
  pocket: number | null;
  settled_at: Date | null;
}

export interface RouletteBetRow {
  id: number;
  round_no: number;
  user_id: number;
  bets: StoredRouletteBet[];
  stake: number;
  win: number | null;
  status: RouletteBetStatus;
}

export function latestRound(db: DbOrTx): Promise<RouletteRoundRow | undefined> {
  return db
    .selectFrom('casino_roulette_rounds')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function roundByNumber(
  db: DbOrTx,
  id: number,
  lock?: 'share',
): Promise<RouletteRoundRow | undefined> {
  const query = db.selectFrom('casino_roulette_rounds').selectAll().where('id', '=', id);
  return (lock === 'share' ? query.forShare() : query).executeTakeFirst();
}

export function recentSettled(db: DbOrTx, count: number): Promise<RouletteRoundRow[]> {
  return db
    .selectFrom('casino_roulette_rounds')
    .selectAll()
    .where('phase', '=', 'settled')
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
}

/** Opens a round unless one is still open (the partial unique index keeps it to one). */
export async function openRound(
  db: DbOrTx,
  round: {
    serverSeed: string;
    serverSeedHash: string;
    openedAt: Date;
    closesAt: Date;
    settlesAt: Date;
  },
): Promise<void> {
  await sql`insert into casino_roulette_rounds
      (server_seed, server_seed_hash, opened_at, betting_closes_at, settles_at)
    values (${round.serverSeed}, ${round.serverSeedHash}, ${round.openedAt}, ${round.closesAt}, ${round.settlesAt})
    on conflict do nothing`.execute(db);
}

/** Closes betting and records the pocket; undefined when another call did it first. */
export function startSpin(
  db: DbOrTx,
  id: number,
  pocket: number,
): Promise<RouletteRoundRow | undefined> {
  return db
    .updateTable('casino_roulette_rounds')
    .set({ phase: 'spinning', pocket })
    .where('id', '=', id)
    .where('phase', '=', 'betting')
    .returningAll()
    .executeTakeFirst();
}

export function markSettled(
  db: DbOrTx,
  id: number,
  now: Date,
): Promise<RouletteRoundRow | undefined> {
  return db
    .updateTable('casino_roulette_rounds')
    .set({ phase: 'settled', settled_at: now })
    .where('id', '=', id)
    .where('phase', '=', 'spinning')
    .returningAll()
    .executeTakeFirst();
}

export async function insertBet(
  db: DbOrTx,
  bet: { roundNo: number; userId: number; bets: StoredRouletteBet[]; stake: number },
): Promise<number> {
  const row = await db
    .insertInto('casino_roulette_bets')
    .values({
      round_no: bet.roundNo,
      user_id: bet.userId,
      bets: JSON.stringify(bet.bets),
      stake: bet.stake,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setBetStatus(
  db: DbOrTx,
  id: number,
  status: RouletteBetStatus,
  win: number | null = null,
): Promise<void> {
  await db.updateTable('casino_roulette_bets').set({ status, win }).where('id', '=', id).execute();
}

export function betsOfRound(
  db: DbOrTx,
  roundNo: number,
  userId?: number,
): Promise<RouletteBetRow[]> {
  let query = db.selectFrom('casino_roulette_bets').selectAll().where('round_no', '=', roundNo);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.orderBy('id').execute();
}

/** The player's staked total in a round, bets refused or rolled back left out. */
export async function stakedInRound(db: DbOrTx, roundNo: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('casino_roulette_bets')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('stake'), sql<number>`0`).as('total'))
    .where('round_no', '=', roundNo)
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'placed', 'settled'])
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
