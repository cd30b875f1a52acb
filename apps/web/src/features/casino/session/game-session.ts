import type { Cents } from '@dau/domain/money';
import type { DiceBet } from '@dau/domain/games/dice';
import type { MinesState } from '@dau/domain/games/mines';
import type { Multiplier } from '@dau/domain/games/payout';
import type { PlinkoRisk, PlinkoRows } from '@dau/domain/games/plinko';
import type { ReplayedRound } from '@dau/domain/games/replay';
import type { RouletteBetKind } from '@dau/domain/games/roulette';

/**
 * What a game screen plays through (issue #13 item 2). Two implementations: `demo-session.ts`
 * plays in the browser with a fun balance and its own seeds (never the wallet), and
 * `real-session.ts` plays through the server's engines (the wallet seam). Screens do not know
 * which one they hold.
 */
export type SessionMode = 'real' | 'demo';

/** The seeds of the current pair (hash only: the seed itself is revealed on rotation). */
export interface SeedState {
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round will use. */
  nonce: number;
  /** The last pair, revealed when the player rotated. */
  previous: {
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    nonce: number;
  } | null;
}

/** How a finished round can be checked on /fairness. */
export interface RoundProof {
  roundId: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export type InstantRequest =
  | { game: 'dice'; bet: DiceBet }
  | { game: 'plinko'; rows: PlinkoRows; risk: PlinkoRisk }
  | { game: 'keno'; picks: number[] }
  | { game: 'scratch' };

export interface InstantRound {
  proof: RoundProof;
  stake: Cents;
  win: Cents;
  multiplier: Multiplier;
  outcome: ReplayedRound;
  /** The balance after the round (fun balance in demo). */
  balance: Cents | null;
}

export interface MinesRound {
  proof: RoundProof;
  stake: Cents;
  state: MinesState;
  /** Cash-out multiplier now. */
  multiplier: Multiplier;
  /** Known once the round is over. */
  mineTiles: readonly number[] | null;
  win: Cents;
  balance: Cents | null;
}

/** A failure the screen words itself (its text comes from the server or the strings). */
export class GameError extends Error {
  declare readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'GameError';
    this.code = code;
  }
}

/** The seed pair's part of a session (the /fairness page holds only this). */
export interface SeedSession {
  seeds: SeedState | null;
  /** The seeds could not be fetched (real play); `load` tries again. */
  failed: boolean;
  /** Fetches the seeds (real play; demo seeds exist from the start). Called after mount. */
  load(): Promise<void>;
  setClientSeed(clientSeed: string): Promise<SeedState>;
  rotateSeed(): Promise<SeedState>;
}

export interface GameSession extends SeedSession {
  mode: SessionMode;
  /** Demo: the fun balance; real: the wallet's, as the last answer told (null before one). */
  balance: Cents | null;
  play(stake: Cents, request: InstantRequest): Promise<InstantRound>;
  minesStart(stake: Cents, mines: number): Promise<MinesRound>;
  minesReveal(round: MinesRound, tile: number): Promise<MinesRound>;
  minesCashOut(round: MinesRound): Promise<MinesRound>;
  /** The open Mines round after a reload (real play), or null. */
  minesActive(): Promise<MinesRound | null>;
  /** Watches the shared Roulette rounds while a screen shows them; returns the stop function. */
  rouletteWatch(): () => void;
  /** Bets on the open Roulette round (stake taken now; the round settles for everyone). */
  roulettePlace(roundId: string, bets: readonly RouletteStake[]): Promise<void>;
}

export interface RouletteStake {
  kind: RouletteBetKind;
  numbers: readonly number[];
  stake: Cents;
}

/** A shared Roulette round as this device sees it. */
export interface RouletteRoundView {
  roundId: string;
  phase: 'betting' | 'spinning' | 'settled';
  /** When betting closes, in this device's clock (server time corrected by the push's `now`). */
  bettingClosesAt: number;
  serverSeedHash: string;
  pocket: number | null;
  /** Revealed once the round is settled. */
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
}
