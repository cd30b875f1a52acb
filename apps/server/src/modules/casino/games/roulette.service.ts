import type { CurrencyCode } from '@dau/domain/currency';
import { gameLimitsIn } from '@dau/domain/games/stake-limits';
import { DEFAULT_SITE_ID, isSiteId, siteConfig } from '@dau/domain/sites';
import {
  ROULETTE_CLIENT_SEED,
  type RouletteBetInput,
  type RouletteBetsResponse,
  type RouletteRound,
} from '@dau/contracts/casino/roulette';
import { ROULETTE_SLUG } from '@dau/contracts/casino/games';
import { rooms } from '@dau/contracts/realtime';
import { hashServerSeed, type RoundSeed } from '@dau/domain/games/fairness';
import { payoutCents } from '@dau/domain/games/payout';
import {
  roulettePocket,
  rouletteBetNumbers,
  settleRouletteBet,
  type RouletteBetKind,
} from '@dau/domain/games/roulette';
import type { Cents } from '@dau/domain/money';
import type { AppDeps } from '../../../app-types';
import type { RouletteTiming } from '../../../config/casino-games';
import { AppError } from '../../../errors/app-error';
import { gameBySlug } from '../catalogue.repository';
import {
  assertStakeWithin,
  playableGame,
  stakeCents,
  toUnits,
  type EngineRoundDetails,
  type EngineWallet,
} from './engine-wallet';
import type { StoredRouletteBet } from './games.tables';
import {
  betsOfRound,
  insertBet,
  latestRound,
  markSettled,
  openRound,
  recentSettled,
  roundByNumber,
  setBetStatus,
  stakedInRound,
  startSpin,
  type RouletteRoundRow,
} from './roulette.repository';
import { newServerSeed } from './seeds.service';
import { TickLoop } from './tick-loop';

/** The player's wallet round for one roulette round: all their bets in it, one credit. */
export const rouletteWalletRound = (roundNo: number, userId: number) =>
  `roulette-${roundNo}-${userId}`;

export function rouletteSeed(row: Pick<RouletteRoundRow, 'id' | 'server_seed'>): RoundSeed {
  return { serverSeed: row.server_seed, clientSeed: ROULETTE_CLIENT_SEED, nonce: row.id };
}

function badBet(message: string): AppError {
  return new AppError('BAD_REQUEST', [{ code: 'BAD_BET', message, name: 'bets' }]);
}

type Deps = Pick<AppDeps, 'db' | 'now' | 'realtime'> & {
  log?: { error(obj: unknown, msg?: string): void };
};

/**
 * Roulette's shared live RNG rounds (docs/decisions/172): one round for all players, betting
 * for `bettingMs`, then the wheel spins to the pocket drawn from the round's committed seed and
 * after `spinMs` every player's bets are paid through the game wallet and the seed revealed.
 * `tick` moves the round on from the database's state, so whichever instance leads (and a
 * restarted one) carries on where the last left off; every wallet call is idempotent.
 */
export class RouletteService {
  private readonly loop = new TickLoop(
    () => this.tick(),
    (err) => this.deps.log?.error({ err }, 'roulette: tick failed; retrying'),
  );

  constructor(
    private readonly deps: Deps,
    private readonly wallet: EngineWallet,
    private readonly timing: RouletteTiming,
  ) {}

  view(row: RouletteRoundRow): RouletteRound {
    const settled = row.phase === 'settled';
    return {
      roundId: row.id,
      phase: row.phase,
      openedAt: row.opened_at.toISOString(),
      bettingClosesAt: row.betting_closes_at.toISOString(),
      settlesAt: row.settles_at.toISOString(),
      serverTime: this.deps.now().toISOString(),
      serverSeedHash: row.server_seed_hash,
      clientSeed: ROULETTE_CLIENT_SEED,
      pocket: row.phase === 'betting' ? null : row.pocket,
      serverSeed: settled ? row.server_seed : null,
    };
  }

  async current(): Promise<RouletteRound> {
    const row = await latestRound(this.deps.db);
    if (!row)
      throw new AppError('NOT_FOUND', [
        { code: 'NO_ROUND', message: 'No roulette round has been played yet.' },
      ]);
    return this.view(row);
  }

  async recent(count: number): Promise<RouletteRound[]> {
    return (await recentSettled(this.deps.db, count)).map((row) => this.view(row));
  }

  async round(roundNo: number): Promise<RouletteRound> {
    const row = await roundByNumber(this.deps.db, roundNo);
    if (!row)
      throw new AppError('NOT_FOUND', [
        { code: 'UNKNOWN_ROUND', message: `There is no roulette round ${roundNo}.` },
      ]);
    return this.view(row);
  }

