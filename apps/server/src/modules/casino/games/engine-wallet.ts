import type { FairnessRef } from '@dau/contracts/casino/games';
import type { CurrencyCode } from '@dau/domain/currency';
import { gameLimitsIn } from '@dau/domain/games/stake-limits';
import { parseMoney, type Cents } from '@dau/domain/money';
import type { DbOrTx } from '../../../db/database';
import { AppError } from '../../../errors/app-error';
import { gameBySlug } from '../catalogue.repository';
import type { RoundDetails } from '../game-wallet.types';
import type { InHouseWallet } from '../in-house-wallet';

/**
 * What an engine records with a round in the wallet (casino_rounds.details): the seeds, the
 * domain's RoundInput and what it computed. History and /fairness read it back.
 */
export interface EngineRoundDetails extends RoundDetails {
  engine: string;
  fairness: FairnessRef & { serverSeed: string | null };
  input: Record<string, unknown>;
  outcome?: Record<string, unknown>;
}

/**
 * The seamless game wallet as the engines use it (casino's InHouseWallet, ADR 161): every
 * real-money round is a debit and a credit through it, each keyed by a transaction id and
 * idempotent. Refusals come back as AppError (STAKE_OUT_OF_LIMITS, INSUFFICIENT_FUNDS,
 * PLAYER_BLOCKED, ROUND_CLOSED, ...), so they reach the player as a 4xx and move nothing.
 */
export type EngineWallet = Pick<
  InHouseWallet,
  'playRound' | 'debit' | 'credit' | 'rollback' | 'balance'
>;

export interface PlayableGame {
  slug: string;
  engine: string;
  minStake: Cents;
  maxStake: Cents;
  maxWin: Cents;
}

/**
 * The catalogue's game for `slug` when it is enabled and runs on `engine`; 404 otherwise. Its
 * limits are in `currency` (the player's; the catalogue's Kenyan figures scaled, ADR 164).
 */
export async function playableGame(
  db: DbOrTx,
  slug: string,
  engines: readonly string[],
  currency: CurrencyCode = 'KES',
): Promise<PlayableGame> {
  const game = await gameBySlug(db, slug);
  if (
    !game ||
    !game.enabled ||
    !game.provider_enabled ||
    game.provider_kind !== 'in-house' ||
    !engines.includes(game.engine)
  ) {
    throw new AppError('NOT_FOUND', [
      { code: 'UNKNOWN_GAME', message: `There is no game "${slug}" to play here.` },
    ]);
  }
  const limits = gameLimitsIn(
    { minStake: game.min_stake, maxStake: game.max_stake, maxWin: game.max_win },
    currency,
  );
  return {
    slug: game.slug,
    engine: game.engine,
    minStake: limits.minStake as Cents,
    maxStake: limits.maxStake as Cents,
    maxWin: limits.maxWin as Cents,
  };
}

/** Stake limits of the catalogue, checked before a nonce is spent (the wallet checks again). */
export function assertStakeWithin(game: PlayableGame, stake: Cents): void {
  if (stake < game.minStake || stake > game.maxStake) {
    throw new AppError('BAD_REQUEST', [
      {
        code: 'STAKE_OUT_OF_LIMITS',
        message: `The stake must be between ${game.minStake / 100} and ${game.maxStake / 100}.`,
        name: 'stake',
      },
    ]);
  }
}

/** Currency units (at most two decimals) to cents; 400 otherwise. */
export function stakeCents(units: number): Cents {
  const value = parseMoney(units);
  if (value === null || value <= 0) {
    throw new AppError('BAD_REQUEST', [
      {
        code: 'BAD_STAKE',
        message: 'The stake must be an amount with at most two decimals.',
        name: 'stake',
      },
    ]);
  }
  return value;
}

export const toUnits = (amount: number): number => amount / 100;
