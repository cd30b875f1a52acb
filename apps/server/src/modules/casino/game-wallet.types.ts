import type { WalletTransactionResponse } from '@dau/contracts/casino/wallet-seam';
import type { Tx } from '../../db/database';
import type { LedgerEntryInput } from '../wallet/ledger.service';

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

/** The player's row when the caller has just read it (the seam, by playerId): saves a read. */
export interface KnownPlayer {
  id: number;
  external_id: string;
  site_id: number;
  status: string;
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

export interface WalletAnswer {
  response: WalletTransactionResponse;
  /** True when this repeats an earlier call (same transaction id): nothing moved. */
  duplicate: boolean;
}

/** What closing a round adds: jackpot contributions and wins (jackpot.service). */
export interface RoundSettlementHook {
  onSettle(
    tx: Tx,
    round: {
      id: number;
      roundId: string;
      userId: number;
      siteId: number;
      gameSlug: string;
      stake: number;
    },
    provider: WalletProvider,
  ): Promise<{
    entries: LedgerEntryInput[];
    contribution: number;
    jackpotWin: number;
    afterCommit: (() => Promise<void>) | null;
  }>;
}

/** Sums entries per account and drops the ones that net to zero. */
export function netEntries(entries: LedgerEntryInput[]): LedgerEntryInput[] {
  const byKey = new Map<string, LedgerEntryInput>();
  for (const entry of entries) {
    const a = entry.account;
    const key = 'system' in a ? `s:${a.system}` : `u:${a.userId}:${a.kind}`;
    const seen = byKey.get(key);
    byKey.set(key, { account: a, amount: (seen?.amount ?? 0) + entry.amount });
  }
  return [...byKey.values()].filter((e) => e.amount !== 0);
}
