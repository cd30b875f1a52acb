import type { DbOrTx } from '../../db/database';

/** Bets of the user settled won or lost in [from, to) with at least `minStake` cents of cash. */
export async function countQualifyingBets(
  db: DbOrTx,
  userId: number,
  window: { from: Date; to: Date },
  minStake: number,
): Promise<number> {
  const row = await db
    .selectFrom('bets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['won', 'lost'])
    .where('settled_at', '>=', window.from)
    .where('settled_at', '<', window.to)
    .where('stake', '>=', minStake)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function rewardOfWeek(db: DbOrTx, userId: number, weekStart: Date) {
  return db
    .selectFrom('loyalty_rewards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('week_start', '=', weekStart)
    .executeTakeFirst();
}

export async function insertReward(
  db: DbOrTx,
  row: {
    userId: number;
    weekStart: Date;
    settledBets: number;
    amount: number;
    transactionId: number;
    createdAt: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('loyalty_rewards')
    .values({
      user_id: row.userId,
      week_start: row.weekStart,
      settled_bets: row.settledBets,
      amount: row.amount,
      transaction_id: row.transactionId,
      created_at: row.createdAt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'week_start']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function userSiteId(db: DbOrTx, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('site_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.site_id ?? null;
}
