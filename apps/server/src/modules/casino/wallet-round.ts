import { gameLimitsIn } from '@dau/domain/games/stake-limits';
import { cents, formatMoney } from '@dau/domain/money';
import type { SiteConfig } from '@dau/domain/sites';
import type { Tx } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { assertCanGamble } from '../accounts/responsible-gambling.service';
import type { gameBySlug } from './catalogue.repository';
import type { WalletProvider } from './game-wallet.types';
import { WalletError, walletErrors } from './wallet-errors';
import { lockRound, openRound, type LockedRound, type RoundStake } from './wallet.repository';
import type { RoundStatus } from './wallet.tables';

/** The player a wallet call is for, with their site. */
export type Player = {
  id: number;
  external_id: string;
  site_id: number;
  status: string;
  site: SiteConfig;
};

export type GameRow = NonNullable<Awaited<ReturnType<typeof gameBySlug>>>;

/** What makes two calls with one transaction id the same call. */
export const fingerprint = (parts: Record<string, unknown>) => JSON.stringify(parts);

/** What a call expects of its round; `withRound` refuses anything else before money moves. */
export interface RoundRule {
  /** The round must be of this game (null: any of the player's rounds, as for a rollback). */
  gameId: number | null;
  /**
   * A debit: open the round if it does not exist yet and add the stake in the same statement
   * (a refusal below throws, and the transaction's rollback takes the stake back out); else the
   * round must exist.
   */
  open: { gameId: number; now: Date; stake: RoundStake } | null;
  /** Statuses that refuse the call with ROUND_CLOSED. */
  closed: readonly RoundStatus[];
}

export const NOT_OPEN: readonly RoundStatus[] = ['settled', 'rolled_back'];

/**
 * Locks the call's round (a debit opens it first) and checks it before any money moves: it
 * exists, it is this player's (and this game's) round, and it still takes this call.
 */
export async function withRound<T>(
  tx: Tx,
  provider: WalletProvider,
  player: Player,
  roundId: string,
  rule: RoundRule,
  work: (round: LockedRound) => Promise<T>,
): Promise<T> {
  const round = rule.open
    ? await openRound(tx, {
        providerId: provider.id,
        roundId,
        userId: player.id,
        gameId: rule.open.gameId,
        now: rule.open.now,
        stake: rule.open.stake,
      })
    : await lockRound(tx, provider.id, roundId);
  if (!round) throw walletErrors.unknownRound(roundId);
  if (round.user_id !== player.id || (rule.gameId !== null && round.game_id !== rule.gameId)) {
    throw walletErrors.roundMismatch(roundId);
  }
  if (rule.closed.includes(round.status)) throw walletErrors.roundClosed(roundId);
  return work(round);
}

/** A stake may be taken: the game is on, the player active and not on a break, the amount within limits. */
export async function assertMayStake(
  tx: Tx,
  game: GameRow,
  player: Player,
  amount: number,
  now: Date,
): Promise<void> {
  if (!game.enabled || !game.provider_enabled) throw walletErrors.unknownGame(game.slug);
  if (player.status !== 'active')
    throw new WalletError('PLAYER_BLOCKED', 'This account cannot play.');
  try {
    await assertCanGamble(tx, player.id, now);
  } catch (error) {
    if (error instanceof AppError) throw new WalletError('PLAYER_BLOCKED', error.message);
    throw error;
  }
  // The catalogue's limits are Kenyan shillings; the player's currency gets them scaled (ADR 164).
  const limits = gameLimitsIn(
    { minStake: game.min_stake, maxStake: game.max_stake, maxWin: game.max_win },
    player.site.currencyCode,
  );
  if (amount < limits.minStake || amount > limits.maxStake) {
    throw walletErrors.stake(
      formatMoney(cents(limits.minStake), player.site),
      formatMoney(cents(limits.maxStake), player.site),
    );
  }
}
