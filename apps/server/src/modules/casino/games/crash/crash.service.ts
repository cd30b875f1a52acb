import {
  CRASH_SLUG,
  type CrashBetRequest,
  type CrashBetResponse,
  type CrashCashOutRequest,
  type CrashCashOutResponse,
  type CrashChain,
  type CrashCurrentResponse,
  type CrashMyBet,
  type CrashRound,
} from '@dau/contracts/casino/crash';
import { cashOutAt, CRASH_CLIENT_SEED } from '@dau/domain/games/crash';
import type { AppDeps } from '../../../../app-types';
import type { CrashSettings } from '../../../../config/casino-games';
import { AppError } from '../../../../errors/app-error';
import { maskPlayer } from '../../player-mask';
import {
  assertStakeWithin,
  playableGame,
  stakeCents,
  toUnits,
  type EngineRoundDetails,
  type EngineWallet,
  type PlayableGame,
} from '../engine-wallet';
import { CrashLive, crashWalletRound, decimal } from './crash-live';
import { PayQueue } from './pay-queue';
import {
  betOfSlot,
  betsOfRound,
  betsOfUser,
  cashOutBet,
  confirmBet,
  deleteBet,
  insertBetWhileBetting,
  latestChain,
  latestRound,
  markPaid,
  playedOfChain,
  playerNameOf,
  recentCrashed,
  roundById,
  type CrashBetRow,
  type CrashRoundRow,
} from './crash.repository';

export { crashWalletRound } from './crash-live';

function conflict(code: string, message: string, name?: string): AppError {
  return new AppError('CONFLICT', [{ code, message, ...(name ? { name } : {}) }]);
}

function unknownRound(roundNo: number): AppError {
  return new AppError('NOT_FOUND', [
    { code: 'UNKNOWN_ROUND', message: `There is no High Flyer round ${roundNo}.` },
  ]);
}

export type CrashDeps = Pick<AppDeps, 'db' | 'priorityDb' | 'now' | 'realtime'> & {
  log?: { error(obj: unknown, msg?: string): void };
};

/**
 * High Flyer for players (issue #14 item 1, docs/decisions/190): rounds and bets to read, bets
 * before take-off (debited through the game wallet), cash-outs judged by this instance's clock
 * against the round's take-off and crash times, which are fixed in the database when the round
 * opens, so every instance judges alike, leader or not. A cash-out is answered once recorded;
 * its credit follows off the request, with a fixed transaction id (the round's settlement
 * repeats it if this instance dies first). The rounds themselves: crash-rounds.ts.
 */
export class CrashService {
  /** Rounds by number: take-off, crash time and crash point never change once opened. */
  private readonly rounds = new Map<number, Promise<CrashRoundRow | undefined>>();
  private game: { value: PlayableGame; at: number } | null = null;
  private gameRead: Promise<PlayableGame> | null = null;
  private readonly pay = new PayQueue(4);
  /** Masked player names by user id (the live list's `player`). */
  private readonly names = new Map<number, string>();
  readonly live: CrashLive;

  constructor(
    private readonly deps: CrashDeps,
    private readonly wallet: EngineWallet,
    settings: Pick<CrashSettings, 'listMs' | 'liteListMs'>,
  ) {
    this.live = new CrashLive(deps, settings);
  }

  async current(): Promise<CrashCurrentResponse> {
    const row = await latestRound(this.deps.db);
    const recent = await recentCrashed(this.deps.db, 20);
    return {
      round: row ? await this.live.view(row) : null,
      recent: recent.map((r) => ({ roundId: r.id, crashPoint: decimal(r.crash_point) })),
      bets: row
        ? (await betsOfRound(this.deps.db, row.id, 100)).map((b) => this.live.liveBet(b))
        : [],
    };
  }

  async currentRound(): Promise<CrashRound | null> {
    const row = await latestRound(this.deps.db);
    return row ? this.live.view(row) : null;
  }

  async recent(count: number): Promise<CrashRound[]> {
    const rows = await recentCrashed(this.deps.db, count);
    return Promise.all(rows.map((r) => this.live.view(r)));
  }

  async round(roundNo: number): Promise<CrashRound> {
    const row = await roundById(this.deps.db, roundNo);
    if (!row) throw unknownRound(roundNo);
    return this.live.view(row);
  }

  async chain(): Promise<CrashChain> {
    const chain = await latestChain(this.deps.db);
    if (!chain) {
      throw new AppError('NOT_FOUND', [
        { code: 'NO_CHAIN', message: 'No High Flyer round has been played yet.' },
      ]);
    }
    return {
      chainId: chain.id,
      terminatingHash: chain.terminating_hash,
      length: chain.length,
      played: await playedOfChain(this.deps.db, chain.id),
      createdAt: chain.created_at.toISOString(),
    };
  }

