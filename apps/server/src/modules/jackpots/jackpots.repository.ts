import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database';
import type {
  JackpotRoundStatus,
  JackpotTicketStatus,
  StoredTier,
  StoredTierOutcome,
} from './jackpots.tables';

export interface RoundRow {
  id: number;
  template: string;
  name: string;
  site_id: number;
  match_count: number;
  stake_per_line: number;
  tiers: StoredTier[];
  status: JackpotRoundStatus;
  closes_at: Date;
  created_at: Date;
  settled_at: Date | null;
  outcome: StoredTierOutcome[] | null;
}

export interface MatchRow {
  round_id: number;
  position: number;
  event_id: number;
  home: string;
  away: string;
  tournament: string;
  kickoff_at: Date;
  result: '1' | 'X' | '2' | 'cancelled' | null;
}

export interface TicketRow {
  id: number;
  round_id: number;
  user_id: number;
  status: JackpotTicketStatus;
  line_count: number;
  stake_per_line: number;
  price: number;
  excise: number;
  net_stake: number;
  gross: number;
  withholding: number;
  payout: number;
  tax_policy: unknown;
  stake_transaction_id: number;
  placed_at: Date;
  settled_at: Date | null;
}

export interface LineRow {
  ticket_id: number;
  line_no: number;
  picks: string;
  hits: number | null;
  prize: number;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? JSON.parse(value) : value);

function round(row: Record<string, unknown>): RoundRow {
  const r = row as unknown as RoundRow;
  return {
    ...r,
    id: Number(r.id),
    stake_per_line: Number(r.stake_per_line),
    tiers: json(r.tiers),
    outcome: r.outcome === null ? null : json(r.outcome),
  };
}

function numeric<T extends object>(row: T, keys: (keyof T)[]): T {
  const copy = { ...row } as Record<string, unknown>;
  for (const key of keys) copy[key as string] = Number(copy[key as string]);
  return copy as T;
}

export async function roundById(
  db: DbOrTx,
  id: number,
  lock?: 'share' | 'update',
): Promise<RoundRow | null> {
  const query = db.selectFrom('sports_jackpot_rounds').selectAll().where('id', '=', id);
  const row = await (
    lock === 'share' ? query.forShare() : lock === 'update' ? query.forUpdate() : query
  ).executeTakeFirst();
  return row ? round(row) : null;
}

export async function roundsWhere(
  db: DbOrTx,
  filter: { siteId?: number; statuses: JackpotRoundStatus[]; openAfter?: Date; limit: number },
): Promise<RoundRow[]> {
  let query = db
    .selectFrom('sports_jackpot_rounds')
    .selectAll()
    .where('status', 'in', filter.statuses);
  if (filter.siteId !== undefined) query = query.where('site_id', '=', filter.siteId);
  if (filter.openAfter) query = query.where('closes_at', '>', filter.openAfter);
  const rows = await query
    .orderBy(filter.openAfter ? 'closes_at' : 'id', filter.openAfter ? 'asc' : 'desc')
    .limit(filter.limit)
    .execute();
  return rows.map(round);
}

/** Rounds past their close that are not settled yet: the ones waiting for results. */
export async function roundsAwaitingResults(db: DbOrTx, now: Date): Promise<RoundRow[]> {
  const rows = await db
    .selectFrom('sports_jackpot_rounds')
    .selectAll()
    .where('status', 'in', ['open', 'closed'])
    .where('closes_at', '<=', now)
    .orderBy('id')
    .execute();
  return rows.map(round);
}

export async function closeDueRounds(db: DbOrTx, now: Date): Promise<number> {
  const result = await db
    .updateTable('sports_jackpot_rounds')
    .set({ status: 'closed' })
    .where('status', '=', 'open')
    .where('closes_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function hasOpenRound(db: DbOrTx, template: string): Promise<boolean> {
  const row = await db
    .selectFrom('sports_jackpot_rounds')
    .select('id')
    .where('template', '=', template)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}

export async function matchesOf(db: DbOrTx, roundIds: readonly number[]): Promise<MatchRow[]> {
  if (roundIds.length === 0) return [];
  const rows = await db
    .selectFrom('sports_jackpot_matches')
    .selectAll()
    .where('round_id', 'in', [...roundIds])
    .orderBy('round_id')
    .orderBy('position')
    .execute();
  return rows.map((r) => numeric(r as unknown as MatchRow, ['round_id', 'event_id']));
}

export async function setMatchResult(
  db: DbOrTx,
  roundId: number,
  position: number,
  result: MatchRow['result'],
): Promise<void> {
  await db
    .updateTable('sports_jackpot_matches')
    .set({ result })
    .where('round_id', '=', roundId)
    .where('position', '=', position)
    .execute();
}

/** Net stakes (after excise) of each round: what the tiers' shares are taken from. */
export async function netStakesOf(
  db: DbOrTx,
  roundIds: readonly number[],
): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (roundIds.length === 0) return map;
  const rows = await db
    .selectFrom('sports_jackpot_tickets')
    .select(['round_id', sql<string>`coalesce(sum(net_stake), 0)`.as('net')])
    .where('round_id', 'in', [...roundIds])
    .groupBy('round_id')
    .execute();
  for (const row of rows) map.set(Number(row.round_id), Number(row.net));
  return map;
}

