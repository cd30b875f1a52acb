import type { Cents } from '@dau/domain/money';
import {
  rollbackLossMessage,
  rollbackWinMessage,
  settlementLostMessage,
  settlementWonMessage,
} from '@dau/domain/messages';
import { isSiteId, siteConfig } from '@dau/domain/sites';
import type { AppDeps } from '../../app-types';
import { loyaltyAfterSettlement } from '../loyalty/loyalty.service';
import { publishBalances, toUnits } from '../wallet/wallet.service';
import { pushBetStatus } from './betting.pushes';
import type { BetStatus } from './betting.tables';

/** What to tell a user once the transaction that changed their bet has committed. */
export type Notice =
  | {
      kind: 'settled';
      userId: number;
      siteId: number;
      betId: number;
      status: BetStatus;
      payout: number;
    }
  | { kind: 'rolled-back'; userId: number; siteId: number; betId: number; payout: number };

/** The pushes of settled and rolled-back bets: the notification, then the header's bet status. */
async function notify(deps: AppDeps, notices: Notice[]) {
  for (const n of notices) {
    const site = siteConfig(isSiteId(n.siteId) ? n.siteId : 2);
    const betId = String(n.betId);
    const amount = n.payout as Cents;
    if (n.kind === 'rolled-back') {
      if (n.payout > 0) {
        deps.realtime.toUser(n.userId, 'BetSettlementRollbackWin_v2', {
          betId,
          amount: toUnits(amount),
          message: rollbackWinMessage(betId, amount, site),
        });
      } else {
        deps.realtime.toUser(n.userId, 'BetSettlementRollbackLoss_v2', {
          betId,
          amount: 0,
          message: rollbackLossMessage(betId),
        });
      }
      continue;
    }
    // Status 1 won, 2 lost; a void bet (stake returned) is 0: no notification (spec doc 2 §4).
    const status = n.status === 'won' ? 1 : n.status === 'lost' ? 2 : 0;
    deps.realtime.toUser(n.userId, 'BetSettlement_v2', {
      betId,
      status,
      amount: toUnits(amount),
      message:
        status === 1
          ? settlementWonMessage(betId, amount, site)
          : status === 2
            ? settlementLostMessage(betId)
            : '',
    });
  }
  const last = new Map<number, Notice>();
  for (const n of notices) last.set(n.betId, n);
  for (const n of last.values()) {
    const status = n.kind === 'settled' ? n.status : 'open';
    // The header notify flag is set on every status change (spec doc 1 §4).
    await pushBetStatus(deps, n.userId, String(n.betId), status, true);
  }
}

/** What a settled group of bets leads to once its transaction has committed. */
export async function afterCommit(
  deps: AppDeps,
  notices: Notice[],
  userIds: Set<number>,
  log: ((error: unknown) => void) | undefined,
) {
  await publishBalances(deps, userIds);
  await notify(deps, notices);
  await loyaltyAfterSettlement(deps, userIds, (error) => log?.(error));
}
