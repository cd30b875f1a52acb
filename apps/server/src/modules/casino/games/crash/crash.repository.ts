import { sql } from 'kysely';
import type { DbOrTx } from '../../../../db/database';
import type { CrashBetStatus, CrashPhaseColumn } from '../crash.tables';

/** High Flyer's queries (migration 0650, docs/decisions/190). */

export interface CrashChainRow {
  id: number;
  secret: string;
  length: number;
  terminating_hash: string;
  created_at: Date;
}

export interface CrashRoundRow {
  id: number;
  chain_id: number;
  chain_index: number;
  server_seed: string;
  server_seed_hash: string;
  crash_point: number;
  phase: CrashPhaseColumn;
  opened_at: Date;
  takeoff_at: Date;
  crash_at: Date;
  crashed_at: Date | null;
  settled_at: Date | null;
}

export interface CrashBetRow {
  id: number;
  round_no: number;
  user_id: number;
  slot: number;
  player: string;
  stake: number;
  auto_cash_out: number | null;
  status: CrashBetStatus;
  cash_out: number | null;
  win: number | null;
  auto: boolean;
  cashed_out_at: Date | null;
  paid: boolean;
  created_at: Date;
}

// bigint columns come back as strings from node-postgres: numbers here.
const num = (v: unknown) => Number(v);

function chainOf(row: Record<string, unknown>): CrashChainRow {
  return { ...(row as unknown as CrashChainRow), id: num(row.id), length: num(row.length) };
}

function roundOf(row: Record<string, unknown>): CrashRoundRow {
  return {
    ...(row as unknown as CrashRoundRow),
    id: num(row.id),
    chain_id: num(row.chain_id),
    chain_index: num(row.chain_index),
    crash_point: num(row.crash_point),
  };
}

function betOf(row: Record<string, unknown>): CrashBetRow {
  return {
    ...(row as unknown as CrashBetRow),
    id: num(row.id),
    round_no: num(row.round_no),
    user_id: num(row.user_id),
    slot: num(row.slot),
    stake: num(row.stake),
    auto_cash_out: row.auto_cash_out === null ? null : num(row.auto_cash_out),
    cash_out: row.cash_out === null ? null : num(row.cash_out),
    win: row.win === null ? null : num(row.win),
  };
}

export async function latestChain(db: DbOrTx): Promise<CrashChainRow | undefined> {
  const row = await db
    .selectFrom('casino_crash_chains')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? chainOf(row as unknown as Record<string, unknown>) : undefined;
}

export async function chainById(db: DbOrTx, id: number): Promise<CrashChainRow | undefined> {
  const row = await db
    .selectFrom('casino_crash_chains')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? chainOf(row as unknown as Record<string, unknown>) : undefined;
}

