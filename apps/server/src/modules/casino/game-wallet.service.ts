import type { WalletTransactionResponse } from '@dau/contracts/casino/wallet-seam';
import type { RawBuilder } from 'kysely';
import { isSiteId, siteConfig } from '@dau/domain/sites';
import type { AppDeps } from '../../app-types';
import type { Tx } from '../../db/database';
import {
  asInsufficientFunds,
  isInsufficientFunds,
  type LedgerEntryInput,
} from '../wallet/ledger.service';
import {
  netEntries,
  type CreditCall,
  type DebitCall,
  type KnownPlayer,
  type RollbackCall,
  type RoundSettlementHook,
  type WalletAnswer,
  type WalletProvider,
} from './game-wallet.types';
import {
  balancesOf,
  getBalances,
  publishBalances,
  pushBalances,
  type Balances,
} from '../wallet/wallet.service';
import { gameBySlug } from './catalogue.repository';
import { walletErrors } from './wallet-errors';
import {
  assertMayStake,
  fingerprint,
  NOT_OPEN,
  withRound,
  type GameRow,
  type Player,
} from './wallet-round';
import { casinoPosting, creditRoundUpdate, recordCall } from './wallet-record.repository';
import {
  markRolledBack,
  playerById,
  rememberAndFind,
  roundMovements,
  transactionOf,
  updateRound,
  type LockedRound,
} from './wallet.repository';
import type { WalletTransactionKind } from './wallet.tables';

const GAME_CACHE_MS = 30_000;

/**
 * The seamless game wallet's core (issue #13 item 3, docs/decisions/161): debit, credit and
 * rollback of a round, each keyed by the provider's transaction id and idempotent, each a ledger
 * transaction committed with the round's row. The HTTP seam (wallet-seam.routes) and Dau's own
 * engines (in process, `InHouseWallet`) both call these, so every round takes the same path.
 */
export class GameWalletCore {
  private readonly games = new Map<string, { row: GameRow; until: number }>();

  constructor(
    private readonly deps: AppDeps,
    private readonly settlement: RoundSettlementHook | null = null,
  ) {}

  private now(): Date {
    return this.deps.now();
  }

  async player(userId: number, known?: KnownPlayer): Promise<Player> {
    const row = known?.id === userId ? known : await playerById(this.deps.db, userId);
    if (!row || !isSiteId(row.site_id)) throw walletErrors.unknownPlayer();
    return { ...row, site: siteConfig(row.site_id) };
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

  /**
   * Runs a money call in one transaction; a unique-key race (two first calls) retries once. Its
   * first statement remembers the signed request (seam calls carry `requestId`) and finds an
   * earlier call with this transaction id: a replayed request is refused, a repeated call
   * answers the first answer. (A refused call's request is remembered by the seam after the
   * rollback, so a replay of it is refused too.)
   */
  private async run(
    provider: WalletProvider,
    call: {
      userId: number;
      known?: KnownPlayer | undefined;
      requestId?: string | undefined;
      transactionId: string;
    },
    print: string,
    work: (
      tx: Tx,
      player: Player,
    ) => Promise<{
      answer: WalletAnswer;
      balances?: Balances | undefined;
      after?: (() => Promise<void>) | null;
    }>,
  ): Promise<WalletAnswer> {
    const player = await this.player(call.userId, call.known);
    const requestId = call.requestId ?? null;
    for (let attempt = 0; ; attempt++) {
      try {
        const { answer, balances, after } = await this.deps.db.transaction().execute(async (tx) => {
          const found = await rememberAndFind(
            tx,
            provider.id,
            requestId,
            call.transactionId,
            this.now(),
          );
          if (!found.fresh) throw walletErrors.replayed(requestId ?? '');
          if (found.existing) {
            if (found.existing.fingerprint !== print) {
              throw walletErrors.mismatch(call.transactionId);
            }
            const response = found.existing.response as WalletTransactionResponse;
            return { answer: { response, duplicate: true } };
          }
          return work(tx, player);
        });
        // Balances the call's last statement read are pushed now that they are committed.
        if (balances) pushBalances(this.deps, call.userId, balances);
        else if (!answer.duplicate) await publishBalances(this.deps, [call.userId]);
        if (after) await after();
        return answer;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === '23505' && attempt === 0) continue;
        if (isInsufficientFunds(error)) throw walletErrors.insufficientFunds();
        throw error;
      }
    }
  }

  /**
   * The call's last statement (`recordCall`): the posting (if any), the round's update (if
   * any) and the stored answer, whose balance is the cash the posting left.
   */
  private async respond(
    tx: Tx,
    provider: WalletProvider,
    player: Player,
    round: LockedRound,
    call: {
      transactionId: string;
      kind: WalletTransactionKind;
      amount: number;
      reference: string | null;
    },
    money: { posting: RawBuilder<unknown> | null; roundUpdate?: RawBuilder<unknown> },
    print: string,
  ): Promise<{ answer: WalletAnswer; balances: Balances }> {
    let recorded;
    try {
      recorded = await recordCall(tx, {
        posting: money.posting,
        roundUpdate: money.roundUpdate ?? null,
        providerId: provider.id,
        transactionId: call.transactionId,
        roundPk: round.id,
        userId: player.id,
        kind: call.kind,
        amount: call.amount,
        referenceTransactionId: call.reference,
        fingerprint: print,
        response: {
          status: 'OK',
          playerId: player.external_id,
          currency: player.site.currencyCode,
          roundId: round.round_id,
          transactionId: call.transactionId,
        },
        now: this.now(),
      });
    } catch (error) {
      throw asInsufficientFunds(error);
    }
    return {
      answer: {
        response: recorded.response as unknown as WalletTransactionResponse,
        duplicate: false,
      },
      balances: balancesOf(recorded.balances),
    };
  }

