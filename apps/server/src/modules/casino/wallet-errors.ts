import { WALLET_ERROR_STATUS, type WalletErrorCode } from '@dau/contracts/casino/wallet-seam';
import type { ErrorCode } from '@dau/contracts/errors';
import { AppError } from '../../errors/app-error';

/** A refusal of the game wallet: the seam answers it in its own shape, Dau's API as AppError. */
export class WalletError extends Error {
  readonly status: number;
  constructor(
    readonly code: WalletErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WalletError';
    this.status = WALLET_ERROR_STATUS[code];
  }

  toResponse() {
    return { status: 'ERROR' as const, code: this.code, message: this.message };
  }

  /** For Dau's own API (the game engines' routes): the envelope, the wallet's code as value. */
  toAppError(): AppError {
    const byStatus: Record<number, ErrorCode> = {
      400: 'BAD_REQUEST',
      401: 'UNAUTHENTICATED',
      403: 'FORBIDDEN',
      404: 'NOT_FOUND',
      409: 'CONFLICT',
    };
    return new AppError(byStatus[this.status] ?? 'BAD_REQUEST', [
      { code: this.code, message: this.message },
    ]);
  }
}

export const REPLAYED = 'REPLAYED_REQUEST';

export const walletErrors = {
  replayed: (requestId: string) =>
    new WalletError(REPLAYED, `Request "${requestId}" was received before.`),
  unknownGame: (slug: string) => new WalletError('UNKNOWN_GAME', `There is no game "${slug}".`),
  unknownPlayer: () => new WalletError('UNKNOWN_PLAYER', 'There is no such player.'),
  unknownRound: (id: string) => new WalletError('UNKNOWN_ROUND', `There is no round "${id}".`),
  unknownTransaction: (id: string) =>
    new WalletError('UNKNOWN_TRANSACTION', `There is no debit "${id}" in this round.`),
  mismatch: (id: string) =>
    new WalletError(
      'TRANSACTION_MISMATCH',
      `Transaction "${id}" was already used for a different call; it is not repeated.`,
    ),
  roundMismatch: (id: string) =>
    new WalletError('ROUND_MISMATCH', `Round "${id}" belongs to another player or game.`),
  roundClosed: (id: string) =>
    new WalletError('ROUND_CLOSED', `Round "${id}" is finished; it takes no more calls.`),
  insufficientFunds: () =>
    new WalletError('INSUFFICIENT_FUNDS', 'Your balance is not enough for this stake.'),
  cannotRollback: (id: string) =>
    new WalletError(
      'CANNOT_ROLLBACK',
      `Transaction "${id}" is not a debit; only debits roll back.`,
    ),
  stake: (min: string, max: string) =>
    new WalletError('STAKE_OUT_OF_LIMITS', `The stake must be between ${min} and ${max}.`),
};
