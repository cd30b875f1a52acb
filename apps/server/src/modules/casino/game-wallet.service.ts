import type { WalletTransactionResponse } from '@dau/contracts/casino/wallet-seam';
import type { AppDeps } from '../../app-types';
import type { Tx } from '../../db/database';
import { asInsufficientFunds, isInsufficientFunds, pickShard } from '../wallet/ledger.service';
import type { LedgerPosting } from '../wallet/wallet.repository';
import { balancesOf, getBalances, pushBalances } from '../wallet/wallet.service';
import { gameBySlug } from './catalogue.repository';
import type {
  CreditCall,
  DebitCall,
  DebitCreditCall,
  RollbackCall,
  RoundAnswer,
  RoundSettlementHook,
  WalletAnswer,
  WalletProvider,
} from './game-wallet.types';
import { WalletError, walletErrors } from './wallet-errors';
import { PlayerDirectory, type KnownPlayer, type Player } from './wallet-players';
import {
  casinoLedgerKey,
  casinoLedgerMeta,
  casinoPosting,
  creditCall,
  debitCall,
  debitCreditCall,
  findCall,
  recordCall,
  type RecordedCall,
} from './wallet-record.repository';
import {
  fingerprint,
  stakeLimits,
  WALLET_REFUSAL_SQLSTATE,
  walletRefusal,
  withRound,
  type GameRow,
} from './wallet-round';
import { markRolledBack, roundMovements, updateRound } from './wallet.repository';

const GAME_CACHE_MS = 30_000;

/** What makes two debits, or two credits, with one transaction id the same call. */
const debitPrint = (call: { roundId: string; amount: number; userId: number }) =>
  fingerprint({ kind: 'debit', round: call.roundId, amount: call.amount, user: call.userId });
const creditPrint = (call: {
  roundId: string;
  amount: number;
  roundClosed: boolean;
  userId: number;
}) =>
  fingerprint({
    kind: 'credit',
    round: call.roundId,
    amount: call.amount,
    closed: call.roundClosed,
    user: call.userId,
  });

/** Two first calls with one transaction id: the loser's unique key (it runs again). */
const uniqueRace = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * The seamless game wallet's core (issue #13 item 3, docs/decisions/161 and 205): debit, credit
 * and rollback of a round, each keyed by the provider's transaction id and idempotent, each a
 * ledger transaction committed with the round's row. A debit and a credit are one statement
 * each (`casino_debit`, `casino_credit`); a rollback is a short transaction. The HTTP seam
 * (wallet-seam.routes) and Dau's own engines (in process, `InHouseWallet`) both call these, so
 * every round takes the same path.
 */
export class GameWalletCore {
  private readonly games = new Map<string, { row: GameRow; until: number }>();
  readonly players: PlayerDirectory;

  constructor(
    private readonly deps: AppDeps,
    private readonly settlement: RoundSettlementHook | null = null,
  ) {
    this.players = new PlayerDirectory(deps.db);
  }

  private now(): Date {
    return this.deps.now();
  }

  player(userId: number, known?: KnownPlayer): Promise<Player> {
    return this.players.of(userId, known);
  }

  /**
   * The catalogue's game row by slug, kept for 30 s like the lobbies' snapshot (ADR 160): every
   * money call needs it, and games change only by migration or back office.
   */
  async gameRow(slug: string): Promise<GameRow | undefined> {
    const now = Date.now();
    const cached = this.games.get(slug);
    if (cached && cached.until > now) return cached.row;
    const row = await gameBySlug(this.deps.db, slug);
    if (row) this.games.set(slug, { row, until: now + GAME_CACHE_MS });
    return row;
  }

  async balance(userId: number): Promise<{ player: Player; balance: number }> {
    const player = await this.player(userId);
    return { player, balance: (await getBalances(this.deps.db, userId)).cash };
  }

  private async game(provider: WalletProvider, slug: string) {
    const game = await this.gameRow(slug);
    if (!game || game.provider_id !== provider.id) throw walletErrors.unknownGame(slug);
    return game;
  }

  /** The response a call stores, without the balance and ledger id its statement adds. */
  private static response(player: Player, call: { roundId: string; transactionId: string }) {
    return {
      status: 'OK',
      playerId: player.external_id,
      currency: player.site.currencyCode,
      roundId: call.roundId,
      transactionId: call.transactionId,
    };
  }

