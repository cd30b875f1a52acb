import type { Cents } from '@dau/domain/money';
import { fromUnits } from '@dau/domain/money';
import { ApiError, apiFetch } from '../../../lib/api-client';
import {
  GAME_ENGINE_PATHS,
  type MinesRound as WireMinesRound,
  type PlayResponse,
  type SeedsResponse,
} from '@dau/contracts/casino/games';
import { ROULETTE_PATHS, type RouletteBetsResponse } from '@dau/contracts/casino/roulette';
import { toInstantRound, toMinesRound, toSeedState } from './engine-wire';
import {
  GameError,
  type GameSession,
  type MinesRound,
  type SeedSession,
  type SeedState,
} from './game-session';
import { joinRoulette } from './roulette-feed';

/**
 * Real play (issue #13 items 2-4): every round goes through the server's engine, which moves
 * money through the wallet seam; the server's `wallet` push redraws the header balance.
 */
async function call<T>(path: string, body?: unknown, method?: 'GET' | 'POST'): Promise<T> {
  try {
    return await apiFetch<T>({ base: 'games', path, body, method });
  } catch (error) {
    if (error instanceof ApiError) {
      const entry = error.envelope.datasource_entries[0];
      throw new GameError(
        entry?.dimension_value ?? 'REQUEST_FAILED',
        entry?.value ?? error.message,
      );
    }
    throw error;
  }
}

/** The signed-in player's seed pair (the /fairness page and every real game). */
export function createRealSeeds(onChange?: () => void): SeedSession {
  let seeds: SeedState | null = null;
  let failed = false;
  const keep = (wire: SeedsResponse) => {
    const next = toSeedState(wire);
    seeds = next;
    failed = false;
    onChange?.();
    return next;
  };
  const load = () =>
    call<SeedsResponse>(GAME_ENGINE_PATHS.seeds, undefined, 'GET').then(
      (next) => void keep(next),
      () => {
        failed = true;
        onChange?.();
      },
    );
  return {
    get seeds() {
      return seeds;
    },
    get failed() {
      return failed;
    },
    load,
    setClientSeed: async (clientSeed) =>
      keep(await call<SeedsResponse>(GAME_ENGINE_PATHS.clientSeed, { clientSeed })),
    rotateSeed: async () => keep(await call<SeedsResponse>(GAME_ENGINE_PATHS.rotate, {})),
  };
}

export function createRealSession({
  game,
  onChange,
}: {
  game: string;
  onChange?: () => void;
}): GameSession {
  const seeds = createRealSeeds(onChange);
  let balance: Cents | null = null;
  const keepBalance = (units: number | undefined) => {
    if (typeof units === 'number') balance = fromUnits(units);
  };
  const afterRound = () => void seeds.load();

  return {
    mode: 'real',
    get balance() {
      return balance;
    },
    get seeds() {
      return seeds.seeds;
    },
    get failed() {
      return seeds.failed;
    },
    load: () => seeds.load(),
    async play(stake, request) {
      const answer = await call<PlayResponse>(GAME_ENGINE_PATHS.play(game), {
        stake: stake / 100,
        params: request,
      });
      keepBalance(answer.balance);
      afterRound();
      return toInstantRound(answer);
    },
    async minesStart(stake, mines) {
      const answer = await call<WireMinesRound>(GAME_ENGINE_PATHS.minesStart, {
        stake: stake / 100,
        mines,
      });
      keepBalance(answer.balance);
      afterRound();
      return toMinesRound(answer);
    },
    async minesReveal(round, tile) {
      const answer = await call<WireMinesRound>(
        GAME_ENGINE_PATHS.minesReveal(round.proof.roundId),
        {
          tile,
        },
      );
      keepBalance(answer.balance);
      return toMinesRound(answer);
    },
    async minesCashOut(round) {
      const answer = await call<WireMinesRound>(
        GAME_ENGINE_PATHS.minesCashOut(round.proof.roundId),
        {},
      );
      keepBalance(answer.balance);
      return toMinesRound(answer);
    },
    async minesActive(): Promise<MinesRound | null> {
      const answer = await call<{ round: WireMinesRound | null }>(
        GAME_ENGINE_PATHS.minesActive,
        undefined,
        'GET',
      );
      return answer.round ? toMinesRound(answer.round) : null;
    },
    setClientSeed: (clientSeed) => seeds.setClientSeed(clientSeed),
    rotateSeed: () => seeds.rotateSeed(),
    rouletteWatch: () => joinRoulette(),
    async roulettePlace(roundId, bets) {
      const answer = await call<RouletteBetsResponse>(ROULETTE_PATHS.bets, {
        roundId: Number(roundId),
        bets: bets.map((bet) => ({ kind: bet.kind, numbers: bet.numbers, stake: bet.stake / 100 })),
      });
      keepBalance(answer.balance);
      onChange?.();
    },
  };
}
