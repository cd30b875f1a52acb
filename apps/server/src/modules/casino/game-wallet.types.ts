import type { KnownPlayer } from './wallet-players';
import type { WalletTransactionResponse } from '@dau/contracts/casino/wallet-seam';

/** The provider a call speaks for: the seam's path names it; in process, the game's own. */
export interface WalletProvider {
  id: number;
  slug: string;
  kind: 'in-house' | 'studio';
}

/** What an engine records with a round: /fairness and the history read it. */
export interface RoundDetails {
  fairness?: {
    serverSeedHash: string;
    clientSeed: string;
    nonce: number;
    serverSeed?: string | null;
  };
  input?: unknown;
  outcome?: unknown;
  [key: string]: unknown;
}

interface RoundCall {
  userId: number;
  known?: KnownPlayer;
  /** The signed request's id (seam calls): remembered in the call's own transaction. */
  requestId?: string;
  gameSlug: string;
  roundId: string;
  transactionId: string;
}
export interface DebitCall extends RoundCall {
  /** Cents, > 0. */
  amount: number;
  /** One-step rounds: the win already decided, credited on recovery if the credit never came. */
  plannedWin?: number | null;
  details?: RoundDetails;
}
export interface CreditCall extends RoundCall {
  /** Cents, >= 0. */
  amount: number;
  roundClosed: boolean;
  details?: RoundDetails;
}
export interface RollbackCall extends Omit<RoundCall, 'gameSlug'> {
  referenceTransactionId: string;
}
/**
 * A round staked and paid in one call (ADR 206): its result is known when the stake is taken.
 * The debit and the closing credit keep their own transaction ids, as two calls would.
 */
export interface DebitCreditCall extends Omit<RoundCall, 'transactionId'> {
  debit: { transactionId: string; amount: number };
  credit: { transactionId: string; amount: number };
  details?: RoundDetails;
}

export interface WalletAnswer {
  response: WalletTransactionResponse;
  /** True when this repeats an earlier call (same transaction id): nothing moved. */
  duplicate: boolean;
}

export interface RoundAnswer {
  /** The debit's and the credit's answers, as the two calls would have answered. */
  debit: WalletTransactionResponse;
  credit: WalletTransactionResponse;
  /** True when both were made before (same transaction ids): nothing moved. */
  duplicate: boolean;
}

/** A settling round's jackpot contribution: a share of its stake, split over three pools. */
export interface ContributionTerms {
  /** Of the stake, basis points (floored). */
  shareBps: number;
  /** Of the contribution, percent (floored); Mini takes the rest. */
  majorPct: number;
  megaPct: number;
}

/** What closing a round adds: jackpot contributions (jackpot.service, ADR 163 and 205). */
export interface RoundSettlementHook {
  /** What a settling round of `provider` queues for the jackpots; null: nothing. */
  contributionTerms(provider: WalletProvider): ContributionTerms | null;
  /** After the commit of a round settled on terms. */
  settled(): void;
}
