import type { Cents } from '@dau/domain/money';
import { fromUnits } from '@dau/domain/money';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { GameError, type GameSession, type MinesRound, type SeedState } from './game-session';

/**
 * Real play (issue #13 items 2-4): every round goes through the server's engine, which moves
 * money through the wallet seam; the server's `wallet` push redraws the header balance.
 */
export function createRealSession({
  game,
  onChange,
}: {
  game: string;
  onChange?: () => void;
}): GameSession {
  let seeds: SeedState | null = null;
  let balance: Cents | null = null;

  const call = async <T>(path: string, body?: unknown, method?: 'GET' | 'POST'): Promise<T> => {
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
  };

  const keepSeeds = (next: SeedState) => {
    seeds = next;
    onChange?.();
    return next;
  };
  const keepBalance = (units: number | undefined) => {
    if (typeof units === 'number') balance = fromUnits(units);
  };

  void call<SeedState>(GAME_PATHS.seeds, undefined, 'GET').then(keepSeeds, () => undefined);

  const afterRound = () => {
    void call<SeedState>(GAME_PATHS.seeds, undefined, 'GET').then(keepSeeds, () => undefined);
  };

  return {
    mode: 'real',
    get balance() {
      return balance;
    },
    get seeds() {
      return seeds;
    },
    async play(stake, request) {
      const answer = await call<WireInstantRound>(GAME_PATHS.play(game), {
        stake: stake / 100,
        params: request,
      });
      keepBalance(answer.balance);
      afterRound();
      return toInstantRound(answer);
    },
    async minesStart(stake, mines) {
      const answer = await call<WireMinesRound>(GAME_PATHS.minesStart, {
        game,
        stake: stake / 100,
        mines,
      });
      keepBalance(answer.balance);
      afterRound();
      return toMinesRound(answer);
    },
    async minesReveal(round, tile) {
      const answer = await call<WireMinesRound>(GAME_PATHS.minesReveal(round.proof.roundId), {
        tile,
      });
      keepBalance(answer.balance);
      return toMinesRound(answer);
    },
    async minesCashOut(round) {
      const answer = await call<WireMinesRound>(GAME_PATHS.minesCashOut(round.proof.roundId), {});
      keepBalance(answer.balance);
      return toMinesRound(answer);
    },
    async minesActive(): Promise<MinesRound | null> {
      const answer = await call<WireMinesRound | null>(GAME_PATHS.minesActive, undefined, 'GET');
      return answer ? toMinesRound(answer) : null;
    },
    async setClientSeed(clientSeed) {
      return keepSeeds(await call<SeedState>(GAME_PATHS.clientSeed, { clientSeed }));
    },
    async rotateSeed() {
      return keepSeeds(await call<SeedState>(GAME_PATHS.rotate, {}));
    },
  };
}
