import type { Multiplier } from '@dau/domain/games/payout';
import type { MinesState } from '@dau/domain/games/mines';
import type { ReplayedRound } from '@dau/domain/games/replay';
import { fromUnits, type Cents } from '@dau/domain/money';
import type { InstantRound, MinesRound, RouletteRoundView } from './game-session';

/**
 * PROVISIONAL: the engine calls as proposed in /work/team/casino.md until casino-games puts
 * their schemas in packages/contracts/src/casino; then these types come from there.
 */
export const GAME_PATHS = {
  seeds: '/fairness/seeds',
  clientSeed: '/fairness/client-seed',
  rotate: '/fairness/rotate',
  play: (slug: string) => `/play/${encodeURIComponent(slug)}`,
  minesStart: '/mines/start',
  minesReveal: (roundId: string) => `/mines/${encodeURIComponent(roundId)}/reveal`,
  minesCashOut: (roundId: string) => `/mines/${encodeURIComponent(roundId)}/cashout`,
  minesActive: '/mines/active',
  rouletteCurrent: '/roulette/current',
  rouletteBets: '/roulette/bets',
} as const;

interface WireFairness {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface WireInstantRound {
  roundId: string;
  stake: number;
  win: number;
  multiplier: number;
  outcome: ReplayedRound;
  fairness: WireFairness;
  balance: number;
}

export interface WireMinesRound {
  roundId: string;
  stake: number;
  state: MinesState;
  multiplier: number;
  mineTiles: number[] | null;
  win: number;
  fairness: WireFairness;
  balance: number;
}

export interface WireRouletteRound {
  roundId: string;
  phase: RouletteRoundView['phase'];
  bettingClosesAt: string;
  /** The server's clock when it sent this (ISO), to correct the device's clock. */
  now: string;
  serverSeedHash: string;
  pocket: number | null;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
}

export function toInstantRound(wire: WireInstantRound): InstantRound {
  return {
    proof: { roundId: wire.roundId, ...wire.fairness },
    stake: fromUnits(wire.stake),
    win: fromUnits(wire.win),
    multiplier: wire.multiplier as Multiplier,
    outcome: wire.outcome,
    balance: fromUnits(wire.balance),
  };
}

export function toMinesRound(wire: WireMinesRound): MinesRound {
  return {
    proof: { roundId: wire.roundId, ...wire.fairness },
    stake: fromUnits(wire.stake),
    state: wire.state,
    multiplier: wire.multiplier as Multiplier,
    mineTiles: wire.mineTiles,
    win: fromUnits(wire.win) as Cents,
    balance: fromUnits(wire.balance),
  };
}

/** The device's view of a round: the closing time moved by the clock difference. */
export function toRoundView(wire: WireRouletteRound, receivedAt: number): RouletteRoundView {
  const skew = receivedAt - Date.parse(wire.now);
  return {
    roundId: wire.roundId,
    phase: wire.phase,
    bettingClosesAt: Date.parse(wire.bettingClosesAt) + (Number.isFinite(skew) ? skew : 0),
    serverSeedHash: wire.serverSeedHash,
    pocket: wire.pocket,
    serverSeed: wire.serverSeed,
    clientSeed: wire.clientSeed,
    nonce: wire.nonce,
  };
}
