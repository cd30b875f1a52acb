import type {
  MinesRound as WireMinesRound,
  PlayResponse,
  SeedsResponse,
} from '@dau/contracts/casino/games';
import type { RouletteRound } from '@dau/contracts/casino/roulette';
import type { Multiplier } from '@dau/domain/games/payout';
import type { ReplayedRound } from '@dau/domain/games/replay';
import { fromUnits } from '@dau/domain/money';
import type { InstantRound, MinesRound, RouletteRoundView, SeedState } from './game-session';

/**
 * The engines' answers (packages/contracts/src/casino/games.ts, roulette.ts) in the screens'
 * terms, in one place: currency units become cents, Roulette's times move to this device's
 * clock.
 */
export function toSeedState(wire: SeedsResponse): SeedState {
  const previous = wire.previous;
  return {
    serverSeedHash: wire.serverSeedHash,
    clientSeed: wire.clientSeed,
    nonce: wire.nonce,
    previous:
      previous && previous.serverSeed
        ? {
            serverSeed: previous.serverSeed,
            serverSeedHash: previous.serverSeedHash,
            clientSeed: previous.clientSeed,
            nonce: previous.nonce,
          }
        : null,
  };
}

export function toInstantRound(wire: PlayResponse): InstantRound {
  return {
    proof: { roundId: wire.roundId, ...wire.fairness },
    stake: fromUnits(wire.stake),
    win: fromUnits(wire.win),
    multiplier: wire.multiplier as Multiplier,
    // The engine computed it with the same domain function the screens read.
    outcome: wire.outcome as unknown as ReplayedRound,
    balance: fromUnits(wire.balance),
  };
}

export function toMinesRound(wire: WireMinesRound): MinesRound {
  return {
    proof: { roundId: wire.roundId, ...wire.fairness },
    stake: fromUnits(wire.stake),
    state: { mines: wire.mines, revealed: wire.revealed, status: wire.status, hit: wire.hit },
    multiplier: wire.multiplier as Multiplier,
    mineTiles: wire.mineTiles,
    win: fromUnits(wire.win),
    balance: fromUnits(wire.balance),
  };
}

/** The device's view of a round: the closing time moved by the clock difference. */
export function toRoundView(wire: RouletteRound, receivedAt: number): RouletteRoundView {
  const skew = receivedAt - Date.parse(wire.serverTime);
  return {
    roundId: String(wire.roundId),
    phase: wire.phase,
    bettingClosesAt: Date.parse(wire.bettingClosesAt) + (Number.isFinite(skew) ? skew : 0),
    serverSeedHash: wire.serverSeedHash,
    pocket: wire.pocket,
    serverSeed: wire.serverSeed,
    clientSeed: wire.clientSeed,
    nonce: wire.roundId,
  };
}
