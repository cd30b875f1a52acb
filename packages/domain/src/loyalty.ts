/**
 * The loyalty programme's rules (spec doc 2 §3: progressPrc, progressCount, progressTargetCount;
 * the rules themselves are "not shown", so Dau's are here): a weekly target of settled bets,
 * counted per site-local week from Monday 00:00, and a free bet when the target is reached.
 */
import type { Cents } from './money';
import { formatAmount } from './money';
import type { SiteConfig } from './sites';

const DAY_MS = 24 * 60 * 60 * 1000;
export const LOYALTY_WEEK_MS = 7 * DAY_MS;

export interface LoyaltyWeek {
  /** Monday 00:00 site time, as an instant. */
  start: Date;
  /** The next Monday 00:00 site time (exclusive). */
  end: Date;
}

/** The loyalty week holding `now`, for a site whose clock is `offsetMinutes` ahead of UTC. */
export function loyaltyWeek(now: Date, offsetMinutes: number): LoyaltyWeek {
  const offsetMs = offsetMinutes * 60_000;
  const local = now.getTime() + offsetMs;
  const midnight = Math.floor(local / DAY_MS) * DAY_MS;
  // getUTCDay of the shifted instant is the site-local weekday: 0 Sunday ... 6 Saturday.
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  const start = midnight - daysSinceMonday * DAY_MS - offsetMs;
  return { start: new Date(start), end: new Date(start + LOYALTY_WEEK_MS) };
}

export interface LoyaltyProgress {
  /** Whole percent toward the target, 0-100. */
  progressPrc: number;
  /** Bets counted this week, at most the target. */
  progressCount: number;
  progressTargetCount: number;
}

export function loyaltyProgress(count: number, target: number): LoyaltyProgress {
  const progressTargetCount = Math.max(0, Math.floor(target));
  if (progressTargetCount === 0) return { progressPrc: 0, progressCount: 0, progressTargetCount };
  const progressCount = Math.min(Math.max(0, Math.floor(count)), progressTargetCount);
  return {
    progressPrc: Math.floor((progressCount * 100) / progressTargetCount),
    progressCount,
    progressTargetCount,
  };
}

export function loyaltyTargetReached(count: number, target: number): boolean {
  return target > 0 && count >= target;
}

type MoneySite = Pick<SiteConfig, 'locale' | 'currencySymbol' | 'currencyCode'>;

export const loyaltyRewardMessage = (target: number, amount: Cents, site: MoneySite): string =>
  `You reached your weekly target of ${target} settled bets! A ${site.currencySymbol} ${formatAmount(amount, site)} free bet has been added to your account.`;
