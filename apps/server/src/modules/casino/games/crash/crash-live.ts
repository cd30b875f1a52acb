import type { CrashLiveBet, CrashMyBet, CrashRound } from '@dau/contracts/casino/crash';
import { rooms } from '@dau/contracts/realtime';
import { CRASH_CLIENT_SEED } from '@dau/domain/games/crash';
import type { AppDeps } from '../../../../app-types';
import type { CrashSettings } from '../../../../config/casino-games';
import { toUnits } from '../engine-wallet';
import {
  chainById,
  type CrashBetRow,
  type CrashChainRow,
  type CrashRoundRow,
} from './crash.repository';

/** The player's wallet round for one bet: each bet is its own casino round (history, jackpots). */
export const crashWalletRound = (roundNo: number, userId: number, slot: number) =>
  `crash-${roundNo}-${userId}-${slot}`;

/** Hundredths to the wire's decimal multiplier (187 → 1.87). */
export const decimal = (hundredths: number) => hundredths / 100;

/**
 * What clients see of High Flyer (ADR 190): rounds (seed and crash point only once crashed),
 * the live bets list with masked names, and the player's own bets; and the pushes: each phase
 * to both crash rooms, the list batched per room (250 ms, or 2 s with data saving), both written
 * to a room's sockets a slice at a time (`toRoomPaced`, decision 191).
 */
export class CrashLive {
  private readonly chains = new Map<number, CrashChainRow>();
  private readonly pending = {
    full: new Map<number, CrashLiveBet>(),
    lite: new Map<number, CrashLiveBet>(),
  };
  private pendingRound = 0;
  private readonly timers: { full: NodeJS.Timeout | null; lite: NodeJS.Timeout | null } = {
    full: null,
    lite: null,
  };

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'now' | 'realtime'>,
    private readonly settings: Pick<CrashSettings, 'listMs' | 'liteListMs'>,
  ) {}

  remember(chain: CrashChainRow): void {
    this.chains.set(chain.id, chain);
  }

  private async chainRow(id: number): Promise<CrashChainRow> {
    const cached = this.chains.get(id);
    if (cached) return cached;
    const row = await chainById(this.deps.db, id);
    if (!row) throw new Error(`crash chain ${id} is missing`);
    this.chains.set(id, row);
    return row;
  }

  async view(row: CrashRoundRow): Promise<CrashRound> {
    const chain = await this.chainRow(row.chain_id);
    const crashed = row.phase === 'crashed';
    return {
      roundId: row.id,
      phase: row.phase,
      openedAt: row.opened_at.toISOString(),
      takeoffAt: row.takeoff_at.toISOString(),
      crashedAt: crashed ? row.crash_at.toISOString() : null,
      serverTime: this.deps.now().toISOString(),
      serverSeedHash: row.server_seed_hash,
      clientSeed: CRASH_CLIENT_SEED,
      chainId: row.chain_id,
      chainIndex: row.chain_index,
      terminatingHash: chain.terminating_hash,
      crashPoint: crashed ? decimal(row.crash_point) : null,
      serverSeed: crashed ? row.server_seed : null,
    };
  }

  liveBet(bet: CrashBetRow): CrashLiveBet {
    const out = bet.status === 'cashed_out';
    return {
      betId: bet.id,
      player: bet.player,
      slot: bet.slot,
      stake: toUnits(bet.stake),
      cashOut: out && bet.cash_out !== null ? decimal(bet.cash_out) : null,
      win: out && bet.win !== null ? toUnits(bet.win) : null,
    };
  }

  myBet(bet: CrashBetRow, round: Pick<CrashRoundRow, 'phase' | 'crash_point'>): CrashMyBet {
    return {
      betId: bet.id,
      roundId: bet.round_no,
      slot: bet.slot,
      stake: toUnits(bet.stake),
      autoCashOut: bet.auto_cash_out === null ? null : decimal(bet.auto_cash_out),
      status: bet.status,
      cashOut: bet.cash_out === null ? null : decimal(bet.cash_out),
      win: bet.win === null ? null : toUnits(bet.win),
      crashPoint: round.phase === 'crashed' ? decimal(round.crash_point) : null,
      walletRoundId: crashWalletRound(bet.round_no, bet.user_id, bet.slot),
      placedAt: bet.created_at.toISOString(),
    };
  }

  /** A new or changed bet, for the next list push of each room. */
  queue(bet: CrashBetRow): void {
    if (bet.round_no !== this.pendingRound) {
      this.pending.full.clear();
      this.pending.lite.clear();
      this.pendingRound = bet.round_no;
    }
    const entry = this.liveBet(bet);
    this.pending.full.set(bet.id, entry);
    this.pending.lite.set(bet.id, entry);
    for (const kind of ['full', 'lite'] as const) {
      if (this.timers[kind]) continue;
      const every = kind === 'full' ? this.settings.listMs : this.settings.liteListMs;
      this.timers[kind] = setTimeout(() => this.flush(kind), every);
    }
  }

  /** A cash-out reaches its owner's tabs at once. */
  cashedOut(bet: CrashBetRow): void {
    this.queue(bet);
    this.deps.realtime.toUser(bet.user_id, 'CrashCashOut', {
      roundId: bet.round_no,
      betId: bet.id,
      slot: bet.slot,
      cashOut: decimal(bet.cash_out ?? 0),
      win: toUnits(bet.win ?? 0),
      auto: bet.auto,
    });
  }

  flush(kind: 'full' | 'lite'): void {
    const timer = this.timers[kind];
    if (timer) clearTimeout(timer);
    this.timers[kind] = null;
    const bets = [...this.pending[kind].values()];
    this.pending[kind].clear();
    if (bets.length === 0) return;
    this.deps.realtime.toRoomPaced(kind === 'full' ? rooms.crash : rooms.crashLite, 'CrashBets', {
      roundId: this.pendingRound,
      bets,
    });
  }

  async pushRound(row: CrashRoundRow): Promise<void> {
    const view = await this.view(row);
    // Paced like the lists (decision 191), so a round's phase never overtakes its last list.
    this.deps.realtime.toRoomPaced(rooms.crash, 'CrashRound', view);
    this.deps.realtime.toRoomPaced(rooms.crashLite, 'CrashRound', view);
  }

  close(): void {
    for (const kind of ['full', 'lite'] as const) {
      const timer = this.timers[kind];
      if (timer) clearTimeout(timer);
      this.timers[kind] = null;
    }
  }
}
