import { cents, type Cents } from '@dau/domain/money';
import type { SiteConfig } from '@dau/domain/sites';
import type { AppDeps } from '../../app-types';
import type { DbOrTx } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { paymentMessages } from './payments.messages';
import { depositedSince } from './payments.repository';
import type { DepositLimitPeriod } from './payments.tables';

export const DEPOSIT_LIMIT_PERIODS: readonly DepositLimitPeriod[] = ['daily', 'weekly', 'monthly'];

/** Rolling windows: a limit counts the deposits of the last day, 7 days or 30 days. */
const WINDOW_MS: Record<DepositLimitPeriod, number> = {
  daily: 24 * 60 * 60_000,
  weekly: 7 * 24 * 60 * 60_000,
  monthly: 30 * 24 * 60 * 60_000,
};

/** A raised or removed limit takes effect after this cooling-off; a lowered one at once. */
export const LIMIT_INCREASE_DELAY_MS = 24 * 60 * 60_000;

export interface DepositLimitView {
  period: DepositLimitPeriod;
  /** In force now (cents); null: no limit. */
  amount: Cents | null;
  /** Waiting for the cooling-off: the new value (null removes the limit) and when it applies. */
  pending: { amount: Cents | null; from: Date } | null;
}

async function readLimits(db: DbOrTx, userId: number, now: Date): Promise<DepositLimitView[]> {
  const rows = await db
    .selectFrom('deposit_limits')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  return DEPOSIT_LIMIT_PERIODS.map((period) => {
    const row = rows.find((r) => r.period === period);
    if (!row) return { period, amount: null, pending: null };
    const pendingFrom = row.pending_from ? new Date(row.pending_from) : null;
    if (pendingFrom && pendingFrom <= now) {
      return {
        period,
        amount: row.pending_amount === null ? null : cents(row.pending_amount),
        pending: null,
      };
    }
    return {
      period,
      amount: row.amount === null ? null : cents(row.amount),
      pending: pendingFrom
        ? {
            amount: row.pending_amount === null ? null : cents(row.pending_amount),
            from: pendingFrom,
          }
        : null,
    };
  });
}

export function getDepositLimits(deps: AppDeps, userId: number): Promise<DepositLimitView[]> {
  return readLimits(deps.db, userId, deps.now());
}

/**
 * Sets the user's limits. Lowering (or setting a first limit) applies at once; raising or
 * removing one waits 24 hours, so a losing streak cannot lift its own brake.
 */
export async function setDepositLimits(
  deps: AppDeps,
  userId: number,
  wanted: Partial<Record<DepositLimitPeriod, Cents | null>>,
): Promise<DepositLimitView[]> {
  const now = deps.now();
  await deps.db.transaction().execute(async (tx) => {
    const current = await readLimits(tx, userId, now);
    for (const view of current) {
      if (!(view.period in wanted)) continue;
      const next = wanted[view.period] ?? null;
      const stricter = next !== null && (view.amount === null || next <= view.amount);
      const values = stricter
        ? { amount: next, pending_amount: null, pending_from: null }
        : next === view.amount
          ? { amount: view.amount, pending_amount: null, pending_from: null }
          : {
              amount: view.amount,
              pending_amount: next,
              pending_from: new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS),
            };
      await tx
        .insertInto('deposit_limits')
        .values({ user_id: userId, period: view.period, ...values, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['user_id', 'period']).doUpdateSet({ ...values, updated_at: now }),
        )
        .execute();
    }
  });
  return readLimits(deps.db, userId, now);
}

/** Refuses a deposit that would take the user past any limit in force. */
export async function checkDepositLimits(
  db: DbOrTx,
  now: Date,
  userId: number,
  amount: Cents,
  site: SiteConfig,
): Promise<void> {
  for (const view of await readLimits(db, userId, now)) {
    if (view.amount === null) continue;
    const used = await depositedSince(db, userId, new Date(now.getTime() - WINDOW_MS[view.period]));
    if (used + amount > view.amount) {
      const remaining = cents(Math.max(0, view.amount - used));
      throw new AppError('FORBIDDEN', [
        {
          code: 'DEPOSIT_LIMIT',
          message: paymentMessages.depositLimitReached(view.period, remaining, site),
          name: 'Amount',
        },
      ]);
    }
  }
}
