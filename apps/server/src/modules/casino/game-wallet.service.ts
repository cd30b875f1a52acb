import type { WalletTransactionResponse } from '@dau/contracts/casino/wallet-seam';
import { cents, formatMoney } from '@dau/domain/money';
import { isSiteId, siteConfig, type SiteConfig } from '@dau/domain/sites';
import type { AppDeps } from '../../app-types';
import type { Tx } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { assertCanGamble } from '../accounts/responsible-gambling.service';
import {
  isInsufficientFunds,
  postTransaction,
  type LedgerEntryInput,
} from '../wallet/ledger.service';
import {
  netEntries,
  type CreditCall,
  type DebitCall,
  type RollbackCall,
  type RoundSettlementHook,
  type WalletAnswer,
  type WalletProvider,
} from './game-wallet.types';
import { getBalances, publishBalances } from '../wallet/wallet.service';
import { gameBySlug } from './catalogue.repository';
import { WalletError, walletErrors } from './wallet-errors';
import {
  insertWalletTransaction,
  lockRound,
  markRolledBack,
  openRound,
  playerById,
  roundMovements,
  transactionOf,
  updateRound,
  type LockedRound,
} from './wallet.repository';
import type { WalletTransactionKind } from './wallet.tables';

type Player = {
  id: number;
  external_id: string;
  site_id: number;
  status: string;
  site: SiteConfig;
};

const fingerprint = (parts: Record<string, unknown>) => JSON.stringify(parts);

/**
 * The seamless game wallet's core (issue #13 item 3, docs/decisions/161): debit, credit and
 * rollback of a round, each keyed by the provider's transaction id and idempotent, each a ledger
 * transaction committed with the round's row. The HTTP seam (wallet-seam.routes) and Dau's own
 * engines (in process, `InHouseWallet`) both call these, so every round takes the same path.
 */
export class GameWalletCore {
  constructor(
    private readonly deps: AppDeps,
    private readonly settlement: RoundSettlementHook | null = null,
  ) {}

  private now(): Date {
    return this.deps.now();
  }

  async player(userId: number): Promise<Player> {
    const row = await playerById(this.deps.db, userId);
    if (!row || !isSiteId(row.site_id)) throw walletErrors.unknownPlayer();
    return { ...row, site: siteConfig(row.site_id) };
  }

  async balance(userId: number): Promise<{ player: Player; balance: number }> {
    const player = await this.player(userId);
    return { player, balance: (await getBalances(this.deps.db, userId)).cash };
  }

  /** Runs a money call in one transaction; a unique-key race (two first calls) retries once. */
  private async run(
    userId: number,
    work: (
      tx: Tx,
      player: Player,
    ) => Promise<{ answer: WalletAnswer; after?: (() => Promise<void>) | null }>,
  ): Promise<WalletAnswer> {
    const player = await this.player(userId);
    for (let attempt = 0; ; attempt++) {
      try {
        const { answer, after } = await this.deps.db
          .transaction()
          .execute((tx) => work(tx, player));
        if (!answer.duplicate) await publishBalances(this.deps, [userId]);
        if (after) await after();
        return answer;
      } catch (error) {
        if (isInsufficientFunds(error)) throw walletErrors.insufficientFunds();
        const code = (error as { code?: string }).code;
        if (code === '23505' && attempt === 0) continue;
        throw error;
      }
    }
  }

