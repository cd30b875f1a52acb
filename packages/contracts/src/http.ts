/**
 * Transport conventions shared by the web client and the server (spec doc 1 §7).
 */
export const API_BASE = {
  core: '/api/core',
  payments: '/api/payments',
  gamesCore: '/api/games-core',
  games: '/api/games',
  uof: '/api/uof',
  /** Cash-out (issue #21): `/api/bets/:betId/cashout`. */
  bets: '/api/bets',
  /** Sports jackpots (issue #21): paths below it start with `/jackpots` (`jackpotsClientPath`). */
  jackpots: '/api',
} as const;

/** Request headers every API call carries. Header names are case-insensitive on the wire. */
export const API_HEADERS = {
  language: 'x-language',
  country: 'x-country',
  clientId: 'x-client-id',
  dimension: 'x-dimension',
  siteId: 'x-site-id',
  platformId: 'x-platform-id',
  timeOffset: 'x-time-offset',
  backend: 'x-backend',
  paymentVersion: 'x-payment-version',
} as const;

/** Value of the backend marker header. */
export const BACKEND_MARKER = 'dau-web';

export const REQUEST_TIMEOUT_MS = 30_000;

/** Where the web client posts request and script errors (size- and rate-limited). */
export const CLIENT_LOG_PATH = '/api/client-log';
export const CLIENT_LOG_MAX_BYTES = 8 * 1024;

/**
 * Cookies. `authBB` holds the opaque server-side session token (httpOnly). `dau_signed_in`
 * is readable by scripts and only tells the client that a session exists.
 */
export const COOKIES = {
  auth: 'authBB',
  signedIn: 'dau_signed_in',
  balance: 'dau_balance',
  paymentsV2: 'payments_v2',
  returningUser: 'returning_user',
  locale: 'locale',
  clickId: 'click_id',
  affiliate: 'affiliate',
  btag: 'btag',
  lastBid: 'last_bid',
  registration: 'registration_tmp',
  /** The intro splash was shown in this browser session (a session cookie; the server reads it). */
  splashSeen: 'dau_splash',
  /** httpOnly: a browser the account signed in from; its login attempts count apart (ADR 120). */
  device: 'dau_device',
} as const;
