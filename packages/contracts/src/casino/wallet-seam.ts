import { z } from 'zod';

/**
 * The seamless game wallet (issue #13 item 3): the server-to-server API a game provider calls
 * to move a player's money, in the shape game aggregators use. Dau's own games call the same
 * operations in process, so every in-house round goes through it.
 *
 * Every call is `POST {games}/wallet/{provider}/{operation}` with a JSON body and two headers:
 * - `x-dau-timestamp`: Unix seconds when the provider signed the call; refused when it is more
 *   than WALLET_MAX_SKEW_S away from the server's clock (stale).
 * - `x-dau-signature`: lowercase hex HMAC-SHA256 over `${timestamp}.${raw body}` with the
 *   provider's secret.
 * Each body carries a `requestId` unique per provider: a request sent twice (the same
 * requestId) is a replay and refused. A provider retrying a money call signs a new request
 * (new requestId) with the same `transactionId`; the wallet then answers the first answer
 * again, word for word, and moves no money twice.
 *
 * Amounts on this API are integer minor units (cents) of the player's currency.
 *
 * Operations: `authenticate`, `balance`, `debit`, `credit`, `rollback`, and `debit-credit` (a
 * round staked and paid in one call, when its result is known at the stake).
 */

export const WALLET_HEADERS = {
  timestamp: 'x-dau-timestamp',
  signature: 'x-dau-signature',
} as const;

/** How far a call's timestamp may be from the server's clock, seconds. */
export const WALLET_MAX_SKEW_S = 300;

const id = z.string().trim().min(1).max(100);
const cents = z.number().int().safe();

const base = z.object({ requestId: id });

export const walletAuthenticateRequestSchema = base.extend({
  /** The `bbJwt` of login3 / `bbJWT` of getbalance, handed to the game's launcher. */
  token: z.string().min(1).max(2000),
});

export const walletBalanceRequestSchema = base.extend({ playerId: id });

export const walletDebitRequestSchema = base.extend({
  playerId: id,
  /** The player's bbJwt: bets need a live session (credits and rollbacks do not). */
  token: z.string().min(1).max(2000),
  gameSlug: id,
  roundId: id,
  transactionId: id,
  amount: cents.positive(),
});

export const walletCreditRequestSchema = base.extend({
  playerId: id,
  gameSlug: id,
  roundId: id,
  transactionId: id,
  /** The win; 0 closes a lost round. */
  amount: cents.nonnegative(),
  /** True (default) when this is the round's last call: its stakes then go to the house. */
  roundClosed: z.boolean().default(true),
});

export const walletRollbackRequestSchema = base.extend({
  playerId: id,
  roundId: id,
  /** This rollback's own id (a repeated rollback answers the first answer). */
  transactionId: id,
  /** The debit to undo. */
  referenceTransactionId: id,
});

/**
 * A round staked and paid in one call (`debit-credit`), for games whose result is known when
 * the stake is taken (dice, plinko, scratch cards, keno): the debit and the crediting of the
 * round's win (0 for a loss), closing it. Each keeps its own transaction id, as two calls would;
 * a repeat answers the first answer, and either id used before for another call is refused.
 */
export const walletDebitCreditRequestSchema = base.extend({
  playerId: id,
  /** The player's bbJwt: the stake needs a live session, as a debit does. */
  token: z.string().min(1).max(2000),
  gameSlug: id,
  roundId: id,
  debitTransactionId: id,
  /** The stake, cents. */
  debitAmount: cents.positive(),
  /** Not the debit's. */
  creditTransactionId: id,
  /** The win, cents; 0 for a lost round. */
  creditAmount: cents.nonnegative(),
});

export type WalletAuthenticateRequest = z.infer<typeof walletAuthenticateRequestSchema>;
export type WalletBalanceRequest = z.infer<typeof walletBalanceRequestSchema>;
export type WalletDebitRequest = z.infer<typeof walletDebitRequestSchema>;
export type WalletCreditRequest = z.input<typeof walletCreditRequestSchema>;
export type WalletRollbackRequest = z.infer<typeof walletRollbackRequestSchema>;
export type WalletDebitCreditRequest = z.infer<typeof walletDebitCreditRequestSchema>;

export const walletPlayerResponseSchema = z.object({
  status: z.literal('OK'),
  playerId: z.string(),
  currency: z.string(),
  /** The player's cash balance after the call, cents. */
  balance: cents,
  siteId: z.number().int().optional(),
});
export type WalletPlayerResponse = z.infer<typeof walletPlayerResponseSchema>;

export const walletTransactionResponseSchema = walletPlayerResponseSchema.extend({
  roundId: z.string(),
  /** The provider's transaction id, echoed. */
  transactionId: z.string(),
  /** Dau's id of the movement (the ledger transaction), for reconciliation. */
  walletTransactionId: z.string(),
});
export type WalletTransactionResponse = z.infer<typeof walletTransactionResponseSchema>;

const movement = z.object({
  /** The provider's transaction id, echoed. */
  transactionId: z.string(),
  /** Dau's id of the movement (the ledger transaction). */
  walletTransactionId: z.string(),
});

/** A debit-credit's answer: the balance after the round, and both movements' ids. */
export const walletRoundResponseSchema = walletPlayerResponseSchema.extend({
  roundId: z.string(),
  debit: movement,
  credit: movement,
});
export type WalletRoundResponse = z.infer<typeof walletRoundResponseSchema>;

/** Error codes of the seam, each with its HTTP status. */
export const WALLET_ERROR_STATUS = {
  BAD_REQUEST: 400,
  STAKE_OUT_OF_LIMITS: 400,
  INVALID_SIGNATURE: 401,
  STALE_REQUEST: 401,
  REPLAYED_REQUEST: 401,
  INVALID_TOKEN: 401,
  PLAYER_BLOCKED: 403,
  UNKNOWN_PROVIDER: 404,
  UNKNOWN_PLAYER: 404,
  UNKNOWN_GAME: 404,
  UNKNOWN_ROUND: 404,
  UNKNOWN_TRANSACTION: 404,
  /** The transactionId was used before for a different call (other amount, round or kind). */
  TRANSACTION_MISMATCH: 409,
  /** The roundId is another player's or another game's round. */
  ROUND_MISMATCH: 409,
  ROUND_CLOSED: 409,
  INSUFFICIENT_FUNDS: 409,
  /** Only debits roll back; a credit cannot be taken back through the seam. */
  CANNOT_ROLLBACK: 409,
  /** A fault on Dau's side: the provider retries later (the call is idempotent). */
  INTERNAL: 500,
} as const;
export type WalletErrorCode = keyof typeof WALLET_ERROR_STATUS;

/** The seam's own error shape (not Dau's envelope: providers speak this one). */
export const walletErrorResponseSchema = z.object({
  status: z.literal('ERROR'),
  code: z.enum(Object.keys(WALLET_ERROR_STATUS) as [WalletErrorCode, ...WalletErrorCode[]]),
  message: z.string(),
});
export type WalletErrorResponse = z.infer<typeof walletErrorResponseSchema>;