  async myBets(userId: number, roundNo: number | null): Promise<CrashMyBet[]> {
    const rows = await betsOfUser(this.deps.db, userId, roundNo, 20);
    return rows.map((r) =>
      this.live.myBet(r, { phase: r.round_phase, crash_point: r.crash_point }),
    );
  }

  /**
   * A round's row, read once per instance (a crowd's first bets wait for the one read); a
   * cash-out reads it on the priority pool.
   */
  private cachedRound(
    roundNo: number,
    db: CrashDeps['db'] = this.deps.db,
  ): Promise<CrashRoundRow | undefined> {
    const cached = this.rounds.get(roundNo);
    if (cached) return cached;
    const read = roundById(db, roundNo).then(
      (row) => {
        if (!row) this.rounds.delete(roundNo);
        return row;
      },
      (error: unknown) => {
        this.rounds.delete(roundNo);
        throw error;
      },
    );
    if (this.rounds.size > 50) this.rounds.clear();
    this.rounds.set(roundNo, read);
    return read;
  }

  /**
   * The catalogue's game, read at most every 10 s (one read for a crowd arriving at once); a
   * cash-out reads it on the priority pool.
   */
  async crashGame(db: CrashDeps['db'] = this.deps.db): Promise<PlayableGame> {
    if (this.game && Date.now() - this.game.at < 10_000) return this.game.value;
    this.gameRead ??= playableGame(db, CRASH_SLUG, ['crash'])
      .then((value) => {
        this.game = { value, at: Date.now() };
        return value;
      })
      .finally(() => (this.gameRead = null));
    return this.gameRead;
  }

  private details(round: CrashRoundRow, bet: { slot: number; autoCashOut: number | null }) {
    return {
      engine: 'crash',
      fairness: {
        serverSeedHash: round.server_seed_hash,
        clientSeed: CRASH_CLIENT_SEED,
        nonce: round.id,
        serverSeed: null,
      },
      input: { game: 'crash' },
      bet: {
        slot: bet.slot,
        autoCashOut: bet.autoCashOut === null ? null : decimal(bet.autoCashOut),
      },
    } satisfies EngineRoundDetails;
  }

  /**
   * The name others see of a player, masked (display only: a renamed player shows the old
   * name until this instance forgets it).
   */
  private async maskedName(userId: number): Promise<string> {
    const kept = this.names.get(userId);
    if (kept) return kept;
    const user = await playerNameOf(this.deps.db, userId);
    const name = user ? maskPlayer(user) : '••••';
    if (this.names.size >= 20_000) this.names.clear();
    this.names.set(userId, name);
    return name;
  }

