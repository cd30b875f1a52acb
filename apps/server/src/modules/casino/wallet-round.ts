import { gameLimitsIn } from '@dau/domain/games/stake-limits';
import { cents, formatMoney } from '@dau/domain/money';
import type { Tx } from '../../db/database';
import type { gameBySlug } from './catalogue.repository';
import type { WalletProvider } from './game-wallet.types';
import { WalletError, walletErrors } from './wallet-errors';
import type { Player } from './wallet-players';
import { lockRound, type LockedRound } from './wallet.repository';
import { limitMessage } from '../accounts/responsible-gambling.service';
import type { ResponsibleGamblingKind } from '../accounts/accounts.tables';

export type GameRow = NonNullable<Awaited<ReturnType<typeof gameBySlug>>>;

/** What makes two calls with one transaction id the same call. */
export const fingerprint = (parts: Record<string, unknown>) => JSON.stringify(parts);

/** The game's stake limits in the player's currency (the catalogue's are shillings, ADR 164). */
export function stakeLimits(game: GameRow, player: Player) {
  return gameLimitsIn(
    { minStake: game.min_stake, maxStake: game.max_stake, maxWin: game.max_win },
    player.site.currencyCode,
  );
}

/** SQLSTATE of a refusal raised by the wallet's statements (migration 0885). */
export const WALLET_REFUSAL_SQLSTATE = 'DW001';

/**
 * A refusal raised by the wallet's statements (`casino_find_call`, `casino_debit`,
 * `casino_credit`, `casino_debit_credit`: SQLSTATE DW001, the code as message) as the wallet's
 * error; anything else as it came. `game` is the debit's or credit's (a rollback names none).
 */
export function walletRefusal(
  error: unknown,
  call: {
    requestId: string | null;
    transactionId: string;
    roundId: string;
    game?: GameRow;
    player: Player;
  },
): unknown {
  const e = error as { code?: string; message?: string; detail?: string };
  if (e.code !== WALLET_REFUSAL_SQLSTATE) return error;
  switch (e.message) {
    case 'REPLAYED_REQUEST':
      return walletErrors.replayed(call.requestId ?? '');
    case 'TRANSACTION_MISMATCH':
      // A debit-credit names its credit's id when that is the one used before (migration 0876).
      return walletErrors.mismatch(e.detail || call.transactionId);
    case 'UNKNOWN_GAME':
      return call.game ? walletErrors.unknownGame(call.game.slug) : error;
    case 'PLAYER_BLOCKED':
      return new WalletError('PLAYER_BLOCKED', 'This account cannot play.');
    case 'RESPONSIBLE_GAMBLING_LIMIT': {
      const limit = JSON.parse(e.detail ?? '{}') as {
        kind: ResponsibleGamblingKind;
        endsAt: string;
      };
      return new WalletError('PLAYER_BLOCKED', limitMessage(limit.kind, new Date(limit.endsAt)));
    }
    case 'STAKE_OUT_OF_LIMITS': {
      if (!call.game) return error;
      const limits = stakeLimits(call.game, call.player);
      return walletErrors.stake(
        formatMoney(cents(limits.minStake), call.player.site),
        formatMoney(cents(limits.maxStake), call.player.site),
      );
    }
    case 'UNKNOWN_ROUND':
      return walletErrors.unknownRound(call.roundId);
    case 'ROUND_MISMATCH':
      return walletErrors.roundMismatch(call.roundId);
    case 'ROUND_CLOSED':
      return walletErrors.roundClosed(call.roundId);
    default:
      return error;
  }
}

/**
 * A rollback's round: locked (FOR UPDATE) and checked before any money moves — it exists and it
 * is this player's round. (Debits and credits check theirs in their own statement.)
 */
export async function withRound<T>(
  tx: Tx,
  provider: WalletProvider,
  player: Player,
  roundId: string,
  work: (round: LockedRound) => Promise<T>,
): Promise<T> {
  const round = await lockRound(tx, provider.id, roundId);
  if (!round) throw walletErrors.unknownRound(roundId);
  if (round.user_id !== player.id) throw walletErrors.roundMismatch(roundId);
  return work(round);
}
