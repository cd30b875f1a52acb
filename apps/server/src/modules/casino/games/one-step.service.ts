import type { CurrencyCode } from '@dau/domain/currency';
import {
  ONE_STEP_GAMES,
  ONE_STEP_PARAMS,
  type OneStepSlug,
  type PlayResponse,
} from '@dau/contracts/casino/games';
import { isValidDiceBet, type DiceBet } from '@dau/domain/games/dice';
import { replayRound, type ReplayedRound, type RoundInput } from '@dau/domain/games/replay';
import { payoutCents, type Multiplier } from '@dau/domain/games/payout';
import { minCents, type Cents } from '@dau/domain/money';
import type { AppDeps } from '../../../app-types';
import { AppError } from '../../../errors/app-error';
import {
  assertStakeWithin,
  playableGame,
  stakeCents,
  toUnits,
  type EngineRoundDetails,
  type EngineWallet,
} from './engine-wallet';
import type { SeedService } from './seeds.service';

export function isOneStepSlug(slug: string): slug is OneStepSlug {
  return Object.hasOwn(ONE_STEP_GAMES, slug);
}

function badParams(message: string): AppError {
  return new AppError('BAD_REQUEST', [{ code: 'BAD_GAME_PARAMS', message, name: 'params' }]);
}

/** The domain's RoundInput for `slug` from the request's params; 400 when they are not valid. */
export function roundInputOf(slug: OneStepSlug, params: unknown): RoundInput {
  const parsed = ONE_STEP_PARAMS[slug].safeParse(params ?? {});
  if (!parsed.success) {
    throw badParams(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'params'}: ${i.message}`).join('; '),
    );
  }
  const value = parsed.data;
  switch (slug) {
    case 'dice': {
      const bet = value as DiceBet;
      if (!isValidDiceBet(bet)) throw badParams('The win chance must be between 1 % and 98 %.');
      return { game: 'dice', bet: { target: bet.target, direction: bet.direction } };
    }
    case 'plinko': {
      const { rows, risk } = value as { rows: 8 | 12 | 16; risk: 'low' | 'medium' | 'high' };
      return { game: 'plinko', rows, risk };
    }
    case 'keno':
      return { game: 'keno', picks: [...(value as { picks: number[] }).picks] };
    case 'scratch-card':
      return { game: 'scratch' };
  }
}

/** The multiplier a replayed one-step round pays. */
export function multiplierOf(outcome: ReplayedRound): Multiplier {
  switch (outcome.game) {
    case 'dice':
    case 'plinko':
    case 'scratch':
    case 'keno':
      return outcome.result.multiplier;
    default:
      throw new Error(`${outcome.game} is not a one-step game`);
  }
}

/** A win is paid by the table, capped at the game's maximum win (catalogue). */
export function winOf(stake: Cents, multiplier: Multiplier, maxWin: Cents): Cents {
  return minCents(payoutCents(stake, multiplier), maxWin);
}

/**
 * One-step games (Dice, Plinko, Scratch card, Keno): the round's nonce is taken, the outcome
 * computed from the seed pair, then the stake is debited and the win credited through the game
 * wallet in one idempotent call (its debit-credit, ADR 206: one statement, so a crash leaves
 * the round unplayed or settled).
 */
export class OneStepGames {
  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'now'>,
    private readonly seeds: SeedService,
    private readonly wallet: EngineWallet,
  ) {}

  async play(
    userId: number,
    slug: string,
    stakeUnits: number,
    params: unknown,
    currency: CurrencyCode = 'KES',
  ): Promise<PlayResponse> {
    if (!isOneStepSlug(slug)) {
      throw new AppError('NOT_FOUND', [
        { code: 'UNKNOWN_GAME', message: `There is no game "${slug}" to play here.` },
      ]);
    }
    const game = await playableGame(this.deps.db, slug, [ONE_STEP_GAMES[slug]], currency);
    const input = roundInputOf(slug, params);
    const stake = stakeCents(stakeUnits);
    assertStakeWithin(game, stake);

    const taken = await this.deps.db.transaction().execute((tx) => this.seeds.take(tx, userId));
    const outcome = replayRound(taken.seed, input);
    const multiplier = multiplierOf(outcome);
    const win = winOf(stake, multiplier, game.maxWin);
    const roundId = `${game.engine}-${taken.pairId}-${taken.seed.nonce}`;
    const fairness = {
      serverSeedHash: taken.serverSeedHash,
      clientSeed: taken.seed.clientSeed,
      nonce: taken.seed.nonce,
    };
    const details: EngineRoundDetails = {
      engine: game.engine,
      fairness: { ...fairness, serverSeed: null },
      input: { ...input },
      outcome: { ...outcome },
      multiplier,
    };
    const played = await this.wallet.playRound({
      userId,
      gameSlug: game.slug,
      roundId,
      stake,
      win,
      details,
    });
    return {
      roundId,
      game: game.slug,
      stake: toUnits(stake),
      win: toUnits(win),
      multiplier,
      input: { ...input },
      outcome: { ...outcome },
      fairness,
      balance: toUnits(played.balance),
    };
  }
}
