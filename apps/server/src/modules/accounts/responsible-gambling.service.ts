import type { ResponsibleGamblingPeriod } from '@dau/contracts/accounts/responsible-gambling';
import { TIME_OFFSET_MINUTES } from '@dau/domain/sites';
import type { AppDeps } from '../../app-types';
import type { DbOrTx } from '../../db/database';
import type { GamblingGuard } from '../payments/payments.service';
import { AppError } from '../../errors/app-error';
import type { ResponsibleGamblingKind } from './accounts.tables';
import { activeLimit, activeLimitsQuery, insertLimit } from './accounts.repository';
import { revokeUserSessions } from './session.service';
import type { Realtime } from '../../realtime/socket-server';

const HOUR_MS = 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function periodKind(period: ResponsibleGamblingPeriod): ResponsibleGamblingKind {
  return period === '6m' ? 'self_exclusion' : 'break';
}

/** When a period chosen at `start` ends. Six months are calendar months. */
export function periodEnd(period: ResponsibleGamblingPeriod, start: Date): Date {
  switch (period) {
    case '24h':
      return new Date(start.getTime() + 24 * HOUR_MS);
    case '7d':
      return new Date(start.getTime() + 7 * 24 * HOUR_MS);
    case '30d':
      return new Date(start.getTime() + 30 * 24 * HOUR_MS);
    case '6m': {
      const end = new Date(start);
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    }
  }
}

/** '22 Nov 2026, 14:05 (UTC+3)': the sites' clock (doc 1 §9). */
export function formatSiteTime(date: Date): string {
  const local = new Date(date.getTime() + TIME_OFFSET_MINUTES * 60_000);
  const hh = String(local.getUTCHours()).padStart(2, '0');
  const mm = String(local.getUTCMinutes()).padStart(2, '0');
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}, ${hh}:${mm} (UTC+${TIME_OFFSET_MINUTES / 60})`;
}

export function limitMessage(kind: ResponsibleGamblingKind, endsAt: Date): string {
  const until = formatSiteTime(endsAt);
  return kind === 'self_exclusion'
    ? `You have excluded yourself from betting until ${until}. Deposits and bets are not possible until then; you can still log in to withdraw your balance and see your transactions.`
    : `You are taking a break from betting until ${until}. Deposits and bets are paused until then; you can still log in to withdraw your balance and see your transactions.`;
}

/** The user's break or self-exclusion in force at `now`, if any. */
export async function currentLimit(db: DbOrTx, userId: number, now: Date) {
  const row = await activeLimit(db, userId, now);
  if (!row) return null;
  return {
    kind: row.kind,
    period: row.period as ResponsibleGamblingPeriod,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    message: limitMessage(row.kind, new Date(row.ends_at)),
  };
}

function gamblingRefusal(kind: ResponsibleGamblingKind, endsAt: Date): AppError {
  return new AppError('FORBIDDEN', [
    { code: 'RESPONSIBLE_GAMBLING_LIMIT', message: limitMessage(kind, endsAt), name: kind },
  ]);
}

/**
 * Throws FORBIDDEN with a clear message while the user is on a break or self-excluded.
 * Bet placement reads `gamblingRefusalsQuery` in its transaction; deposits go through
 * `responsibleGamblingGuard`. Login does not: a user under a limit signs in to a restricted
 * account that can only withdraw and look (decision 031).
 */
export async function assertCanGamble(db: DbOrTx, userId: number, now: Date): Promise<void> {
  const limit = await currentLimit(db, userId, now);
  if (limit) throw gamblingRefusal(limit.kind, limit.endsAt);
}

/** An active limit as `gamblingRefusalsQuery` reads it (`ends_at` a string when read as JSON). */
export interface ActiveLimitRow {
  user_id: number;
  kind: ResponsibleGamblingKind;
  ends_at: Date | string;
}

/**
 * The active limits of several users, a read not run: bet placement runs it inside the statement
 * that reads its batch's legs (one round trip for both, ADR 193) and gives its rows to
 * `refusalsOf`.
 */
export function gamblingRefusalsQuery(db: DbOrTx, userIds: readonly number[], now: Date) {
  return activeLimitsQuery(db, userIds, now);
}

/** The refusal of each user an active limit names. */
export function refusalsOf(rows: readonly ActiveLimitRow[]): Map<number, AppError> {
  const refusals = new Map<number, AppError>();
  for (const row of rows) {
    refusals.set(Number(row.user_id), gamblingRefusal(row.kind, new Date(row.ends_at)));
  }
  return refusals;
}

/**
 * Starts a break or self-exclusion. It can be extended by choosing a longer one, never shortened
 * or lifted; every session of the user ends at once (the next login is restricted).
 */
export async function startLimit(
  db: DbOrTx,
  userId: number,
  period: ResponsibleGamblingPeriod,
  now: Date,
  realtime?: Pick<Realtime, 'endSessions'>,
) {
  const endsAt = periodEnd(period, now);
  const existing = await activeLimit(db, userId, now);
  if (existing && new Date(existing.ends_at) >= endsAt) {
    throw new AppError('CONFLICT', [
      {
        code: 'RESPONSIBLE_GAMBLING_ACTIVE',
        message: `${limitMessage(existing.kind, new Date(existing.ends_at))} It cannot be shortened or lifted early.`,
      },
    ]);
  }
  await insertLimit(db, { userId, kind: periodKind(period), period, startsAt: now, endsAt });
  realtime?.endSessions(await revokeUserSessions(db, userId, now));
  return currentLimit(db, userId, now);
}

/**
 * The payments module's guard: deposits (STK and paybill) are refused during a break or
 * self-exclusion; withdrawals stay possible, so users can always take their money out.
 */
export function responsibleGamblingGuard(deps: AppDeps): GamblingGuard {
  return {
    async check({ userId, kind }) {
      if (kind !== 'deposit') return { allowed: true };
      const limit = await currentLimit(deps.db, userId, deps.now());
      return limit ? { allowed: false, message: limit.message } : { allowed: true };
    },
  };
}
