import type { AppDeps } from '../../app-types';
import { DEMO_USER } from '../../db/seed';
import { postTransaction } from './ledger.service';

/**
 * Demo money: KSh 5,000.00 cash and KSh 100.00 free bet for the demo user, posted as ordinary
 * ledger transactions from the house with fixed idempotency keys, so every start is a no-op
 * after the first.
 */
export async function seedDemoWallet({ db }: AppDeps): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('site_id', '=', DEMO_USER.siteId)
    .where('phone', '=', DEMO_USER.phone)
    .executeTakeFirst();
  if (!user) return;
  await db.transaction().execute(async (tx) => {
    await postTransaction(tx, {
      kind: 'grant_demo_cash',
      idempotencyKey: 'seed:demo:cash',
      userId: user.id,
      entries: [
        { account: { userId: user.id, kind: 'cash' }, amount: 500_000 },
        { account: { system: 'house' }, amount: -500_000 },
      ],
      meta: { reason: 'demo seed' },
    });
    await postTransaction(tx, {
      kind: 'free_bet_grant',
      idempotencyKey: 'seed:demo:free_bet',
      userId: user.id,
      entries: [
        { account: { userId: user.id, kind: 'free_bet' }, amount: 10_000 },
        { account: { system: 'house' }, amount: -10_000 },
      ],
      meta: { reason: 'demo seed' },
    });
  });
}
