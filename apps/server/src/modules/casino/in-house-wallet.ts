import type { AppDeps } from '../../app-types';
import { gameBySlug } from './catalogue.repository';
import type { GameWalletCore } from './game-wallet.service';
import type {
  CreditCall,
  DebitCall,
  RollbackCall,
  RoundDetails,
  WalletAnswer,
  WalletProvider,
} from './game-wallet.types';
import { WalletError, walletErrors } from './wallet-errors';
import { liveDebits, roundMovements, staleOpenRounds } from './wallet.repository';

/** Transaction ids `playRound` uses, so that recovery repeats the very same credit. */
export const stakeTransactionId = (roundId: string) => `${roundId}:stake`;
export const winTransactionId = (roundId: string) => `${roundId}:win`;

export interface PlayedRound {
  roundId: string;
  /** Cents. */
  stake: number;
  win: number;
  /** The player's cash after the credit, cents. */
  balance: number;
  walletTransactionIds: { debit: string; credit: string };
}

/**
 * The game wallet for Dau's own engines (modules/casino/games): the same core as the HTTP seam,
 * called in process with the game's own (in-house) provider. Refusals come back as AppError
 * (the envelope, with the wallet's code as `value`: STAKE_OUT_OF_LIMITS, INSUFFICIENT_FUNDS,
 * PLAYER_BLOCKED, ROUND_CLOSED, ...). See docs/decisions/161.
 */
export class InHouseWallet {
  constructor(
    private readonly deps: AppDeps,
    private readonly core: GameWalletCore,
  ) {}

  private async providerOf(gameSlug: string): Promise<WalletProvider> {
    const game = await this.core.gameRow(gameSlug);
    if (!game || game.provider_kind !== 'in-house') throw walletErrors.unknownGame(gameSlug);
    return { id: game.provider_id, slug: game.provider_slug, kind: 'in-house' };
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof WalletError) throw error.toAppError();
      throw error;
    }
  }

  /** Stakes `amount` cents on the round (opened by its first debit). */
  debit(call: DebitCall): Promise<WalletAnswer> {
    return this.call(async () => this.core.debit(await this.providerOf(call.gameSlug), call));
  }

  /** Pays `amount` cents (0 for a loss); `roundClosed` (default true) settles the round. */
  credit(call: Omit<CreditCall, 'roundClosed'> & { roundClosed?: boolean }): Promise<WalletAnswer> {
    return this.call(async () =>
      this.core.credit(await this.providerOf(call.gameSlug), {
        ...call,
        roundClosed: call.roundClosed ?? true,
      }),
    );
  }

  /** Gives back one debit of an open round. */
  rollback(call: RollbackCall & { gameSlug: string }): Promise<WalletAnswer> {
    return this.call(async () => this.core.rollback(await this.providerOf(call.gameSlug), call));
  }

  /**
   * A one-step round (Dice, Plinko, Scratch card, Keno): the outcome is decided first, then the
   * stake and the win are posted by one statement (the core's debit-credit, ADR 206), under the
   * same transaction ids as a debit and a credit — so a crash leaves the round either unplayed
   * or settled, never half done. Repeating it with the same roundId answers the first answers.
   */
  playRound(input: {
    userId: number;
    gameSlug: string;
    roundId: string;
    stake: number;
    win: number;
    details?: RoundDetails;
  }): Promise<PlayedRound> {
    return this.call(async () => {
      const provider = await this.providerOf(input.gameSlug);
      const played = await this.core.debitCredit(provider, {
        userId: input.userId,
        gameSlug: input.gameSlug,
        roundId: input.roundId,
        debit: { transactionId: stakeTransactionId(input.roundId), amount: input.stake },
        credit: { transactionId: winTransactionId(input.roundId), amount: input.win },
        ...(input.details ? { details: input.details } : {}),
      });
      return {
        roundId: input.roundId,
        stake: input.stake,
        win: input.win,
        balance: played.credit.balance,
        walletTransactionIds: {
          debit: played.debit.walletTransactionId,
          credit: played.credit.walletTransactionId,
        },
      };
    });
  }

  /** The player's cash, cents. */
  async balance(userId: number): Promise<number> {
    return this.call(async () => (await this.core.balance(userId)).balance);
  }
}

export interface RecoveryResult {
  credited: number;
  rolledBack: number;
  closed: number;
  failed: number;
}

/**
 * Resolves in-house rounds a crash (or a lost engine) left open: a round with a planned win is
 * credited with it (the credit `playRound` would have made, same transaction id) once idle for
 * `plannedIdleMs`; any other round idle for `idleMs` gets its stakes back, or, when it was
 * already paid something, is closed as it stands. Studios' rounds are theirs to finish (they
 * send the rollback or credit), and so are the rounds of an engine that keeps its own state
 * (`skipEngines`: a Mines round in play may wait for its player for hours, ADR 172). Safe to run on several instances: every step is idempotent and
 * the round lock serialises them.
 */
export async function recoverOpenRounds(
  deps: AppDeps,
  core: GameWalletCore,
  options: {
    plannedIdleMs?: number;
    idleMs?: number;
    /** Engines that own their rounds (ADR 172): their open rounds are left to them. */
    skipEngines?: readonly string[];
    onError?: (error: unknown, roundId: string) => void;
  } = {},
): Promise<RecoveryResult> {
  const now = deps.now().getTime();
  const result: RecoveryResult = { credited: 0, rolledBack: 0, closed: 0, failed: 0 };
  const rounds = await staleOpenRounds(
    deps.db,
    {
      planned: new Date(now - (options.plannedIdleMs ?? 30_000)),
      unplanned: new Date(now - (options.idleMs ?? 30 * 60_000)),
    },
    options.skipEngines ?? [],
    500,
  );
  for (const round of rounds) {
    const provider = await gameBySlug(deps.db, round.game_slug);
    if (!provider) continue;
    const wallet: WalletProvider = {
      id: provider.provider_id,
      slug: round.provider_slug,
      kind: 'in-house',
    };
    const base = { userId: round.user_id, gameSlug: round.game_slug, roundId: round.round_id };
    try {
      if (round.planned_win !== null) {
        await core.credit(wallet, {
          ...base,
          transactionId: winTransactionId(round.round_id),
          amount: round.planned_win,
          roundClosed: true,
        });
        result.credited++;
        continue;
      }
      const moves = await roundMovements(deps.db, round.id);
      if (moves.credits > 0) {
        await core.credit(wallet, {
          ...base,
          transactionId: `${round.round_id}:recovery-close`,
          amount: 0,
          roundClosed: true,
        });
        result.closed++;
        continue;
      }
      for (const debit of await liveDebits(deps.db, round.id)) {
        await core.rollback(wallet, {
          userId: round.user_id,
          roundId: round.round_id,
          transactionId: `${debit.transaction_id}:recovery`,
          referenceTransactionId: debit.transaction_id,
        });
      }
      result.rolledBack++;
    } catch (error) {
      result.failed++;
      options.onError?.(error, round.round_id);
    }
  }
  return result;
}