export async function insertTicket(
  db: DbOrTx,
  ticket: {
    roundId: number;
    userId: number;
    stakePerLine: number;
    price: number;
    excise: number;
    netStake: number;
    taxPolicy: unknown;
    stakeTransactionId: number;
    placedAt: Date;
  },
  lines: string[],
): Promise<number> {
  const row = await db
    .insertInto('sports_jackpot_tickets')
    .values({
      round_id: ticket.roundId,
      user_id: ticket.userId,
      line_count: lines.length,
      stake_per_line: ticket.stakePerLine,
      price: ticket.price,
      excise: ticket.excise,
      net_stake: ticket.netStake,
      tax_policy: JSON.stringify(ticket.taxPolicy),
      stake_transaction_id: ticket.stakeTransactionId,
      placed_at: ticket.placedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await db
    .insertInto('sports_jackpot_lines')
    .values(lines.map((picks, i) => ({ ticket_id: id, line_no: i, picks, hits: null })))
    .execute();
  return id;
}

const TICKET_NUMBERS: (keyof TicketRow)[] = [
  'id',
  'round_id',
  'user_id',
  'stake_per_line',
  'price',
  'excise',
  'net_stake',
  'gross',
  'withholding',
  'payout',
  'stake_transaction_id',
];

/** The ticket its stake transaction paid for (a repeated purchase key finds it). */
export async function ticketIdByStakeTransaction(
  db: DbOrTx,
  transactionId: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('sports_jackpot_tickets')
    .select('id')
    .where('stake_transaction_id', '=', transactionId)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export async function ticketsOfRound(db: DbOrTx, roundId: number): Promise<TicketRow[]> {
  const rows = await db
    .selectFrom('sports_jackpot_tickets')
    .selectAll()
    .where('round_id', '=', roundId)
    .orderBy('id')
    .execute();
  return rows.map((r) => numeric(r as unknown as TicketRow, TICKET_NUMBERS));
}

export async function ticketsOfUser(
  db: DbOrTx,
  userId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: TicketRow[]; total: number }> {
  const rows = await db
    .selectFrom('sports_jackpot_tickets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const count = await db
    .selectFrom('sports_jackpot_tickets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    rows: rows.map((r) => numeric(r as unknown as TicketRow, TICKET_NUMBERS)),
    total: Number(count.n),
  };
}

export async function linesOf(db: DbOrTx, ticketIds: readonly number[]): Promise<LineRow[]> {
  if (ticketIds.length === 0) return [];
  const rows = await db
    .selectFrom('sports_jackpot_lines')
    .selectAll()
    .where('ticket_id', 'in', [...ticketIds])
    .orderBy('ticket_id')
    .orderBy('line_no')
    .execute();
  return rows.map((r) => numeric(r as unknown as LineRow, ['ticket_id', 'prize']));
}

export async function roundsByIds(db: DbOrTx, ids: readonly number[]): Promise<RoundRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sports_jackpot_rounds')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(round);
}

export async function setLineResult(
  db: DbOrTx,
  ticketId: number,
  lineNo: number,
  hits: number,
  prize: number,
): Promise<void> {
  await db
    .updateTable('sports_jackpot_lines')
    .set({ hits, prize })
    .where('ticket_id', '=', ticketId)
    .where('line_no', '=', lineNo)
    .execute();
}

export async function setTicketResult(
  db: DbOrTx,
  ticketId: number,
  result: {
    status: JackpotTicketStatus;
    gross: number;
    withholding: number;
    payout: number;
    at: Date;
  },
): Promise<void> {
  await db
    .updateTable('sports_jackpot_tickets')
    .set({
      status: result.status,
      gross: result.gross,
      withholding: result.withholding,
      payout: result.payout,
      settled_at: result.at,
    })
    .where('id', '=', ticketId)
    .where('status', '=', 'open')
    .execute();
}

export async function finishRound(
  db: DbOrTx,
  roundId: number,
  status: 'settled' | 'void',
  outcome: StoredTierOutcome[] | null,
  at: Date,
): Promise<void> {
  await db
    .updateTable('sports_jackpot_rounds')
    .set({
      status,
      settled_at: at,
      outcome: outcome === null ? null : JSON.stringify(outcome),
    })
    .where('id', '=', roundId)
    .execute();
}
