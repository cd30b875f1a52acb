/**
 * Every business constant of spec doc 1 §9 and doc 2 §9. Money constants are in cents; the
 * spec's unit values are kept alongside where wire shapes or labels use them. Site identity
 * values (platform, client, tenant, default site, time offset) are defined in `sites.ts` and
 * re-exported here so this module lists every constant.
 */
import type { Cents } from './money';

export { CLIENT_ID, DEFAULT_SITE_ID, PLATFORM_ID, TENANT_ID, TIME_OFFSET_MINUTES } from './sites';

export const MAX_WINNING = 150_000_000 as Cents; // 1,500,000 currency units
/** Winning (withholding) tax as in the spec: 0.2. The tax policy holds it in basis points. */
export const WINNING_TAX = 0.2;
/** Excise tax as in the spec: 15 (percent). */
export const EXCISE_TAX_PERCENT = 15;
export const CURRENCY_SYMBOL = 'KSh';
export const CURRENCY_LOCALE = 'en-KE';
export const CURRENCY_DECIMALS = 2;

export const DEFAULT_COMBO_STAKE = 1_000 as Cents; // 10
export const DEFAULT_SINGLE_STAKE = 1_000 as Cents; // 10
export const QUICK_BET_AMOUNTS: readonly number[] = [10, 30, 50, 100];
export const DEFAULT_DEPOSIT = 150_000 as Cents; // 1500
export const DEPOSIT_MINIMUM = 200 as Cents; // 2 (content label deposit_min)
export const PRESET_DEPOSIT_AMOUNTS: readonly number[] = [1, 5, 10, 20];
/** The spec does not show the 24-hour withdrawal count limit: the server configures it. */
export const MAX_WITHDRAWALS_PER_24H: number | null = null;
export const WITHDRAWAL_INTERVAL_MS = 15 * 60_000;
export const ELIGIBILITY_MIN_BETS_COUNT = 1;
export const DEPOSIT_MIN_BALANCE_NOTIFY = 100 as Cents; // 1 (content value deposit_min_bal_notify)

export const CLOCK_UTC_OFFSET_HOURS = 3;
export const REQUEST_TIMEOUT_MS = 30_000;

export const NOTIFICATION_TIMEOUT_MS = {
  deposit: 15_000,
  withdrawal: 5_000,
  withdrawalLimit: 7_000,
  transactionResult: 10_000,
  default: 10_000,
  emailError: 1_000,
} as const;

export const WITHDRAWAL_PENDING_WAIT_MS = 10_000;
export const CALL_BACK_SUCCESS_VIEW_MS = 300_000;
export const COIN_ANIMATION_MS = 4_000;
export const MINIMUM_AGE_DEFAULT = 18;
export const MINIMUM_AGE_UGANDA = 25;
export const RETURNING_USER_COOKIE_S = 24_000;
/** 30 days in one reading of the spec; configurable. */
export const AFFILIATE_COOKIE_MAX_AGE_S = 2_592_000;
export const LOCALE_COOKIE_DAYS = 365;
export const SHOW_MORE_INTERVAL = 10;
export const CONTENT_DATASOURCE_PAGE_SIZE = 1000;
export const PAGE_CACHE_MAX = 5;
export const PAGE_CACHE_EXCLUDE: readonly string[] = [
  'SportsSubcategory',
  'SportsCategory',
  'BetIdIndex',
  'LiveNow',
  'MyAccount',
  'MyBets',
  'Payments',
  'Withdrawals',
];
export const RELOAD_GUARD_MS = 60_000;
export const MIN_FETCH_DISPLAY_DELAY_MS = 200;
export const REALTIME_RECONNECT_MS = 1_000;
export const WEBSOCKET_RECONNECT_INITIAL_MS = 500;
export const WEBSOCKET_RECONNECT_FACTOR = 1.2;
export const SUPPORT_HOURS = { open: '07:00am', close: '11:00pm' } as const;
export const SLIDESHOW = { ratio: 4, minHeight: 50, maxHeight: 640 } as const;
export const LAYOUT = {
  breakpoints: [640, 960, 1200, 1600],
  sidePanelWidth: 450,
  loyaltyPopupWidth: 200,
  notificationWidth: 350,
  sliderItemWidths: ['32%', '24%', '19%'],
} as const;
export const AGE_RATING_ICONS: readonly number[] = [16, 18, 21];
export const DEFAULT_CALL_BACK_PREFIX = '+254';

// Spec doc 2 §9
export const DEFAULT_MARKET_ID = 1;
export const PRE_EVENTS_PAGE_SIZE = 150;
export const LIVE_EVENTS_PAGE_SIZE = 200;
export const RECENT_GAMES_KEPT = 10;
export const RECENT_GAMES_FETCH_COUNT = 10;
export const SPORTS_LIST_TIMEOUT_MS = 6_000;
export const SOFT_DELETED_EVENT_REMOVAL_MS = 2_000;
export const TOSS_ANIMATION_MS = 750;
export const BALANCE_COOKIE_MAX_AGE_S = 21_600;
export const BALANCE_COOKIE_PATH = '/';
export const DEBUG_LOG_SIZE = 20;
export const PRODUCER_LIVE = 1;
export const PRODUCER_PRE = 3;
export const LEAGUE_SORTED_SPORT_ID = 987987;
export const REQUEST_RETRY_MARKER_AHEAD_MS = 11_000;
export const DEFAULT_SPORT_ID = 1;

export const CONNECTION_TEST = {
  pingSamples: 5,
  pingIntervalMs: 200,
  downloadBytes: 500 * 1024,
  downloadTimeoutMs: 10_000,
  uploadBytes: 500 * 1024,
  uploadTimeoutMs: 10_000,
  /** Server default size of /api/connection-test/download (doc 1 §7). */
  serverDownloadDefaultBytes: 102_400,
} as const;
