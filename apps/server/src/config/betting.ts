import { z } from 'zod';
import { DEFAULT_CASHOUT_CONFIG, type CashoutConfig } from '@dau/domain/cashout';
import type { SiteId } from '@dau/domain/sites';
import { booleanFromEnv, numberMapFromEnv, type ConfigContext } from './area';

const listFromEnv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  );

/** Bet placement and settlement, booking codes, loyalty. */
export const bettingEnv = {
  /** How long a bet with live selections waits before its markets are checked again. */
  BET_LIVE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Per-sport live delays overriding BET_LIVE_DELAY_MS: `sportId=ms,...`. */
  BET_LIVE_DELAY_BY_SPORT: numberMapFromEnv('BET_LIVE_DELAY_BY_SPORT').default({}),
  /** How often the settlement engine drains the feed's settlement outbox (0: never, tests). */
  BET_SETTLEMENT_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  /** Booking codes stop loading this many hours after their last event's kick-off at most. */
  BOOKING_CODE_HOURS_AFTER_START: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(12),
  /** Loyalty: settled bets per week for the free bet (0 switches the programme off). */
  LOYALTY_WEEKLY_TARGET: z.coerce.number().int().min(0).max(1000).default(10),
  /** Least cash stake (currency units) for a settled bet to count. */
  LOYALTY_MIN_STAKE: z.coerce.number().min(0).default(50),
  /** The weekly free bet, currency units. */
  LOYALTY_REWARD_AMOUNT: z.coerce.number().positive().default(50),
  /** Loyalty weeks start Monday 00:00 at this offset from UTC (the spec's clock: UTC+3). */
  LOYALTY_WEEK_UTC_OFFSET_MINUTES: z.coerce.number().int().min(-720).max(840).default(180),
  /** Cash-out (ADR 220): switched on or off everywhere. */
  CASHOUT_ENABLED: booleanFromEnv.default(true),
  /** The house margin on a cash-out, basis points (500 = 5 %). */
  CASHOUT_MARGIN_BPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(DEFAULT_CASHOUT_CONFIG.marginBps),
  /** Comma-separated site ids, sport ids and market ids where cash-out is off. */
  CASHOUT_DISABLED_SITES: listFromEnv,
  CASHOUT_DISABLED_SPORTS: listFromEnv,
  CASHOUT_DISABLED_MARKETS: listFromEnv,
};

export interface BettingConfig {
  liveDelayMs: number;
  liveDelayBySport: Record<number, number>;
  settlementIntervalMs: number;
  bookingCodeHoursAfterStart: number;
  loyalty: LoyaltyConfig;
  /** Where cash-out is off and its margin (sports and markets by id, as text). */
  cashout: CashoutConfig;
}

export interface LoyaltyConfig {
  weeklyTarget: number;
  /** Cents. */
  minStake: number;
  /** Cents. */
  rewardAmount: number;
  weekOffsetMinutes: number;
}

type BettingEnv = z.output<z.ZodObject<typeof bettingEnv>>;

export function bettingConfig(e: BettingEnv, context: ConfigContext): BettingConfig {
  return {
    liveDelayMs: e.BET_LIVE_DELAY_MS,
    liveDelayBySport: e.BET_LIVE_DELAY_BY_SPORT,
    settlementIntervalMs: e.BET_SETTLEMENT_INTERVAL_MS ?? (context.env === 'test' ? 0 : 1_000),
    bookingCodeHoursAfterStart: e.BOOKING_CODE_HOURS_AFTER_START,
    loyalty: {
      weeklyTarget: e.LOYALTY_WEEKLY_TARGET,
      minStake: Math.round(e.LOYALTY_MIN_STAKE * 100),
      rewardAmount: Math.round(e.LOYALTY_REWARD_AMOUNT * 100),
      weekOffsetMinutes: e.LOYALTY_WEEK_UTC_OFFSET_MINUTES,
    },
    cashout: {
      enabled: e.CASHOUT_ENABLED,
      marginBps: e.CASHOUT_MARGIN_BPS,
      disabledSites: e.CASHOUT_DISABLED_SITES.map(Number) as SiteId[],
      disabledSports: e.CASHOUT_DISABLED_SPORTS,
      disabledMarkets: e.CASHOUT_DISABLED_MARKETS,
    },
  };
}