  /**
   * Runs a call's statement (a debit's or credit's one statement, a rollback's transaction, a
   * round's debit-credit): a race of two first calls with one transaction id (`race`: a unique
   * key, by default) runs it once more, when it finds the first call's answer. A refusal comes
   * back as the wallet's error; the balances the call read are pushed after its commit.
   */
  private async once<T extends { balances: Record<string, number> | null }>(
    userId: number,
    statement: () => Promise<T>,
    refusal: (error: unknown) => unknown,
    race: (error: unknown) => boolean = uniqueRace,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let recorded: T;
      try {
        recorded = await statement();
      } catch (error) {
        if (attempt === 0 && race(error)) continue;
        const refused = asInsufficientFunds(error);
        if (isInsufficientFunds(refused)) throw walletErrors.insufficientFunds();
        throw refusal(error);
      }
      if (recorded.balances) pushBalances(this.deps, userId, balancesOf(recorded.balances));
      return recorded;
    }
  }

  private static answer(recorded: RecordedCall): WalletAnswer {
    return {
      response: recorded.response as unknown as WalletTransactionResponse,
      duplicate: recorded.duplicate,
    };
  }

  async debit(provider: WalletProvider, call: DebitCall): Promise<WalletAnswer> {
    const print = debitPrint(call);
    const game = await this.game(provider, call.gameSlug);
    const player = await this.player(call.userId, call.known);
    const limits = stakeLimits(game, player);
    const requestId = call.requestId ?? null;
    const posting = casinoPosting(provider, player, call, 'bet_casino', game.slug, [
      { account: { userId: player.id, kind: 'cash' }, amount: -call.amount },
      { account: { system: 'bets_in_play' }, amount: call.amount },
    ]);
    const recorded = await this.once(
      player.id,
      () =>
        debitCall(this.deps.db, {
          providerId: provider.id,
          requestId,
          transactionId: call.transactionId,
          fingerprint: print,
          userId: player.id,
          gameId: game.id,
          gameOn: game.enabled && game.provider_enabled,
          minStake: limits.minStake,
          maxStake: limits.maxStake,
          roundId: call.roundId,
          amount: call.amount,
          plannedWin: call.plannedWin,
          details: call.details,
          response: GameWalletCore.response(player, call),
          now: this.now(),
          posting,
        }),
      (error) => walletRefusal(error, { ...call, requestId, game, player }),
    );
    return GameWalletCore.answer(recorded);
  }

  async credit(provider: WalletProvider, call: CreditCall): Promise<WalletAnswer> {
    const print = creditPrint(call);
    const game = await this.game(provider, call.gameSlug);
    const player = await this.player(call.userId, call.known);
    const requestId = call.requestId ?? null;
    const terms = call.roundClosed ? (this.settlement?.contributionTerms(provider) ?? null) : null;
    const recorded = await this.once(
      player.id,
      () =>
        creditCall(this.deps.db, {
          providerId: provider.id,
          requestId,
          transactionId: call.transactionId,
          fingerprint: print,
          userId: player.id,
          siteId: player.site_id,
          gameId: game.id,
          roundId: call.roundId,
          amount: call.amount,
          close: call.roundClosed,
          details: call.details,
          terms,
          response: GameWalletCore.response(player, call),
          now: this.now(),
          ledgerKind: 'win_casino',
          ledgerKey: casinoLedgerKey(provider, call.transactionId),
          ledgerMeta: casinoLedgerMeta(provider, call, game.slug),
          shard: pickShard(),
        }),
      (error) => walletRefusal(error, { ...call, requestId, game, player }),
    );
    if (terms && !recorded.duplicate) this.settlement?.settled();
    return GameWalletCore.answer(recorded);
  }

  /**
   * A round whose result is known when its stake is taken (ADR 206): the debit and the closing
   * credit in one statement (`casino_debit_credit`), each kept under its own transaction id as
   * two calls would be, the round booked settled in one netted posting (ADR 192). A repeat
   * answers both first answers; refusals are the debit's and the credit's. Two first calls at once: the loser finds the round the winner closed (or its
   * unique key) and runs once more, when it answers the winner's answers.
   */
  async debitCredit(provider: WalletProvider, call: DebitCreditCall): Promise<RoundAnswer> {
    if (call.debit.transactionId === call.credit.transactionId) {
      throw new WalletError('BAD_REQUEST', 'The debit and the credit need their own ids.');
    }
    const debit = { ...call, ...call.debit };
    const credit = { ...call, ...call.credit, roundClosed: true };
    const game = await this.game(provider, call.gameSlug);
    const player = await this.player(call.userId, call.known);
    const limits = stakeLimits(game, player);
    const requestId = call.requestId ?? null;
    const terms = this.settlement?.contributionTerms(provider) ?? null;
    const recorded = await this.once(
      player.id,
      () =>
        debitCreditCall(this.deps.db, {
          providerId: provider.id,
          requestId,
          debitId: debit.transactionId,
          debitFingerprint: debitPrint(debit),
          creditId: credit.transactionId,
          creditFingerprint: creditPrint(credit),
          userId: player.id,
          siteId: player.site_id,
          gameId: game.id,
          gameOn: game.enabled && game.provider_enabled,
          minStake: limits.minStake,
          maxStake: limits.maxStake,
          roundId: call.roundId,
          stake: debit.amount,
          win: credit.amount,
          details: call.details,
          terms,
          debitResponse: GameWalletCore.response(player, debit),
          creditResponse: GameWalletCore.response(player, credit),
          now: this.now(),
          debitKey: casinoLedgerKey(provider, debit.transactionId),
          debitMeta: casinoLedgerMeta(provider, debit, game.slug),
          creditKey: casinoLedgerKey(provider, credit.transactionId),
          creditMeta: casinoLedgerMeta(provider, credit, game.slug),
          shard: pickShard(),
        }),
      (error) => walletRefusal(error, { ...debit, requestId, game, player }),
      (error) => uniqueRace(error) || isRefusal(error, 'ROUND_CLOSED'),
    );
    if (terms && !recorded.duplicate) this.settlement?.settled();
    return {
      debit: recorded.debit as unknown as WalletTransactionResponse,
      credit: recorded.credit as unknown as WalletTransactionResponse,
      duplicate: recorded.duplicate,
    };
  }

  /**
   * A rollback (rare), one short transaction: its first statement remembers the signed request
   * and finds an earlier call with the transaction id (`findCall`: a replayed request or a
   * changed repeat is refused, a repeated call answers the first answer). (A refused call's
   * request is remembered by the seam after the rollback, so a replay of it is refused too.)
   */
  async rollback(provider: WalletProvider, call: RollbackCall): Promise<WalletAnswer> {
    const print = fingerprint({
      kind: 'rollback',
      round: call.roundId,
      reference: call.referenceTransactionId,
      user: call.userId,
    });
    const player = await this.player(call.userId, call.known);
    const requestId = call.requestId ?? null;
    const recorded = await this.once(
      player.id,
      () =>
        this.deps.db.transaction().execute(async (tx): Promise<RecordedCall> => {
          const found = await findCall(tx, {
            providerId: provider.id,
            requestId,
            transactionId: call.transactionId,
            fingerprint: print,
            now: this.now(),
          });
          if (found) {
            const response = found.response as RecordedCall['response'];
            return { duplicate: true, response, balances: null };
          }
          return this.rollBack(tx, provider, player, call, print);
        }),
      (error) => walletRefusal(error, { ...call, requestId, player }),
    );
    return GameWalletCore.answer(recorded);
  }

  private async rollBack(
    tx: Tx,
    provider: WalletProvider,
    player: Player,
    call: RollbackCall,
    print: string,
  ): Promise<RecordedCall> {
    // Settled is checked after the referenced debit: an unknown or wrong one is named first.
    return withRound(tx, provider, player, call.roundId, async (round) => {
      const debit = await findCall(tx, {
        providerId: provider.id,
        requestId: null,
        transactionId: call.referenceTransactionId,
        fingerprint: null,
        now: this.now(),
      });
      if (!debit || debit.roundPk !== round.id) {
        throw walletErrors.unknownTransaction(call.referenceTransactionId);
      }
      if (debit.kind !== 'debit') throw walletErrors.cannotRollback(call.referenceTransactionId);
      if (round.status === 'settled') throw walletErrors.roundClosed(call.roundId);
      let posting: LedgerPosting | null = null;
      const now = this.now();
      // A debit rolled back before (under another rollback id) moves nothing again.
      if (!debit.rolledBack) {
        await markRolledBack(tx, debit.id);
        const left = await roundMovements(tx, round.id);
        const emptied = left.live_debits === 0 && left.credits === 0;
        await updateRound(tx, round.id, {
          stake: round.stake - debit.amount,
          ...(emptied ? { status: 'rolled_back', closedAt: now, plannedWin: null } : {}),
          now,
        });
        // The ledger last: the house's accounts stay locked only until the commit.
        posting = casinoPosting(provider, player, call, 'bet_casino_refund', null, [
          { account: { system: 'bets_in_play' }, amount: -debit.amount },
          { account: { userId: player.id, kind: 'cash' }, amount: debit.amount },
        ]);
      }
      return recordCall(tx, {
        posting,
        providerId: provider.id,
        transactionId: call.transactionId,
        roundPk: round.id,
        userId: player.id,
        kind: 'rollback',
        amount: debit.amount,
        referenceTransactionId: call.referenceTransactionId,
        fingerprint: print,
        response: GameWalletCore.response(player, call),
        now,
      });
    });
  }
}

/** A refusal of the wallet's statements (SQLSTATE DW001) with this code. */
function isRefusal(error: unknown, code: string): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === WALLET_REFUSAL_SQLSTATE && e.message === code;
}
