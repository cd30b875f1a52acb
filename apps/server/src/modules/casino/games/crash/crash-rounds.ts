import { CRASH_SLUG } from '@dau/contracts/casino/crash';
import {
  buildChain,
  chainHash,
  CRASH_CLIENT_SEED,
  crashPoint,
  crashSeed,
  elapsedToReach,
  multiplierAt,
} from '@dau/domain/games/crash';
import { hashServerSeed } from '@dau/domain/games/fairness';
import type { CrashSettings } from '../../../../config/casino-games';
import type { EngineWallet } from '../engine-wallet';
import type { RoundRunner } from '../round-leader';
import { newServerSeed } from '../seeds.service';
import { crashWalletRound } from './crash-live';
import {
  autoCashOuts,
  betsOfRound,
  insertChain,
  insertRound,
  latestChain,
  latestRound,
  markLost,
  markSettled,
  movePhase,
  nextRoundNo,
  playedOfChain,
  revealInWalletRounds,
  setBetStatus,
  unpaidBets,
  unsettledRounds,
  type CrashBetRow,
  type CrashChainRow,
  type CrashRoundRow,
} from './crash.repository';
import type { CrashDeps, CrashService } from './crash.service';
import { TickLoop } from '../tick-loop';

/**
 * High Flyer's rounds, played by the elected instance (issue #14 item 1, docs/decisions/190):
 * `tick` opens a round with the next link of the hash chain (its crash point and crash time
 * fixed then), takes off when betting closes, records auto cash-outs as the curve passes their
 * targets, crashes, and after a short grace settles the round. It resumes from the database's
 * state, so a new leader (or a restarted one) carries on where the last stopped; every step is
 * conditional and every wallet call keyed, so two instances settling the same round pay once.
 */
export class CrashRounds implements RoundRunner {
  private readonly loop = new TickLoop(
    () => this.tick(),
    (err) => this.deps.log?.error({ err }, 'crash: tick failed; retrying'),
    500,
  );
  private settling: Promise<void> | null = null;
  private readonly seeds = new Map<number, string[]>();

  constructor(
    private readonly deps: CrashDeps,
    private readonly crash: CrashService,
    private readonly wallet: EngineWallet,
    private readonly settings: CrashSettings,
  ) {}

  private seedsOf(chain: CrashChainRow): string[] {
    let seeds = this.seeds.get(chain.id);
    if (!seeds) {
      seeds = buildChain(chain.secret, chain.length);
      this.seeds.clear();
      this.seeds.set(chain.id, seeds);
    }
    return seeds;
  }

  /** The chain the next round plays, with its next index; a fresh chain when one runs out. */
  private async nextLink(): Promise<{ chain: CrashChainRow; index: number }> {
    const chain = await latestChain(this.deps.db);
    if (chain) {
      const played = await playedOfChain(this.deps.db, chain.id);
      if (played < chain.length) return { chain, index: played + 1 };
    }
    const secret = newServerSeed();
    const seeds = buildChain(secret, this.settings.chainLength);
    const created = await insertChain(this.deps.db, {
      secret,
      length: this.settings.chainLength,
      terminatingHash: chainHash(seeds[0] as string),
    });
    this.seeds.clear();
    this.seeds.set(created.id, seeds);
    this.crash.live.remember(created);
    return { chain: created, index: 1 };
  }

  private async openRound(now: Date): Promise<CrashRoundRow | undefined> {
    const { chain, index } = await this.nextLink();
    const seed = this.seedsOf(chain)[index - 1] as string;
    const id = await nextRoundNo(this.deps.db);
    const point = crashPoint(crashSeed(seed, id));
    const takeoff = new Date(now.getTime() + this.settings.bettingMs);
    return insertRound(this.deps.db, {
      id,
      chain_id: chain.id,
      chain_index: index,
      server_seed: seed,
      server_seed_hash: hashServerSeed(seed),
      crash_point: point,
      opened_at: now,
      takeoff_at: takeoff,
      crash_at: new Date(takeoff.getTime() + elapsedToReach(point)),
    });
  }

  /** Moves the rounds on as far as the clock allows; answers the time until the next step. */
  async tick(): Promise<number> {
    const now = this.deps.now();
    let round = await latestRound(this.deps.db);
    if (!round || (round.phase === 'crashed' && now.getTime() >= this.pauseEnds(round))) {
      const opened = await this.openRound(now);
      if (opened) await this.crash.live.pushRound(opened);
      round = opened ?? (await latestRound(this.deps.db));
    }
    if (!round) return 1000;
    if (round.phase === 'betting' && now >= round.takeoff_at) {
      const flying = await movePhase(this.deps.db, round.id, 'betting', 'flying');
      if (flying) {
        round = flying;
        await this.crash.live.pushRound(round);
      }
    }
    if (round.phase === 'flying') {
      if (now >= round.crash_at) {
        const crashed = await movePhase(
          this.deps.db,
          round.id,
          'flying',
          'crashed',
          round.crash_at,
        );
        if (crashed) {
          round = crashed;
          this.crash.live.flush('full');
          await this.crash.live.pushRound(round);
        }
      } else {
        const upTo = multiplierAt(now.getTime() - round.takeoff_at.getTime());
        await this.recordAutoCashOuts(round, upTo, now);
      }
    }
    const settleFrom = now.getTime() - this.settings.graceMs;
    if (!this.settling) {
      // Settling runs beside the ticks; a failure is reported and retried on the next tick,
      // never left as an unhandled rejection.
      this.settling = this.settleDue(new Date(settleFrom))
        .then(() => undefined)
        .catch((err: unknown) => this.deps.log?.error({ err }, 'crash: settling failed; retrying'))
        .finally(() => (this.settling = null));
    }
    const at = this.deps.now().getTime();
    let next: number;
    if (round.phase === 'betting') next = round.takeoff_at.getTime() - at;
    else if (round.phase === 'flying') next = Math.min(round.crash_at.getTime() - at, 100);
    else {
      const graceEnds = round.crash_at.getTime() + this.settings.graceMs;
      next = (round.settled_at === null && at < graceEnds ? graceEnds : this.pauseEnds(round)) - at;
    }
    return Math.max(5, next);
  }

