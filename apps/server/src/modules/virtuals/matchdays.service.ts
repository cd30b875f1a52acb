import type {
  VirtualCurrent,
  VirtualMatchday,
  VirtualTable,
} from '@dau/contracts/virtuals/virtuals';
import { rooms } from '@dau/contracts/realtime';
import { hashServerSeed } from '@dau/domain/games/fairness';
import { MATCHDAYS_PER_SEASON, seasonOf } from '@dau/domain/virtuals/league';
import type { AppDeps } from '../../app-types';
import type { VirtualsTiming } from '../../config/virtuals';
import { AppError } from '../../errors/app-error';
import { newServerSeed } from '../casino/games/seeds.service';
import { matchdayView, playedMatches, tableView } from './matchday-view';
import type { VirtualBetsService } from './virtual-bets.service';
import {
  createMatchday,
  kickOff,
  latestMatchday,
  liveMatchday,
  markSettled,
  matchdayById,
  matchdayInPhase,
  settledBetween,
  type MatchdayRow,
} from './virtuals.repository';
import { TickLoop } from '../casino/games/tick-loop';

type Deps = Pick<AppDeps, 'db' | 'now' | 'realtime'> & {
  log?: { error(obj: unknown, msg?: string): void };
};

const unknownMatchday = (id: number) =>
  new AppError('NOT_FOUND', [
    { code: 'UNKNOWN_MATCHDAY', message: `There is no matchday ${id}.`, name: 'matchdayId' },
  ]);

/**
 * The matchday clock (docs/decisions/195): a matchday opens for betting when the one before
 * kicks off, kicks off `cycleMs` after that one, plays its 90 minutes in `playMs` and is
 * settled at full time. `tick` moves things on from the database's state, so whichever
 * instance leads (and a restarted one) carries on where the last left off.
 */
export class MatchdaysService {
  private readonly loop = new TickLoop(
    () => this.tick(),
    (err) => this.deps.log?.error({ err }, 'virtuals: tick failed; retrying'),
  );

  constructor(
    private readonly deps: Deps,
    private readonly bets: VirtualBetsService,
    private readonly timing: VirtualsTiming,
  ) {}

  private view(row: MatchdayRow): VirtualMatchday {
    return matchdayView(row, this.deps.now());
  }

  async current(): Promise<VirtualCurrent> {
    const [open, live] = await Promise.all([
      matchdayInPhase(this.deps.db, 'open'),
      liveMatchday(this.deps.db),
    ]);
    if (!open) {
      throw new AppError('NOT_FOUND', [
        { code: 'NO_MATCHDAY', message: 'No matchday is open for betting right now.' },
      ]);
    }
    return { open: this.view(open), live: live ? this.view(live) : null };
  }

  async matchday(id: number): Promise<VirtualMatchday> {
    const row = await matchdayById(this.deps.db, id);
    if (!row) throw unknownMatchday(id);
    return this.view(row);
  }

  /** This season's table from its settled matchdays, with the last `recent` results. */
  async table(recent = 3): Promise<VirtualTable> {
    const latest = await liveMatchday(this.deps.db);
    const { season } = seasonOf(latest?.id ?? 1);
    const first = (season - 1) * MATCHDAYS_PER_SEASON + 1;
    const settled = await settledBetween(this.deps.db, first, first + MATCHDAYS_PER_SEASON - 1);
    return tableView(season, settled, recent);
  }

  /** Moves the matchdays on as far as the clock allows; answers the time until the next step. */
  async tick(): Promise<number> {
    const now = this.deps.now();
    let live = await matchdayInPhase(this.deps.db, 'playing');
    if (live && now >= live.full_time_at) {
      if (await this.bets.settle(live)) {
        const settled = await markSettled(this.deps.db, live.id, this.deps.now());
        if (settled)
          this.deps.realtime.toRoom(rooms.virtuals, 'VirtualMatchday', this.view(settled));
        live = undefined;
      }
    }
    let open = await matchdayInPhase(this.deps.db, 'open');
    if (open && now >= open.kickoff_at && !live) {
      const results = playedMatches(open).map((m): [number, number] => [m.homeGoals, m.awayGoals]);
      const kicked = await kickOff(this.deps.db, open.id, results);
      if (kicked) {
        live = kicked;
        this.deps.realtime.toRoom(rooms.virtuals, 'VirtualMatchday', this.view(kicked));
      }
      open = await matchdayInPhase(this.deps.db, 'open');
    }
    if (!open) {
      const latest = await latestMatchday(this.deps.db);
      const serverSeed = newServerSeed();
      const scheduled = latest ? latest.kickoff_at.getTime() + this.timing.cycleMs : 0;
      const kickoffAt = new Date(Math.max(scheduled, now.getTime() + this.timing.cycleMs / 2));
      await createMatchday(this.deps.db, {
        id: (latest?.id ?? 0) + 1,
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
        openedAt: now,
        kickoffAt,
        fullTimeAt: new Date(kickoffAt.getTime() + this.timing.playMs),
      });
      open = await matchdayInPhase(this.deps.db, 'open');
      if (open) this.deps.realtime.toRoom(rooms.virtuals, 'VirtualMatchday', this.view(open));
    }
    const next = Math.min(
      open?.kickoff_at.getTime() ?? Infinity,
      live ? live.full_time_at.getTime() : Infinity,
    );
    return Math.max(20, Math.min(5_000, next - this.deps.now().getTime()));
  }

  /** Plays matchdays on this instance until `stop`. */
  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }
}