  async myBets(userId: number, roundNo: number): Promise<RouletteBetsResponse> {
    const round = await roundByNumber(this.deps.db, roundNo);
    if (!round) {
      throw new AppError('NOT_FOUND', [
        { code: 'UNKNOWN_ROUND', message: `There is no roulette round ${roundNo}.` },
      ]);
    }
    const rows = await betsOfRound(this.deps.db, roundNo, userId);
    const live = rows.filter((r) => r.status !== 'refused' && r.status !== 'rolled_back');
    const winOf = (bet: StoredRouletteBet): number | null =>
      round.phase === 'settled' && round.pocket !== null
        ? toUnits(betWin(bet, round.pocket))
        : null;
    return {
      roundId: roundNo,
      bets: live.flatMap((r) =>
        r.bets.map((b) => ({
          kind: b.kind,
          numbers: b.numbers,
          stake: toUnits(b.stake),
          win: winOf(b),
        })),
      ),
      totalStake: toUnits(live.reduce((sum, r) => sum + r.stake, 0)),
      balance: toUnits(await this.wallet.balance(userId)),
    };
  }

  /** Places bets on the open round: each bet checked, the total debited in one wallet call. */
  async placeBets(
    userId: number,
    roundNo: number,
    input: RouletteBetInput[],
    currency: CurrencyCode = 'KES',
  ): Promise<RouletteBetsResponse> {
    const game = await playableGame(this.deps.db, ROULETTE_SLUG, ['roulette'], currency);
    const bets: StoredRouletteBet[] = input.map((bet) => {
      const numbers = rouletteBetNumbers(bet.kind as RouletteBetKind, bet.numbers ?? []);
      if (!numbers) badBetThrow(bet.kind);
      return {
        kind: bet.kind,
        numbers: [...(bet.numbers ?? [])].sort((a, b) => a - b),
        stake: stakeCents(bet.stake),
      };
    });
    for (const bet of bets) {
      if (bet.stake < game.minStake) assertStakeWithin(game, bet.stake as Cents);
    }
    const stake = bets.reduce((sum, b) => sum + b.stake, 0);
    const { betId, round } = await this.deps.db.transaction().execute(async (tx) => {
      // Shares the round's row lock: the spin (an update) waits until this bet is recorded.
      const round = await roundByNumber(tx, roundNo, 'share');
      if (!round) {
        throw new AppError('NOT_FOUND', [
          { code: 'UNKNOWN_ROUND', message: `There is no roulette round ${roundNo}.` },
        ]);
      }
      if (round.phase !== 'betting' || this.deps.now() >= round.betting_closes_at) {
        throw new AppError('CONFLICT', [
          {
            code: 'ROUND_CLOSED',
            message: 'Betting on this round has closed; bet on the next one.',
          },
        ]);
      }
      const already = await stakedInRound(tx, roundNo, userId);
      assertStakeWithin({ ...game, minStake: 0 as Cents }, (already + stake) as Cents);
      return { betId: await insertBet(tx, { roundNo, userId, bets, stake }), round };
    });
    try {
      await this.wallet.debit({
        userId,
        gameSlug: ROULETTE_SLUG,
        roundId: rouletteWalletRound(roundNo, userId),
        transactionId: `${rouletteWalletRound(roundNo, userId)}:bet-${betId}`,
        amount: stake,
        plannedWin: null,
        details: this.details(round),
      });
    } catch (error) {
      await setBetStatus(this.deps.db, betId, 'refused');
      throw error;
    }
    await setBetStatus(this.deps.db, betId, 'placed');
    return this.myBets(userId, roundNo);
  }

  private details(round: RouletteRoundRow, pocket?: number): EngineRoundDetails {
    return {
      engine: 'roulette',
      fairness: {
        serverSeedHash: round.server_seed_hash,
        clientSeed: ROULETTE_CLIENT_SEED,
        nonce: round.id,
        serverSeed: pocket === undefined ? null : round.server_seed,
      },
      input: { game: 'roulette' },
      ...(pocket === undefined ? {} : { outcome: { game: 'roulette', pocket } }),
    };
  }