export async function insertChain(
  db: DbOrTx,
  chain: { secret: string; length: number; terminatingHash: string },
): Promise<CrashChainRow> {
  const row = await db
    .insertInto('casino_crash_chains')
    .values({
      secret: chain.secret,
      length: chain.length,
      terminating_hash: chain.terminatingHash,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return chainOf(row as unknown as Record<string, unknown>);
}

/** The highest index of `chainId` played so far (0 before its first round). */
export async function playedOfChain(db: DbOrTx, chainId: number): Promise<number> {
  const row = await db
    .selectFrom('casino_crash_rounds')
    .select((eb) => eb.fn.max('chain_index').as('played'))
    .where('chain_id', '=', chainId)
    .executeTakeFirst();
  return num(row?.played ?? 0);
}

export async function nextRoundNo(db: DbOrTx): Promise<number> {
  const { rows } = await sql<{ n: string }>`select nextval('casino_crash_round_no') as n`.execute(
    db,
  );
  return num(rows[0]?.n);
}

export async function latestRound(db: DbOrTx): Promise<CrashRoundRow | undefined> {
  const row = await db
    .selectFrom('casino_crash_rounds')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? roundOf(row as unknown as Record<string, unknown>) : undefined;
}

export async function roundById(db: DbOrTx, id: number): Promise<CrashRoundRow | undefined> {
  const row = await db
    .selectFrom('casino_crash_rounds')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? roundOf(row as unknown as Record<string, unknown>) : undefined;
}

export async function recentCrashed(db: DbOrTx, count: number): Promise<CrashRoundRow[]> {
  const rows = await db
    .selectFrom('casino_crash_rounds')
    .selectAll()
    .where('phase', '=', 'crashed')
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  return rows.map((r) => roundOf(r as unknown as Record<string, unknown>));
}

/** Crashed rounds not yet settled, oldest first (after a leader change there may be several). */
export async function unsettledRounds(db: DbOrTx, crashedBefore: Date): Promise<CrashRoundRow[]> {
  const rows = await db
    .selectFrom('casino_crash_rounds')
    .selectAll()
    .where('settled_at', 'is', null)
    .where('phase', '=', 'crashed')
    .where('crash_at', '<=', crashedBefore)
    .orderBy('id')
    .limit(20)
    .execute();
  return rows.map((r) => roundOf(r as unknown as Record<string, unknown>));
}

/** Opens a round unless one is live (the partial unique index keeps it to one). */
export async function insertRound(
  db: DbOrTx,
  round: Omit<CrashRoundRow, 'phase' | 'crashed_at' | 'settled_at'>,
): Promise<CrashRoundRow | undefined> {
  const { rows } = await sql<Record<string, unknown>>`insert into casino_crash_rounds
      (id, chain_id, chain_index, server_seed, server_seed_hash, crash_point, opened_at, takeoff_at, crash_at)
    values (${round.id}, ${round.chain_id}, ${round.chain_index}, ${round.server_seed},
      ${round.server_seed_hash}, ${round.crash_point}, ${round.opened_at}, ${round.takeoff_at}, ${round.crash_at})
    on conflict do nothing
    returning *`.execute(db);
  return rows[0] ? roundOf(rows[0]) : undefined;
}

export async function movePhase(
  db: DbOrTx,
  id: number,
  from: CrashPhaseColumn,
  to: CrashPhaseColumn,
  crashedAt?: Date,
): Promise<CrashRoundRow | undefined> {
  const row = await db
    .updateTable('casino_crash_rounds')
    .set({ phase: to, ...(crashedAt ? { crashed_at: crashedAt } : {}) })
    .where('id', '=', id)
    .where('phase', '=', from)
    .returningAll()
    .executeTakeFirst();
  return row ? roundOf(row as unknown as Record<string, unknown>) : undefined;
}

export async function markSettled(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .updateTable('casino_crash_rounds')
    .set({ settled_at: now })
    .where('id', '=', id)
    .where('settled_at', 'is', null)
    .execute();
}

/**
 * A bet recorded `pending` only while its round is `betting` with take-off after `now`; the round
 * is read under a share lock, so take-off (an update of it) waits for this commit. Else undefined.
 */
export async function insertBetWhileBetting(
  db: DbOrTx,
  bet: {
    roundNo: number;
    userId: number;
    slot: number;
    player: string;
    stake: number;
    autoCashOut: number | null;
    now: Date;
  },
): Promise<CrashBetRow | undefined> {
  const { rows } = await sql<Record<string, unknown>>`with r as (
      select id from casino_crash_rounds
      where id = ${bet.roundNo} and phase = 'betting' and takeoff_at > ${bet.now}
      for share)
    insert into casino_crash_bets (round_no, user_id, slot, player, stake, auto_cash_out)
    select r.id, ${bet.userId}::bigint, ${bet.slot}::smallint, ${bet.player}::text,
      ${bet.stake}::bigint, ${bet.autoCashOut}::integer
    from r
    returning *`.execute(db);
  return rows[0] ? betOf(rows[0]) : undefined;
}

export async function deleteBet(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom('casino_crash_bets').where('id', '=', id).execute();
}

export async function confirmBet(db: DbOrTx, id: number): Promise<CrashBetRow | undefined> {
  const row = await db
    .updateTable('casino_crash_bets')
    .set({ status: 'open' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  return row ? betOf(row as unknown as Record<string, unknown>) : undefined;
}

/**
 * A cash-out by hand at `cashOut` hundredths: only an open bet whose auto cash-out (if any) has
 * not been reached yet; the win is floor(stake × cashOut / 100) cents, capped at `maxWin`.
 */
export async function cashOutBet(
  db: DbOrTx,
  bet: { roundNo: number; userId: number; slot: number; cashOut: number; maxWin: number; at: Date },
): Promise<CrashBetRow | undefined> {
  const { rows } = await sql<Record<string, unknown>>`update casino_crash_bets
    set status = 'cashed_out', cash_out = ${bet.cashOut}, auto = false, cashed_out_at = ${bet.at},
      win = least(stake * ${bet.cashOut} / 100, ${bet.maxWin}::bigint)
    where round_no = ${bet.roundNo} and user_id = ${bet.userId} and slot = ${bet.slot}
      and status = 'open' and (auto_cash_out is null or auto_cash_out > ${bet.cashOut})
    returning *`.execute(db);
  return rows[0] ? betOf(rows[0]) : undefined;
}

/** Auto cash-outs whose target the curve has reached (`upTo` hundredths), paid at the target. */
export async function autoCashOuts(
  db: DbOrTx,
  roundNo: number,
  upTo: number,
  maxWin: number,
  at: Date,
): Promise<CrashBetRow[]> {
  const { rows } = await sql<Record<string, unknown>>`update casino_crash_bets
    set status = 'cashed_out', cash_out = auto_cash_out, auto = true, cashed_out_at = ${at},
      win = least(stake * auto_cash_out / 100, ${maxWin}::bigint)
    where round_no = ${roundNo} and status = 'open' and auto_cash_out <= ${upTo}
    returning *`.execute(db);
  return rows.map(betOf);
}

/** Bets still open after the crash (and its grace) are lost. */
export async function markLost(db: DbOrTx, roundNo: number): Promise<number> {
  const result = await db
    .updateTable('casino_crash_bets')
    .set({ status: 'lost', win: 0 })
    .where('round_no', '=', roundNo)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setBetStatus(
  db: DbOrTx,
  id: number,
  status: CrashBetStatus,
  paid: boolean,
): Promise<void> {
  await db.updateTable('casino_crash_bets').set({ status, paid }).where('id', '=', id).execute();
}

export async function markPaid(db: DbOrTx, id: number): Promise<void> {
  await db.updateTable('casino_crash_bets').set({ paid: true }).where('id', '=', id).execute();
}

export async function unpaidBets(db: DbOrTx, roundNo: number): Promise<CrashBetRow[]> {
  const rows = await db
    .selectFrom('casino_crash_bets')
    .selectAll()
    .where('round_no', '=', roundNo)
    .where('paid', '=', false)
    .orderBy('id')
    .execute();
  return rows.map((r) => betOf(r as unknown as Record<string, unknown>));
}

export async function betsOfRound(
  db: DbOrTx,
  roundNo: number,
  limit: number,
): Promise<CrashBetRow[]> {
  const rows = await db
    .selectFrom('casino_crash_bets')
    .selectAll()
    .where('round_no', '=', roundNo)
    .where('status', 'in', ['open', 'cashed_out', 'lost'])
    .orderBy('stake', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => betOf(r as unknown as Record<string, unknown>));
}

export async function betOfSlot(
  db: DbOrTx,
  roundNo: number,
  userId: number,
  slot: number,
): Promise<CrashBetRow | undefined> {
  const row = await db
    .selectFrom('casino_crash_bets')
    .selectAll()
    .where('round_no', '=', roundNo)
    .where('user_id', '=', userId)
    .where('slot', '=', slot)
    .executeTakeFirst();
  return row ? betOf(row as unknown as Record<string, unknown>) : undefined;
}

export async function betsOfUser(
  db: DbOrTx,
  userId: number,
  roundNo: number | null,
  limit: number,
): Promise<(CrashBetRow & { round_phase: CrashPhaseColumn; crash_point: number })[]> {
  let query = db
    .selectFrom('casino_crash_bets as b')
    .innerJoin('casino_crash_rounds as r', 'r.id', 'b.round_no')
    .selectAll('b')
    .select(['r.phase as round_phase', 'r.crash_point'])
    .where('b.user_id', '=', userId)
    .where('b.status', '<>', 'rolled_back');
  if (roundNo !== null) query = query.where('b.round_no', '=', roundNo);
  const rows = await query.orderBy('b.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    ...betOf(r as unknown as Record<string, unknown>),
    round_phase: r.round_phase,
    crash_point: num(r.crash_point),
  }));
}

export function playerNameOf(db: DbOrTx, userId: number) {
  return db
    .selectFrom('users')
    .select(['username', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Once the round crashed, every bet's casino round learns the revealed seed and the crash point
 * (history and /fairness read them from casino_rounds.details, ADR 170).
 */
export async function revealInWalletRounds(
  db: DbOrTx,
  walletRoundIds: string[],
  patch: Record<string, unknown>,
): Promise<void> {
  if (walletRoundIds.length === 0) return;
  await sql`update casino_rounds set details = details || ${JSON.stringify(patch)}::jsonb
    where round_id in (${sql.join(walletRoundIds)})`.execute(db);
}
