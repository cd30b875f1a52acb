import type { LoyaltyProgressResponse } from '@dau/contracts/loyalty/loyalty-progress';
import {
  loyaltyProgress,
  loyaltyRewardMessage,
  loyaltyTargetReached,
  loyaltyWeek,
  type LoyaltyWeek,
} from '@dau/domain/loyalty';
import type { Cents } from '@dau/domain/money';
import { isSiteId, siteConfig } from '@dau/domain/sites';
import type { AppDeps } from '../../app-types';
import { postTransaction } from '../wallet/ledger.service';
import { publishBalances, toUnits } from '../wallet/wallet.service';
import { countQualifyingBets, insertReward, rewardOfWeek, userSiteId } from './loyalty.repository';

/** The ledger key of a user's weekly free bet: a second credit for the same week is a no-op. */
export const loyaltyRewardKey = (userId: number, week: LoyaltyWeek) =>
  `loyalty:${userId}:${week.start.toISOString()}`;

function currentWeek(deps: AppDeps): LoyaltyWeek {
  return loyaltyWeek(deps.now(), deps.config.betting.loyalty.weekOffsetMinutes);
}

export async function loyaltyProgressOf(
  deps: AppDeps,
  userId: number,
): Promise<LoyaltyProgressResponse> {
  const { weeklyTarget, minStake, rewardAmount } = deps.config.betting.loyalty;
  const week = currentWeek(deps);
  const count = await countQualifyingBets(
    deps.db,
    userId,
    { from: week.start, to: week.end },
    minStake,
  );
  const reward = await rewardOfWeek(deps.db, userId, week.start);
  return {
    ...loyaltyProgress(count, weeklyTarget),
    minStake: toUnits(minStake),
    rewardAmount: toUnits(reward?.amount ?? rewardAmount),
    rewardGranted: reward !== undefined,
    weekStart: week.start.toISOString(),
    weekEnd: week.end.toISOString(),
  };
}

/**
 * Credits this week's free bet if the user has reached the target and has not had it yet. The
 * reward row and the ledger transaction commit together, and both are keyed by user and week,
 * so repeats (re-delivered settlements, rollbacks followed by re-settlement, two instances)
 * credit it once. A rollback that takes the count below the target later keeps the reward: it
 * was earned when granted, and clawing back a free bet that may be staked already is worse.
 * Returns whether this call credited it; pushes balances and the notice after the commit.
 */
export async function grantWeeklyReward(deps: AppDeps, userId: number): Promise<boolean> {
  const { weeklyTarget, minStake, rewardAmount } = deps.config.betting.loyalty;
  if (weeklyTarget === 0 || rewardAmount <= 0) return false;
  const week = currentWeek(deps);
  const window = { from: week.start, to: week.end };
  const count = await countQualifyingBets(deps.db, userId, window, minStake);
  if (!loyaltyTargetReached(count, weeklyTarget)) return false;
  if (await rewardOfWeek(deps.db, userId, week.start)) return false;

  const granted = await deps.db.transaction().execute(async (tx) => {
    const posted = await postTransaction(tx, {
      kind: 'loyalty_free_bet',
      idempotencyKey: loyaltyRewardKey(userId, week),
      userId,
      entries: [
        { account: { userId, kind: 'free_bet' }, amount: rewardAmount },
        { account: { system: 'house' }, amount: -rewardAmount },
      ],
      meta: { weekStart: week.start.toISOString(), settledBets: count },
    });
    if (posted.duplicate) return false;
    return insertReward(tx, {
      userId,
      weekStart: week.start,
      settledBets: count,
      amount: rewardAmount,
      transactionId: posted.transactionId,
      createdAt: deps.now(),
    });
  });
  if (!granted) return false;

  await publishBalances(deps, [userId]);
  const siteId = await userSiteId(deps.db, userId);
  const site = siteConfig(isSiteId(siteId) ? siteId : 2);
  deps.realtime.toUser(userId, 'LoyaltyReward', {
    weekStart: week.start.toISOString(),
    amount: toUnits(rewardAmount),
    message: loyaltyRewardMessage(weeklyTarget, rewardAmount as Cents, site),
  });
  return true;
}

/**
 * After a settlement message committed: grant any reward now earned and push each user's
 * progress. It runs outside the settlement's transaction and never throws, so a loyalty problem
 * can neither undo nor block a settlement; a grant missed here is made on the user's next
 * settlement or progress read.
 */
export async function loyaltyAfterSettlement(
  deps: AppDeps,
  userIds: Iterable<number>,
  log?: (error: unknown) => void,
): Promise<void> {
  if (deps.config.betting.loyalty.weeklyTarget === 0) return;
  for (const userId of new Set(userIds)) {
    try {
      await grantWeeklyReward(deps, userId);
      deps.realtime.toUser(userId, 'loyaltyProgress', await loyaltyProgressOf(deps, userId));
    } catch (error) {
      log?.(error);
    }
  }
}
