import type { AppDeps } from '../../app-types';
import { setBetNotify } from '../accounts/profile.service';
import { countBets } from './betting.repository';
import type { BetStatus } from './betting.tables';

/** `BetsStatus_v2` with the user's open-bets count, after the commit that changed it. */
export async function pushBetStatus(
  deps: AppDeps,
  userId: number,
  betId: string,
  status: BetStatus,
  notify: boolean,
): Promise<void> {
  const openBetsCount = await countBets(deps.db, userId, 'open');
  // The flag outlives the push: a reload or another device still shows the dot.
  if (notify) await setBetNotify(deps, userId, true);
  deps.realtime.toUser(userId, 'BetsStatus_v2', { betId, status, openBetsCount, notify });
}
