import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database';
import type {
  StoredVirtualLeg,
  VirtualBetStatusColumn,
  VirtualMatchdayPhaseColumn,
} from './virtuals.tables';

export interface MatchdayRow {
  id: number;
  server_seed: string;
  server_seed_hash: string;
  phase: VirtualMatchdayPhaseColumn;
  opened_at: Date;
  kickoff_at: Date;
  full_time_at: Date;
  results: [number, number][] | null;
  settled_at: Date | null;
}

export interface VirtualBetRow {
  id: number;
  user_id: number;
  matchday_id: number;
  bet_type: 'single' | 'multiple';
  status: VirtualBetStatusColumn;
  stake: number;
  potential_win: number;
  payout: number;
  total_odds: string;
  legs: StoredVirtualLeg[];
  placed_at: Date;
  settled_at: Date | null;
}

/** Bigint columns come back as strings from PostgreSQL; the ids and cents here fit a number. */
function matchday(row: MatchdayRow | undefined): MatchdayRow | undefined {
  return row ? { ...row, id: Number(row.id) } : undefined;
}

function bet(row: VirtualBetRow): VirtualBetRow {
  return {
    ...row,
    id: Number(row.id),
    user_id: Number(row.user_id),
    matchday_id: Number(row.matchday_id),
    stake: Number(row.stake),
    potential_win: Number(row.potential_win),
    payout: Number(row.payout),
  };
}

export async function matchdayById(
  db: DbOrTx,
  id: number,
  lock?: 'share',
): Promise<MatchdayRow | undefined> {
  const query = db.selectFrom('virtual_matchdays').selectAll().where('id', '=', id);
  return matchday(await (lock === 'share' ? query.forShare() : query).executeTakeFirst());
}

export async function matchdayInPhase(
  db: DbOrTx,
  phase: VirtualMatchdayPhaseColumn,
): Promise<MatchdayRow | undefined> {
  return matchday(
    await db
      .selectFrom('virtual_matchdays')
      .selectAll()
      .where('phase', '=', phase)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  );
}

/** The newest matchday that is not open for betting: playing, or the last one played. */
export async function liveMatchday(db: DbOrTx): Promise<MatchdayRow | undefined> {
  return matchday(
    await db
      .selectFrom('virtual_matchdays')
      .selectAll()
      .where('phase', '<>', 'open')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  );
}

export async function latestMatchday(db: DbOrTx): Promise<MatchdayRow | undefined> {
  return matchday(
    await db
      .selectFrom('virtual_matchdays')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  );
}

/** Opens matchday `id` unless one is open already (the partial unique index keeps it to one). */
export async function createMatchday(
  db: DbOrTx,
  row: {
    id: number;
    serverSeed: string;
    serverSeedHash: string;
    openedAt: Date;
    kickoffAt: Date;
    fullTimeAt: Date;
  },
): Promise<void> {
  await sql`insert into virtual_matchdays
      (id, server_seed, server_seed_hash, opened_at, kickoff_at, full_time_at)
    values (${row.id}, ${row.serverSeed}, ${row.serverSeedHash}, ${row.openedAt}, ${row.kickoffAt}, ${row.fullTimeAt})
    on conflict do nothing`.execute(db);
}

/** Closes betting and records the final scores; undefined when another call did it first. */
export async function kickOff(
  db: DbOrTx,
  id: number,
  results: [number, number][],
): Promise<MatchdayRow | undefined> {
  return matchday(
    await db
      .updateTable('virtual_matchdays')
      .set({ phase: 'playing', results: JSON.stringify(results) })
      .where('id', '=', id)
      .where('phase', '=', 'open')
      .returningAll()
      .executeTakeFirst(),
  );
}

export async function markSettled(
  db: DbOrTx,
  id: number,
  now: Date,
): Promise<MatchdayRow | undefined> {
  return matchday(
    await db
      .updateTable('virtual_matchdays')
      .set({ phase: 'settled', settled_at: now })
      .where('id', '=', id)
      .where('phase', '=', 'playing')
      .returningAll()
      .executeTakeFirst(),
  );
}

/** Settled matchdays with ids in [from, to], newest first. */
export async function settledBetween(db: DbOrTx, from: number, to: number): Promise<MatchdayRow[]> {
  const rows = await db
    .selectFrom('virtual_matchdays')
    .selectAll()
    .where('phase', '=', 'settled')
    .where('id', '>=', from)
    .where('id', '<=', to)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => matchday(r) as MatchdayRow);
}

export async function insertBet(
  db: DbOrTx,
  row: {
    userId: number;
    matchdayId: number;
    betType: 'single' | 'multiple';
    stake: number;
    potentialWin: number;
    totalOdds: string;
    legs: StoredVirtualLeg[];
    placedAt: Date;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('virtual_bets')
    .values({
      user_id: row.userId,
      matchday_id: row.matchdayId,
      bet_type: row.betType,
      stake: row.stake,
      potential_win: row.potentialWin,
      total_odds: row.totalOdds,
      legs: JSON.stringify(row.legs),
      placed_at: row.placedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Moves a bet from one status to another; false when it was not in `from` (someone else moved it). */
export async function moveBet(
  db: DbOrTx,
  id: number,
  from: VirtualBetStatusColumn,
  to: VirtualBetStatusColumn,
  settled?: { payout: number; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('virtual_bets')
    .set({
      status: to,
      ...(settled ? { payout: settled.payout, settled_at: settled.at } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function betsOfMatchday(
  db: DbOrTx,
  matchdayId: number,
  statuses: VirtualBetStatusColumn[],
): Promise<(VirtualBetRow & { site_id: number })[]> {
  const rows = await db
    .selectFrom('virtual_bets as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .selectAll('b')
    .select('u.site_id')
    .where('b.matchday_id', '=', matchdayId)
    .where('b.status', 'in', statuses)
    .orderBy('b.id')
    .execute();
  return rows.map((r) => ({ ...bet(r as VirtualBetRow), site_id: Number(r.site_id) }));
}

const SHOWN: VirtualBetStatusColumn[] = ['open', 'won', 'lost', 'void'];

/** A page of the user's bets (refused and unconfirmed ones left out), newest first. */
export async function userBets(
  db: DbOrTx,
  userId: number,
  filter: { status?: VirtualBetStatusColumn; page: number; pageSize: number },
): Promise<{
  rows: (VirtualBetRow & {
    kickoff_at: Date;
    results: [number, number][] | null;
    phase: VirtualMatchdayPhaseColumn;
  })[];
  total: number;
}> {
  const statuses = filter.status ? [filter.status] : SHOWN;
  const base = db
    .selectFrom('virtual_bets as b')
    .where('b.user_id', '=', userId)
    .where('b.status', 'in', statuses);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('virtual_matchdays as m', 'm.id', 'b.matchday_id')
      .selectAll('b')
      .select(['m.kickoff_at', 'm.results', 'm.phase'])
      .orderBy('b.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...bet(r as VirtualBetRow),
      kickoff_at: r.kickoff_at,
      results: r.results,
      phase: r.phase,
    })),
    total: Number(count?.n ?? 0),
  };
}

export async function betById(db: DbOrTx, id: number): Promise<VirtualBetRow | undefined> {
  const row = await db
    .selectFrom('virtual_bets')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? bet(row as VirtualBetRow) : undefined;
}