  /** Moves the round on as far as the clock allows; answers the time until the next step. */
  async tick(): Promise<number> {
    const now = this.deps.now();
    let round = await latestRound(this.deps.db);
    if (
      !round ||
      (round.phase === 'settled' &&
        now.getTime() >= round.settles_at.getTime() + this.timing.resultMs)
    ) {
      const serverSeed = newServerSeed();
      const closesAt = new Date(now.getTime() + this.timing.bettingMs);
      await openRound(this.deps.db, {
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
        openedAt: now,
        closesAt,
        settlesAt: new Date(closesAt.getTime() + this.timing.spinMs),
      });
      round = await latestRound(this.deps.db);
      if (round?.phase === 'betting')
        this.deps.realtime.toRoom(rooms.roulette, 'RouletteRound', this.view(round));
    }
    if (!round) return 1000;
    if (round.phase === 'betting' && now >= round.betting_closes_at) {
      const spun = await startSpin(this.deps.db, round.id, roulettePocket(rouletteSeed(round)));
      if (spun) {
        round = spun;
        this.deps.realtime.toRoom(rooms.roulette, 'RouletteRound', this.view(round));
      }
    }
    if (round.phase === 'spinning' && now >= round.settles_at) {
      round = await this.settle(round);
    }
    const next =
      round.phase === 'betting'
        ? round.betting_closes_at.getTime()
        : round.phase === 'spinning'
          ? round.settles_at.getTime()
          : round.settles_at.getTime() + this.timing.resultMs;
    return Math.max(20, next - this.deps.now().getTime());
  }

  /** Pays every player's bets (one credit each, idempotent), then marks the round settled. */
  private async settle(round: RouletteRoundRow): Promise<RouletteRoundRow> {
    const pocket = round.pocket ?? roulettePocket(rouletteSeed(round));
    const rows = await betsOfRound(this.deps.db, round.id);
    const game = await gameBySlug(this.deps.db, ROULETTE_SLUG);
    // Each player's win is capped in their own currency (ADR 164).
    const sites = new Map(
      rows.length === 0
        ? []
        : (
            await this.deps.db
              .selectFrom('users')
              .select(['id', 'site_id'])
              .where('id', 'in', [...new Set(rows.map((r) => r.user_id))])
              .execute()
          ).map((u) => [u.id, u.site_id]),
    );
    const maxWinOf = (userId: number): number => {
      if (!game) return Number.MAX_SAFE_INTEGER;
      const siteId = sites.get(userId);
      const currency = siteConfig(isSiteId(siteId) ? siteId : DEFAULT_SITE_ID).currencyCode;
      return gameLimitsIn(
        { minStake: game.min_stake, maxStake: game.max_stake, maxWin: game.max_win },
        currency,
      ).maxWin;
    };
    const results: { userId: number; stake: number; win: number; balance: number }[] = [];
    const byUser = new Map<number, typeof rows>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    for (const [userId, userRows] of byUser) {
      const walletRound = rouletteWalletRound(round.id, userId);
      // A bet whose debit never came back (a crash) is given back rather than guessed at.
      for (const row of userRows.filter((r) => r.status === 'pending')) {
        try {
          await this.wallet.rollback({
            userId,
            gameSlug: ROULETTE_SLUG,
            roundId: walletRound,
            transactionId: `${walletRound}:bet-${row.id}:rollback`,
            referenceTransactionId: `${walletRound}:bet-${row.id}`,
          });
        } catch {
          // Unknown to the wallet: the debit never happened.
        }
        await setBetStatus(this.deps.db, row.id, 'rolled_back');
      }
      const placed = userRows.filter((r) => r.status === 'placed' || r.status === 'settled');
      if (placed.length === 0) continue;
      const wins = placed.map((row) => row.bets.reduce((sum, b) => sum + betWin(b, pocket), 0));
      const win = Math.min(
        wins.reduce((a, b) => a + b, 0),
        maxWinOf(userId),
      );
      const answer = await this.wallet.credit({
        userId,
        gameSlug: ROULETTE_SLUG,
        roundId: walletRound,
        transactionId: `${walletRound}:win`,
        amount: win,
        roundClosed: true,
        details: this.details(round, pocket),
      });
      for (const [i, row] of placed.entries())
        await setBetStatus(this.deps.db, row.id, 'settled', wins[i] ?? 0);
      results.push({
        userId,
        stake: placed.reduce((sum, r) => sum + r.stake, 0),
        win,
        balance: answer.response.balance,
      });
    }
    const settled =
      (await markSettled(this.deps.db, round.id, this.deps.now())) ??
      (await roundByNumber(this.deps.db, round.id));
    if (!settled) return round;
    this.deps.realtime.toRoom(rooms.roulette, 'RouletteRound', this.view(settled));
    for (const r of results) {
      this.deps.realtime.toUser(r.userId, 'RouletteResult', {
        roundId: round.id,
        pocket,
        stake: toUnits(r.stake),
        win: toUnits(r.win),
        balance: toUnits(r.balance),
      });
    }
    return settled;
  }

  /** Plays rounds on this instance until `stop`. */
  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }
}

/** What one bet pays on `pocket`, cents. */
function betWin(bet: StoredRouletteBet, pocket: number): number {
  return payoutCents(
    bet.stake as Cents,
    settleRouletteBet(bet.kind as RouletteBetKind, bet.numbers, pocket),
  );
}

function badBetThrow(kind: string): never {
  throw badBet(`That is not a valid ${kind} bet on a European table.`);
}
