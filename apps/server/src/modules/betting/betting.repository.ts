import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database';
import { selectionQuery, type MarketSelection } from '../feed/market-availability';
import type { BetRow, BetSelectionRow, BetStatus } from './betting.tables';

export interface SelectionEventInfo {
  sportId: number;
  home: string;
  away: string;
  startTime: Date;
  /** Null once the market (or outcome) is gone from the feed. */
  marketName: string | null;
  outcomeName: string | null;
}

/** The event's names and kick-off, with the market's and outcome's names while they exist. */
export async function selectionEventInfo(
  db: DbOrTx,
  s: MarketSelection,
): Promise<SelectionEventInfo | null> {
  const row = await selectionQuery(db, s)
    .select([
      'e.sport_id',
      'e.home',
      'e.away',
      'e.start_time',
      'm.name as marketName',
      'o.name as outcomeName',
    ])
    .executeTakeFirst();
  if (!row) return null;
  return {
    sportId: row.sport_id,
    home: row.home,
    away: row.away,
    startTime: new Date(row.start_time),
    marketName: row.marketName,
    outcomeName: row.outcomeName,
  };
}

export async function betByIdempotencyKey(
  db: DbOrTx,
  userId: number,
  key: string,
): Promise<BetRow | undefined> {
  return db
    .selectFrom('bets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export interface NewSelection {
  eventId: number;
  marketId: number;
  specifier: string;
  outcomeId: number;
  odds: number;
  requestedOdds: number;
  isLive: boolean;
  qualifies: boolean;
  eventName: string;
  marketName: string;
  outcomeName: string;
}

export async function addStatusHistory(
  db: DbOrTx,
  betId: number,
  status: string,
  reason: string,
  messageKey: string | null,
  at: Date,
) {
  await db
    .insertInto('bet_status_history')
    .values({ bet_id: betId, status, reason, message_key: messageKey, created_at: at })
    .execute();
}

export async function countBets(db: DbOrTx, userId: number, status: BetStatus): Promise<number> {
  const row = await db
    .selectFrom('bets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface MarketMatch {
  eventId: number;
  marketId: number;
  specifier: string;
}

/** Writes the feed's result of one outcome onto every leg on it; returns the bets touched. */
export async function setOutcomeResult(
  db: DbOrTx,
  market: MarketMatch,
  outcomeId: number,
  values: {
    result: 'won' | 'lost' | null;
    voidFactor: number | null;
    deadHeatFactor: number | null;
    score: string | null;
  },
): Promise<number[]> {
  const rows = await db
    .updateTable('bet_selections')
    .set({
      result: values.result,
      void_factor: values.voidFactor,
      dead_heat_factor: values.deadHeatFactor,
      score: values.score,
    })
    .where('event_id', '=', market.eventId)
    .where('market_id', '=', market.marketId)
    .where('specifier', '=', market.specifier)
    .where('outcome_id', '=', outcomeId)
    .returning('bet_id')
    .execute();
  return rows.map((r) => r.bet_id);
}

/** Clears the results of every leg on a market (rollback_bet_settlement). */
export async function clearMarketResults(db: DbOrTx, market: MarketMatch): Promise<number[]> {
  const rows = await db
    .updateTable('bet_selections')
    .set({ result: null, void_factor: null, dead_heat_factor: null, score: null })
    .where('event_id', '=', market.eventId)
    .where('market_id', '=', market.marketId)
    .where('specifier', '=', market.specifier)
    .returning('bet_id')
    .execute();
  return rows.map((r) => r.bet_id);
}

/** Cancels (or restores) legs on a market of bets placed within the window, if one is given. */
export async function setMarketCancelled(
  db: DbOrTx,
  market: MarketMatch,
  cancelled: boolean,
  window: { from?: Date; to?: Date },
): Promise<number[]> {
  let query = db
    .updateTable('bet_selections')
    .set({ cancelled })
    .where('event_id', '=', market.eventId)
    .where('market_id', '=', market.marketId)
    .where('specifier', '=', market.specifier);
  if (window.from || window.to) {
    const from = window.from ?? new Date(0);
    const to = window.to ?? new Date(8.64e15);
    query = query.where('bet_id', 'in', (eb) =>
      eb
        .selectFrom('bets')
        .select('id')
        .where('placed_at', '>=', from)
        .where('placed_at', '<=', to),
    );
  }
  const rows = await query.returning('bet_id').execute();
  return rows.map((r) => r.bet_id);
}

export async function lockBet(db: DbOrTx, betId: number): Promise<BetRow | undefined> {
  return db.selectFrom('bets').selectAll().where('id', '=', betId).forUpdate().executeTakeFirst();
}

export async function betSelections(db: DbOrTx, betIds: number[]): Promise<BetSelectionRow[]> {
  if (betIds.length === 0) return [];
  return db
    .selectFrom('bet_selections')
    .selectAll()
    .where('bet_id', 'in', betIds)
    .orderBy('bet_id')
    .orderBy('leg_index')
    .execute();
}

export async function updateBetSettlement(
  db: DbOrTx,
  betId: number,
  values: {
    status: BetStatus;
    settledPayout: number;
    settledWithholding: number;
    settlementCount: number;
    settledAt: Date | null;
  },
) {
  await db
    .updateTable('bets')
    .set({
      status: values.status,
      settled_payout: values.settledPayout,
      settled_withholding: values.settledWithholding,
      settlement_count: values.settlementCount,
      settled_at: values.settledAt,
    })
    .where('id', '=', betId)
    .execute();
}

export async function eventScore(db: DbOrTx, eventId: number): Promise<string | null> {
  const row = await db
    .selectFrom('feed_events')
    .select(['home_score', 'away_score'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row ? `${row.home_score}:${row.away_score}` : null;
}

export interface HistoryFilter {
  userId: number;
  status?: 'open' | 'settled' | 'won' | 'lost' | 'void' | 'cashed_out';
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
}

/** The statuses a history filter names: 'settled' is every finished bet, cashed-out ones too. */
function filterStatuses(status: HistoryFilter['status']): BetRow['status'][] | null {
  if (!status) return null;
  return status === 'settled' ? ['won', 'lost', 'void', 'cashed_out'] : [status];
}

export async function listBets(
  db: DbOrTx,
  filter: HistoryFilter,
): Promise<{ rows: (BetRow & { selections_count: number })[]; total: number }> {
  let base = db.selectFrom('bets').where('user_id', '=', filter.userId);
  const statuses = filterStatuses(filter.status);
  if (statuses) base = base.where('status', 'in', statuses);
  if (filter.from) base = base.where('placed_at', '>=', filter.from);
  if (filter.to) base = base.where('placed_at', '<=', filter.to);
  const totalRow = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .select(
      sql<number>`(select count(*)::int from bet_selections s where s.bet_id = bets.id)`.as(
        'selections_count',
      ),
    )
    .orderBy('placed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return { rows, total: Number(totalRow.n) };
}

export async function userBet(
  db: DbOrTx,
  userId: number,
  betId: number,
): Promise<BetRow | undefined> {
  return db
    .selectFrom('bets')
    .selectAll()
    .where('id', '=', betId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function statusHistory(db: DbOrTx, betId: number) {
  return db
    .selectFrom('bet_status_history')
    .select(['status', 'reason', 'created_at'])
    .where('bet_id', '=', betId)
    .orderBy('id')
    .execute();
}

/** The first `limit` legs of each bet (event and outcome names), for lists. */
export async function firstLegs(
  db: DbOrTx,
  betIds: number[],
  limit: number,
): Promise<Map<number, { eventName: string; outcomeName: string }[]>> {
  const legs = new Map<number, { eventName: string; outcomeName: string }[]>();
  if (betIds.length === 0) return legs;
  const rows = await db
    .selectFrom('bet_selections')
    .select(['bet_id', 'event_name', 'outcome_name'])
    .where('bet_id', 'in', betIds)
    .where('leg_index', '<', limit)
    .orderBy('bet_id')
    .orderBy('leg_index')
    .execute();
  for (const row of rows) {
    const list = legs.get(row.bet_id) ?? [];
    list.push({ eventName: row.event_name, outcomeName: row.outcome_name });
    legs.set(row.bet_id, list);
  }
  return legs;
}

export interface DayTotals {
  date: string;
  betsCount: number;
  cashStake: number;
  freebetStake: number;
  payout: number;
}

/**
 * Per site-local day totals over every bet of those days (not one page): cash and free-bet
 * stakes as placed and everything paid out (settlements and cash-outs), under the same status
 * filter as the list.
 */
export async function dayTotals(
  db: DbOrTx,
  filter: Pick<HistoryFilter, 'userId' | 'status'>,
  dates: string[],
  timeOffsetMinutes: number,
): Promise<DayTotals[]> {
  if (dates.length === 0) return [];
  const minutes = Math.trunc(timeOffsetMinutes);
  const day = sql<string>`to_char((placed_at at time zone 'UTC') + interval '1 minute' * ${sql.lit(minutes)}, 'YYYY-MM-DD')`;
  let query = db.selectFrom('bets').where('user_id', '=', filter.userId);
  const statuses = filterStatuses(filter.status);
  if (statuses) query = query.where('status', 'in', statuses);
  const rows = await query
    .where(day, 'in', dates)
    .select([
      day.as('date'),
      sql<number>`count(*)::int`.as('bets_count'),
      // A partial cash-out moves part of `stake` into `cashed_out_stake` and pays
      // `cashed_out_payout` beside the later settlement; a full one keeps the whole stake and
      // every payment in the cashed-out columns (settled_payout = cashed_out_payout).
      sql<string>`coalesce(sum(case when status = 'cashed_out' then cashed_out_stake else stake + cashed_out_stake end), 0)::text`.as(
        'cash_stake',
      ),
      sql<string>`coalesce(sum(freebet_stake), 0)::text`.as('freebet_stake'),
      sql<string>`coalesce(sum(case when status = 'cashed_out' then settled_payout else settled_payout + cashed_out_payout end), 0)::text`.as(
        'payout',
      ),
    ])
    .groupBy(day)
    .execute();
  return rows.map((r) => ({
    date: r.date,
    betsCount: Number(r.bets_count),
    cashStake: Number(r.cash_stake),
    freebetStake: Number(r.freebet_stake),
    payout: Number(r.payout),
  }));
}