  private async game(provider: WalletProvider, slug: string) {
    const game = await this.gameRow(slug);
    if (!game || game.provider_id !== provider.id) throw walletErrors.unknownGame(slug);
    return game;
  }

  async debit(provider: WalletProvider, call: DebitCall): Promise<WalletAnswer> {
    const print = fingerprint({
      kind: 'debit',
      round: call.roundId,
      amount: call.amount,
      user: call.userId,
    });
    const game = await this.game(provider, call.gameSlug);
    return this.run(provider, call, print, async (tx, player) => {
      await assertMayStake(tx, game, player, call.amount, this.now());
      const now = this.now();
      const stake = { amount: call.amount, plannedWin: call.plannedWin, details: call.details };
      const rule = { gameId: game.id, open: { gameId: game.id, now, stake }, closed: NOT_OPEN };
      return withRound(tx, provider, player, call.roundId, rule, async (round) => {
        // The ledger last: the house's accounts stay locked only until the commit.
        const posting = casinoPosting(provider, player, call, 'bet_casino', game.slug, [
          { account: { userId: player.id, kind: 'cash' }, amount: -call.amount },
          { account: { system: 'bets_in_play' }, amount: call.amount },
        ]);
        return this.respond(
          tx,
          provider,
          player,
          round,
          {
            transactionId: call.transactionId,
            kind: 'debit',
            amount: call.amount,
            reference: null,
          },
          { posting },
          print,
        );
      });
    });
  }

  async credit(provider: WalletProvider, call: CreditCall): Promise<WalletAnswer> {
    const print = fingerprint({
      kind: 'credit',
      round: call.roundId,
      amount: call.amount,
      closed: call.roundClosed,
      user: call.userId,
    });
    const game = await this.game(provider, call.gameSlug);
    return this.run(provider, call, print, async (tx, player) => {
      const rule = { gameId: game.id, open: null, closed: NOT_OPEN };
      return withRound(tx, provider, player, call.roundId, rule, async (round) => {
        const entries: LedgerEntryInput[] = [];
        if (call.amount > 0) {
          entries.push(
            { account: { system: 'house' }, amount: -call.amount },
            { account: { userId: player.id, kind: 'cash' }, amount: call.amount },
          );
        }
        let contribution = 0;
        let jackpotWin = 0;
        let after: (() => Promise<void>) | null = null;
        if (call.roundClosed && round.stake > 0) {
          entries.push(
            { account: { system: 'bets_in_play' }, amount: -round.stake },
            { account: { system: 'house' }, amount: round.stake },
          );
          if (this.settlement) {
            const settled = await this.settlement.onSettle(
              tx,
              {
                id: round.id,
                roundId: round.round_id,
                userId: player.id,
                siteId: player.site_id,
                gameSlug: game.slug,
                stake: round.stake,
              },
              provider,
            );
            entries.push(...settled.entries);
            contribution = settled.contribution;
            jackpotWin = settled.jackpotWin;
            after = settled.afterCommit;
          }
        }
        const roundUpdate = creditRoundUpdate(round.id, {
          win: call.amount,
          details: call.details,
          settle: call.roundClosed ? { contribution, jackpotWin } : null,
          now: this.now(),
        });
        // The ledger last: the house's accounts stay locked only until the commit.
        const net = netEntries(entries);
        const posting =
          net.length >= 2
            ? casinoPosting(provider, player, call, 'win_casino', game.slug, net)
            : null;
        const done = await this.respond(
          tx,
          provider,
          player,
          round,
          {
            transactionId: call.transactionId,
            kind: 'credit',
            amount: call.amount,
            reference: null,
          },
          { posting, roundUpdate },
          print,
        );
        return { ...done, after };
      });
    });
  }

  async rollback(provider: WalletProvider, call: RollbackCall): Promise<WalletAnswer> {
    const print = fingerprint({
      kind: 'rollback',
      round: call.roundId,
      reference: call.referenceTransactionId,
      user: call.userId,
    });
    return this.run(provider, call, print, async (tx, player) => {
      // Settled is checked after the referenced debit: an unknown or wrong one is named first.
      const rule = { gameId: null, open: null, closed: [] };
      return withRound(tx, provider, player, call.roundId, rule, async (round) => {
        const debit = await transactionOf(tx, provider.id, call.referenceTransactionId);
        if (!debit || debit.round_pk !== round.id) {
          throw walletErrors.unknownTransaction(call.referenceTransactionId);
        }
        if (debit.kind !== 'debit') throw walletErrors.cannotRollback(call.referenceTransactionId);
        if (round.status === 'settled') throw walletErrors.roundClosed(call.roundId);
        let posting: RawBuilder<unknown> | null = null;
        const now = this.now();
        // A debit rolled back before (under another rollback id) moves nothing again.
        if (!debit.rolled_back) {
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
        return this.respond(
          tx,
          provider,
          player,
          round,
          {
            transactionId: call.transactionId,
            kind: 'rollback',
            amount: debit.amount,
            reference: call.referenceTransactionId,
          },
          { posting },
          print,
        );
      });
    });
  }
}
