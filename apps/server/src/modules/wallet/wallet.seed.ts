import type { AppDeps } from '../../app-types';
import type { Tx } from '../../db/database';
import { DEMO_USER } from '../accounts/accounts.seed';
import { findUserByPhone } from '../accounts/accounts.repository';
import { postTransaction } from './ledger.service';
import type { UserAccountKind } from './wallet.tables';

/**
 * Demo money: KSh 5,000.00 cash and KSh 100.00 free bet for the demo user, posted as ordinary
 * ledger transactions from the house with fixed idempotency keys, so every start is a no-op
 * after the first.
 */
export async function seedDemoWallet({ db }: AppDeps): Promise<void> {
  const user = await findUserByPhone(db, DEMO_USER.siteId, DEMO_USER.phone);
  if (!user) return;
  const grant = (tx: Tx, kind: string, account: UserAccountKind, cents: number) =>
    postTransaction(tx, {
      kind,
      idempotencyKey: `seed:demo:${account}`,
      userId: user.id,
      entries: [
        { account: { userId: user.id, kind: account }, amount: cents },
        { account: { system: 'house' }, amount: -cents },
      ],
      meta: { reason: 'demo seed' },
    });
  await db.transaction().execute(async (tx) => {
    await grant(tx, 'grant_demo_cash', 'cash', 500_000);
    await grant(tx, 'free_bet_grant', 'free_bet', 10_000);
  });
}