  private async repeated(
    tx: Tx,
    provider: WalletProvider,
    transactionId: string,
    print: string,
  ): Promise<WalletAnswer | null> {
    const existing = await transactionOf(tx, provider.id, transactionId);
    if (!existing) return null;
    if (existing.fingerprint !== print) throw walletErrors.mismatch(transactionId);
    return { response: existing.response as unknown as WalletTransactionResponse, duplicate: true };
  }

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
    ledgerId: number | null,
    print: string,
  ): Promise<WalletAnswer> {
    const balance = (await getBalances(tx, player.id)).cash;
    const response: WalletTransactionResponse = {
      status: 'OK',
      playerId: player.external_id,
      currency: player.site.currencyCode,
      balance,
      roundId: round.round_id,
      transactionId: call.transactionId,
      walletTransactionId: ledgerId === null ? `round-${round.id}` : String(ledgerId),
    };
    await insertWalletTransaction(tx, {
      providerId: provider.id,
      transactionId: call.transactionId,
      roundPk: round.id,
      userId: player.id,
      kind: call.kind,
      amount: call.amount,
      referenceTransactionId: call.reference,
      ledgerTransactionId: ledgerId,
      fingerprint: print,
      response,
      now: this.now(),
    });
    return { response, duplicate: false };
  }

  private async game(provider: WalletProvider, slug: string) {
    const game = await gameBySlug(this.deps.db, slug);
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
    return this.run(call.userId, async (tx, player) => {
      const again = await this.repeated(tx, provider, call.transactionId, print);
      if (again) return { answer: again };
      if (!game.enabled || !game.provider_enabled) throw walletErrors.unknownGame(call.gameSlug);
      if (player.status !== 'active')
        throw new WalletError('PLAYER_BLOCKED', 'This account cannot play.');
      try {
        await assertCanGamble(tx, player.id, this.now());
      } catch (error) {
        if (error instanceof AppError) throw new WalletError('PLAYER_BLOCKED', error.message);
        throw error;
      }
      if (call.amount < game.min_stake || call.amount > game.max_stake) {
        throw walletErrors.stake(
          formatMoney(cents(game.min_stake), player.site),
          formatMoney(cents(game.max_stake), player.site),
        );
      }
      const now = this.now();
      const round = await openRound(tx, {
        providerId: provider.id,
        roundId: call.roundId,
        userId: player.id,
        gameId: game.id,
        now,
      });
      if (round.user_id !== player.id || round.game_id !== game.id) {
        throw walletErrors.roundMismatch(call.roundId);
      }
      if (round.status !== 'open') throw walletErrors.roundClosed(call.roundId);
      const posted = await postTransaction(tx, {
        kind: 'bet_casino',
        idempotencyKey: `casino:${provider.id}:${call.transactionId}`,
        userId: player.id,
        entries: [
          { account: { userId: player.id, kind: 'cash' }, amount: -call.amount },
          { account: { system: 'bets_in_play' }, amount: call.amount },
        ],
        meta: {
          provider: provider.slug,
          game: game.slug,
          roundId: call.roundId,
          transactionId: call.transactionId,
        },
      });
      await updateRound(tx, round.id, {
        stake: round.stake + call.amount,
        ...(call.plannedWin !== undefined ? { plannedWin: call.plannedWin } : {}),
        ...(call.details ? { details: { ...round.details, ...call.details } } : {}),
        now,
      });
      const answer = await this.respond(
        tx,
        provider,
        player,
        round,
        { transactionId: call.transactionId, kind: 'debit', amount: call.amount, reference: null },
        posted.transactionId,
        print,
      );
      return { answer };
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
    return this.run(call.userId, async (tx, player) => {
      const again = await this.repeated(tx, provider, call.transactionId, print);
      if (again) return { answer: again };
      const round = await lockRound(tx, provider.id, call.roundId);
      if (!round) throw walletErrors.unknownRound(call.roundId);
      if (round.user_id !== player.id || round.game_id !== game.id) {
        throw walletErrors.roundMismatch(call.roundId);
      }
      if (round.status !== 'open') throw walletErrors.roundClosed(call.roundId);
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
      const net = netEntries(entries);
      const ledgerId =
        net.length >= 2
          ? (
              await postTransaction(tx, {
                kind: 'win_casino',
                idempotencyKey: `casino:${provider.id}:${call.transactionId}`,
                userId: player.id,
                entries: net,
                meta: {
                  provider: provider.slug,
                  game: game.slug,
                  roundId: call.roundId,
                  transactionId: call.transactionId,
                },
              })
            ).transactionId
          : null;
      const now = this.now();
      await updateRound(tx, round.id, {
        win: round.win + call.amount,
        ...(call.details ? { details: { ...round.details, ...call.details } } : {}),
        ...(call.roundClosed
          ? { status: 'settled', closedAt: now, jackpotContribution: contribution, jackpotWin }
          : {}),
        now,
      });
      const answer = await this.respond(
        tx,
        provider,
        player,
        round,
        { transactionId: call.transactionId, kind: 'credit', amount: call.amount, reference: null },
        ledgerId,
        print,
      );
      return { answer, after };
    });
  }

  async rollback(provider: WalletProvider, call: RollbackCall): Promise<WalletAnswer> {
    const print = fingerprint({
      kind: 'rollback',
      round: call.roundId,
      reference: call.referenceTransactionId,
      user: call.userId,
    });
    return this.run(call.userId, async (tx, player) => {
      const again = await this.repeated(tx, provider, call.transactionId, print);
      if (again) return { answer: again };
      const round = await lockRound(tx, provider.id, call.roundId);
      if (!round) throw walletErrors.unknownRound(call.roundId);
      if (round.user_id !== player.id) throw walletErrors.roundMismatch(call.roundId);
      const debit = await transactionOf(tx, provider.id, call.referenceTransactionId);
      if (!debit || debit.round_pk !== round.id) {
        throw walletErrors.unknownTransaction(call.referenceTransactionId);
      }
      if (debit.kind !== 'debit') throw walletErrors.cannotRollback(call.referenceTransactionId);
      if (round.status === 'settled') throw walletErrors.roundClosed(call.roundId);
      let ledgerId: number | null = null;
      const now = this.now();
      // A debit rolled back before (under another rollback id) moves nothing again.
      if (!debit.rolled_back) {
        ledgerId = (
          await postTransaction(tx, {
            kind: 'bet_casino_refund',
            idempotencyKey: `casino:${provider.id}:${call.transactionId}`,
            userId: player.id,
            entries: [
              { account: { system: 'bets_in_play' }, amount: -debit.amount },
              { account: { userId: player.id, kind: 'cash' }, amount: debit.amount },
            ],
            meta: {
              provider: provider.slug,
              roundId: call.roundId,
              transactionId: call.transactionId,
            },
          })
        ).transactionId;
        await markRolledBack(tx, debit.id);
        const left = await roundMovements(tx, round.id);
        const emptied = left.live_debits === 0 && left.credits === 0;
        await updateRound(tx, round.id, {
          stake: round.stake - debit.amount,
          ...(emptied ? { status: 'rolled_back', closedAt: now, plannedWin: null } : {}),
          now,
        });
      }
      const answer = await this.respond(
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
        ledgerId,
        print,
      );
      return { answer };
    });
  }
}