  private pauseEnds(round: CrashRoundRow): number {
    return round.crash_at.getTime() + this.settings.pauseMs;
  }

  private async recordAutoCashOuts(round: CrashRoundRow, upTo: number, now: Date): Promise<void> {
    const maxWin =
      (await this.crash.crashGame().catch(() => null))?.maxWin ?? Number.MAX_SAFE_INTEGER;
    for (const bet of await autoCashOuts(this.deps.db, round.id, upTo, maxWin, now)) {
      this.crash.afterCashOut(bet);
    }
  }

  /** Settles every crashed round whose grace is over (several after a leader change). */
  private async settleDue(crashedBefore: Date): Promise<number> {
    const rounds = await unsettledRounds(this.deps.db, crashedBefore);
    for (const round of rounds) await this.settle(round);
    return rounds.length;
  }

  /**
   * The casino's periodic recovery (every instance, ADR 172): a round whose crash time passed
   * with no leader to crash it is crashed, and crashed rounds are settled. The wallet's own
   * 30-minute refund leaves High Flyer's rounds to this.
   */
  async recover(): Promise<number> {
    const now = this.deps.now();
    const live = await latestRound(this.deps.db);
    // Well past its crash time (a live leader crashes it within milliseconds).
    if (live && live.phase !== 'crashed' && now.getTime() >= live.crash_at.getTime() + 10_000) {
      if (live.phase === 'betting') await movePhase(this.deps.db, live.id, 'betting', 'flying');
      const crashed = await movePhase(this.deps.db, live.id, 'flying', 'crashed', live.crash_at);
      if (crashed) await this.crash.live.pushRound(crashed);
    }
    return this.settleDue(new Date(now.getTime() - this.settings.graceMs));
  }

  /**
   * Settles a crashed round: auto cash-outs the crash point reached are paid at their target,
   * bets still open are lost, bets whose debit never came back are rolled back, and every bet's
   * wallet round is closed with its one credit. Each step is conditional and each wallet call
   * keyed, so running it twice (two leaders, a restart) pays nothing twice.
   */
  async settle(round: CrashRoundRow): Promise<void> {
    await this.recordAutoCashOuts(round, round.crash_point, round.crash_at);
    await markLost(this.deps.db, round.id);
    await this.crash.drain();
    const reveal = {
      fairness: {
        serverSeedHash: round.server_seed_hash,
        clientSeed: CRASH_CLIENT_SEED,
        nonce: round.id,
        serverSeed: round.server_seed,
      },
      outcome: { game: 'crash', crashPoint: round.crash_point },
    };
    const unpaid = await unpaidBets(this.deps.db, round.id);
    for (const bet of unpaid.filter((b) => b.status === 'pending')) {
      const walletRound = crashWalletRound(bet.round_no, bet.user_id, bet.slot);
      try {
        await this.wallet.rollback({
          userId: bet.user_id,
          gameSlug: CRASH_SLUG,
          roundId: walletRound,
          transactionId: `${walletRound}:bet:rollback`,
          referenceTransactionId: `${walletRound}:bet`,
        });
      } catch {
        // Unknown to the wallet: the debit never happened.
      }
      await setBetStatus(this.deps.db, bet.id, 'rolled_back', true);
    }
    const toPay = unpaid.filter((b) => b.status === 'cashed_out' || b.status === 'lost');
    const workers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = w; i < toPay.length; i += 4)
        await this.crash.payBet(toPay[i] as CrashBetRow, reveal);
    });
    await Promise.all(workers);
    const left = await unpaidBets(this.deps.db, round.id);
    if (left.length > 0) return; // retried on the next tick
    const all = await betsOfRound(this.deps.db, round.id, 1_000_000);
    await revealInWalletRounds(
      this.deps.db,
      all.map((b) => crashWalletRound(b.round_no, b.user_id, b.slot)),
      reveal,
    );
    await markSettled(this.deps.db, round.id, this.deps.now());
  }

  /** Plays rounds on this instance until `stop`. */
  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.settling?.catch(() => undefined);
  }

  /** Waits for a settlement under way and for queued credits (tests and shutdown). */
  async drain(): Promise<void> {
    await this.settling?.catch(() => undefined);
    await this.crash.drain();
  }
}