  /**
   * A bet on the round taking bets: recorded (pending) by one statement that checks the round
   * still takes bets by this server's clock, then debited through the game wallet, then open.
   */
  async placeBet(userId: number, input: CrashBetRequest): Promise<CrashBetResponse> {
    const game = await this.crashGame();
    const stake = stakeCents(input.stake);
    assertStakeWithin(game, stake);
    const auto =
      input.autoCashOut === null || input.autoCashOut === undefined
        ? null
        : Math.round(input.autoCashOut * 100);
    const round = await this.cachedRound(input.roundId);
    if (!round) throw unknownRound(input.roundId);
    const closed = () =>
      conflict(
        'BETTING_CLOSED',
        'The plane has taken off: bets are taken before take-off only. Bet on the next round.',
      );
    // Take-off never moves once the round is open: a late bet is refused without a query.
    if (this.deps.now() >= round.takeoff_at) throw closed();
    const player = await this.maskedName(userId);
    let bet: CrashBetRow | undefined;
    try {
      bet = await insertBetWhileBetting(this.deps.db, {
        roundNo: round.id,
        userId,
        slot: input.slot,
        player,
        stake,
        autoCashOut: auto,
        now: this.deps.now(),
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw conflict(
          'SLOT_TAKEN',
          `You already have a bet in slot ${input.slot} of this round.`,
          'slot',
        );
      }
      throw error;
    }
    if (!bet) throw closed();
    const walletRound = crashWalletRound(round.id, userId, input.slot);
    let balance: number;
    try {
      const answer = await this.wallet.debit({
        userId,
        gameSlug: CRASH_SLUG,
        roundId: walletRound,
        transactionId: `${walletRound}:bet`,
        amount: stake,
        plannedWin: null,
        details: this.details(round, { slot: input.slot, autoCashOut: auto }),
      });
      balance = answer.response.balance;
    } catch (error) {
      await deleteBet(this.deps.db, bet.id);
      throw error;
    }
    const confirmed = (await confirmBet(this.deps.db, bet.id)) ?? bet;
    this.live.queue(confirmed);
    return { bet: this.live.myBet(confirmed, round), balance: toUnits(balance) };
  }

  /**
   * Cash-out by hand, judged by this server's clock when the request arrived (`arrivedAt`):
   * the multiplier of that millisecond if the plane was still flying, a refusal otherwise.
   * The answer goes as soon as the cash-out is recorded; the credit follows at once, off the
   * request. Its statements (single ones, no transaction) run on the priority pool, so the
   * answer never waits behind bets and credits holding the main pool (ADR 187).
   */
  async cashOut(
    userId: number,
    input: CrashCashOutRequest,
    arrivedAt: Date,
  ): Promise<CrashCashOutResponse> {
    const db = this.deps.priorityDb;
    const round = await this.cachedRound(input.roundId, db);
    if (!round) throw unknownRound(input.roundId);
    const elapsed = arrivedAt.getTime() - round.takeoff_at.getTime();
    if (elapsed < 0) {
      throw conflict('NOT_FLYING', 'The plane has not taken off yet: nothing to cash out.');
    }
    const at = cashOutAt(elapsed, round.crash_point);
    const maxWin = this.game?.value.maxWin ?? (await this.crashGame(db)).maxWin;
    const bet =
      at === null
        ? undefined
        : await cashOutBet(db, {
            roundNo: round.id,
            userId,
            slot: input.slot,
            cashOut: at,
            maxWin,
            at: arrivedAt,
          });
    if (!bet) throw await this.cashOutRefusal(round, userId, input.slot, at);
    this.afterCashOut(bet);
    return {
      bet: this.live.myBet(bet, { phase: 'flying', crash_point: round.crash_point }),
      judgedAt: arrivedAt.toISOString(),
    };
  }

  private async cashOutRefusal(
    round: CrashRoundRow,
    userId: number,
    slot: number,
    at: number | null,
  ): Promise<AppError> {
    const bet = await betOfSlot(this.deps.priorityDb, round.id, userId, slot);
    const crashedText = `The plane flew away at ${decimal(round.crash_point).toFixed(2)}× before your cash-out arrived: the bet is lost.`;
    if (!bet || bet.status === 'rolled_back') {
      return new AppError('NOT_FOUND', [
        {
          code: 'NO_BET',
          message: `You have no bet in slot ${slot} of round ${round.id}.`,
          name: 'slot',
        },
      ]);
    }
    if (
      bet.status === 'cashed_out' ||
      (bet.auto_cash_out !== null && at !== null && bet.auto_cash_out <= at)
    ) {
      const target = bet.cash_out ?? bet.auto_cash_out ?? 0;
      return conflict(
        'ALREADY_CASHED_OUT',
        `This bet was already cashed out at ${decimal(target).toFixed(2)}×.`,
      );
    }
    if (bet.status === 'pending') {
      return conflict('BET_PENDING', 'Your bet is still being placed; try again in a moment.');
    }
    if (bet.status === 'lost' || at === null) return conflict('ROUND_CRASHED', crashedText);
    return conflict('ROUND_CRASHED', crashedText);
  }

  /** A recorded cash-out: the list, the owner, then the credit (off the request). */
  afterCashOut(bet: CrashBetRow): void {
    this.live.cashedOut(bet);
    this.pay.push(() => this.payBet(bet));
  }

  /** The bet's closing credit (its win, or 0 when lost), then marked paid. Idempotent. */
  async payBet(bet: CrashBetRow, details?: Record<string, unknown>): Promise<void> {
    const walletRound = crashWalletRound(bet.round_no, bet.user_id, bet.slot);
    try {
      await this.wallet.credit({
        userId: bet.user_id,
        gameSlug: CRASH_SLUG,
        roundId: walletRound,
        transactionId: `${walletRound}:win`,
        amount: bet.status === 'cashed_out' ? (bet.win ?? 0) : 0,
        roundClosed: true,
        ...(details ? { details } : {}),
      });
      await markPaid(this.deps.db, bet.id);
    } catch (err) {
      // Left unpaid: the settlement of the round credits it again with the same id.
      this.deps.log?.error({ err, betId: bet.id }, 'crash: credit failed; settlement retries');
    }
  }

  /** Waits for queued credits (the round's settlement, tests and shutdown). */
  async drain(): Promise<void> {
    await this.pay.idle();
  }

  close(): void {
    this.live.close();
  }
}
