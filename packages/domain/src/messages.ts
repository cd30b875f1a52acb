/**
 * User-facing texts of spec doc 1 §8 and doc 2 §8 (and the validation texts of doc 1 §5),
 * exactly as written there, including the spec's spelling. Amounts in settlement messages are
 * formatted per site as '{symbol} {amount}'.
 */
import type { Cents } from './money';
import { formatAmount } from './money';
import type { SiteConfig } from './sites';

type MoneySite = Pick<SiteConfig, 'locale' | 'currencySymbol' | 'currencyCode'>;

function money(amount: Cents, site: MoneySite): string {
  return `${site.currencySymbol} ${formatAmount(amount, site)}`;
}

// Settlement (doc 2 §8)
export const settlementWonMessage = (betId: string, amount: Cents, site: MoneySite): string =>
  `Bet ${betId} has settled. You won ${money(amount, site)}!`;
export const settlementLostMessage = (betId: string): string =>
  `Bet ${betId} has settled as a loss. Better luck next time!`;
export const rollbackWinMessage = (betId: string, amount: Cents, site: MoneySite): string =>
  `Bet ${betId} was rolled back and ${money(amount, site)} was deducted from your account.`;
export const rollbackLossMessage = (betId: string): string =>
  `Bet ${betId} was reopened due to rolled back markets`;

/** Settlement status codes (doc 2 §4): 0 no notification, 1 won, any other non-zero lost. */
export function settlementNotice(status: number): 'none' | 'won' | 'lost' {
  if (status === 0) return 'none';
  return status === 1 ? 'won' : 'lost';
}

// Betting (doc 2 §8)
export const MARKET_EXPIRED = 'Market has expired';
export const RECENT_GAMES_FETCH_FAILED = 'Failed to fetch recent games';
export const RECENT_GAME_SAVE_FAILED = 'Failed to save game';
export const SPEED_TEST_FAILED = 'Test failed or timed out';
export const MISSING_SPORT_ID = 'Missing required parameter [sportId]';
export const LIVE_BETTING_DISABLED = 'Live betting is temporarily disabled';
export const PRE_MATCH_BETTING_DISABLED = 'Pre match betting is temporarily disabled';

// Payments (doc 1 §8)
export const PHONE_REQUIRED = 'Phone number is required!';
export const WITHDRAWAL_DAILY_LIMIT_REACHED =
  'You have reached maximum number of withdrawals for 24 hours.';
export const WITHDRAWAL_FREQUENCY_LIMIT =
  'Only one withdrawal is allowed within a 15 minute period.';
export const PROCESSING_TRANSACTION = 'Processing transaction...';
export const WITHDRAWAL_WHOLE_NUMBERS_HINT = 'Whole numbers only, no decimals';
export const depositInProgressMessage = (id: string): string =>
  `Your deposit ${id} is in progress. Your balance will update automatically when finished.`;
export const withdrawalInProgressMessage = (id: string): string =>
  `Your withdrawal ${id} is in progress. The funds should be in your account shortly!`;
/** Two spaces as in the spec. */
export const COMPLIANCE_UPDATED = 'User Compliance info has been  Updated!';

// Request failures (doc 1 §8)
export const REQUEST_TIMED_OUT = 'The request timed out';
export const requestFailedMessage = (status: number): string =>
  `The request failed with status code ${status}`;

// Validation (doc 1 §5)
export const INVALID_DATE_OF_BIRTH = 'Invalid date of birth';
export const minimumAgeMessage = (years: number): string => `You must be ${years} years or older`;
export const INVALID_TZ_ID_FORMAT = 'Invalid format. Please use YYYYMMDD-12345-12345-12';
export const INVALID_DATE_OF_BIRTH_IN_ID = 'Invalid date of birth in ID';

// Pages (doc 1 §2)
export const SESSION_EXPIRED = 'Your session has expired';
export const ACCESS_DENIED = 'Access Denied';
export const ACCESS_DENIED_DETAIL = 'You do not have access to the requested resource';
export const PAGE_NOT_FOUND = 'Page not found';
export const PAGE_NOT_FOUND_INITIAL = 'This page could not be found';
export const ERROR_PAGE_TITLE = 'Sorry!';
/** Spelled as in the product. */
export const ERROR_PAGE_LINE = "This shouln't happen";
export const ERROR_PAGE_REFRESH = 'Please refresh the page to try again';
export const HELP_SEARCH_PLACEHOLDER = 'Search for help';
