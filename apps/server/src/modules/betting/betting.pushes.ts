import type { BetsStatusPush } from '@dau/contracts/betting/realtime-payloads';
import type { AppDeps } from '../../app-types';
import type { DbOrTx } from '../../db/database';
import { setBetNotify } from '../accounts/profile.service';
import { countBets, userBet } from './betting.repository';
import type { BetStatus } from './betting.tables';

/**
 * `BetsStatus_v2` with the user's open-bets count, after the commit that changed it (counted
 * here unless the caller read it in that transaction).
 */
export async function pushBetStatus(
  deps: AppDeps,
  userId: number,
  betId: string,
  status: BetStatus,
  notify: boolean,
  known: { openBetsCount?: number; notifyStored?: boolean } = {},
): Promise<void> {
  const openBetsCount = known.openBetsCount ?? (await countBets(deps.db, userId, 'open'));
  // The flag outlives the push: a reload or another device still shows the dot (set here unless
  // the transaction that changed the bet set it).
  if (notify && !known.notifyStored) await setBetNotify(deps, userId, true);
  deps.realtime.toUser(userId, 'BetsStatus_v2', { betId, status, openBetsCount, notify });
}

/**
 * The receipt a websocket API client names with `bid` (spec doc 1 §2 and doc 2 §7, decision
 * 214): that bet's current status, when it is the user's own; null for anything else.
 */
export async function receiptStatus(
  db: DbOrTx,
  userId: number,
  bid: string,
): Promise<BetsStatusPush | null> {
  if (!/^[1-9]\d{0,14}$/.test(bid)) return null;
  const bet = await userBet(db, userId, Number(bid));
  if (!bet) return null;
  const openBetsCount = await countBets(db, userId, 'open');
  return { betId: String(bet.id), status: bet.status, openBetsCount, notify: false };
}
