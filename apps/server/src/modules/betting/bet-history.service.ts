import type {
  BetDetailResponse,
  BetHistoryDaysResponse,
  BetHistoryQuery,
  BetHistoryResponse,
  BetSummary,
} from '@dau/contracts/betting/bet-history';
import type { Odds } from '@dau/domain/odds';
import { oddsToDecimal } from '@dau/domain/odds';
import { siteLocalDate } from '@dau/domain/tax-policy';
import type { DbOrTx } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { toUnits } from '../wallet/wallet.service';
import { betFigures } from './bet-wire';
import {
  betSelections,
  dayTotals,
  firstLegs,
  listBets,
  statusHistory,
  userBet,
} from './betting.repository';
import type { BetRow, BetSelectionRow } from './betting.tables';

function boundary(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`)
    : new Date(value);
  const year = date.getUTCFullYear();
  // Bets exist between these years; anything outside is a typo or a probe, and PostgreSQL
  // cannot read the far-off years JavaScript can write.
  if (Number.isNaN(date.getTime()) || year < 1900 || year > 9999) {
    throw new AppError('VALIDATION_FAILED', [
      {
        message: 'Dates must be YYYY-MM-DD or an ISO date and time between 1900 and 9999.',
        name: end ? 'to' : 'from',
      },
    ]);
  }
  return date;
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** Legs named in lists: the first three, the rest counted ('+N more'). */
const LIST_LEGS = 3;

/** Everything the bet has paid: its settlement and its cash-outs (a full one is both). */
function paidOut(bet: BetRow): number {
  return bet.status === 'cashed_out'
    ? bet.settled_payout
    : bet.settled_payout + bet.cashed_out_payout;
}

function summary(
  bet: BetRow,
  selectionsCount: number,
  legs: { eventName: string; outcomeName: string }[],
): BetSummary {
  return {
    betId: String(bet.id),
    betType: bet.bet_type,
    status: bet.status,
    placedAt: new Date(bet.placed_at).toISOString(),
    settledAt: iso(bet.settled_at),
    selectionsCount,
    legs,
    figures: betFigures(bet),
    payout: toUnits(paidOut(bet)),
  };
}

export async function betHistory(
  db: DbOrTx,
  userId: number,
  query: BetHistoryQuery,
): Promise<BetHistoryResponse> {
  const from = boundary(query.from, false);
  const to = boundary(query.to, true);
  const { rows, total } = await listBets(db, {
    userId,
    ...(query.status ? { status: query.status } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    page: query.page,
    pageSize: query.pageSize,
  });
  const legs = await firstLegs(
    db,
    rows.map((r) => r.id),
    LIST_LEGS,
  );
  return {
    items: rows.map((row) => summary(row, row.selections_count, legs.get(row.id) ?? [])),
    page: query.page,
    pageSize: query.pageSize,
    totalCount: total,
  };
}

/**
 * One page of bets grouped by site-local day (newest first). Each day's totals are the
 * server's sums over the whole day, not over the page (a day can span pages), with free-bet
 * stakes included and shown apart (issue #15 defect 10).
 */
export async function betHistoryDays(
  db: DbOrTx,
  userId: number,
  query: BetHistoryQuery,
  timeOffsetMinutes: number,
): Promise<BetHistoryDaysResponse> {
  const page = await betHistory(db, userId, query);
  const days = new Map<string, BetHistoryDaysResponse['days'][number]>();
  for (const bet of page.items) {
    const date = siteLocalDate(new Date(bet.placedAt), timeOffsetMinutes);
    const day = days.get(date) ?? {
      date,
      betsCount: 0,
      totalStake: 0,
      totalFreebetStake: 0,
      totalPayout: 0,
      bets: [],
    };
    day.bets.push(bet);
    days.set(date, day);
  }
  const totals = await dayTotals(
    db,
    { userId, ...(query.status ? { status: query.status } : {}) },
    [...days.keys()],
    timeOffsetMinutes,
  );
  for (const total of totals) {
    const day = days.get(total.date);
    if (!day) continue;
    day.betsCount = total.betsCount;
    day.totalStake = toUnits(total.cashStake + total.freebetStake);
    day.totalFreebetStake = toUnits(total.freebetStake);
    day.totalPayout = toUnits(total.payout);
  }
  return { ...page, days: [...days.values()] };
}

function legResult(s: BetSelectionRow): BetDetailResponse['selections'][number]['result'] {
  if (s.cancelled) return 'void';
  if (s.result === null) return 'open';
  const voidFactor = Number(s.void_factor ?? 0);
  if (voidFactor === 1) return 'void';
  if (voidFactor > 0) return s.result === 'won' ? 'half-won' : 'half-lost';
  return s.result;
}

/** One of the user's own bets; another user's bet is simply not found. */
export async function betDetail(
  db: DbOrTx,
  userId: number,
  betId: number,
): Promise<BetDetailResponse> {
  const bet = await userBet(db, userId, betId);
  if (!bet) throw new AppError('NOT_FOUND', 'Bet not found.');
  const [legs, timeline] = await Promise.all([
    betSelections(db, [betId]),
    statusHistory(db, betId),
  ]);
  return {
    ...summary(
      bet,
      legs.length,
      legs
        .slice(0, LIST_LEGS)
        .map((s) => ({ eventName: s.event_name, outcomeName: s.outcome_name })),
    ),
    withholdingPaid: toUnits(bet.settled_withholding),
    selections: legs.map((s) => ({
      eventId: s.event_id,
      marketId: s.market_id,
      specifier: s.specifier,
      outcomeId: s.outcome_id,
      eventName: s.event_name,
      marketName: s.market_name,
      outcomeName: s.outcome_name,
      odds: oddsToDecimal(s.odds as Odds),
      isLive: s.is_live,
      result: legResult(s),
      voidFactor: s.void_factor === null ? null : Number(s.void_factor),
      deadHeatFactor: s.dead_heat_factor === null ? null : Number(s.dead_heat_factor),
      score: s.score,
    })),
    timeline: timeline.map((t) => ({
      status: t.status,
      reason: t.reason,
      at: new Date(t.created_at).toISOString(),
    })),
  };
}
