import { FOOTBALL_LENGTH_MS, lengthOf, MINUTE, SECOND } from './calendar';
import { goalRates, resultsFor } from './pricing';
import { pick, type Random } from './prng';
import { minutesPlayed, reprice, totalOf, view, type SimEvent } from './sim-event';
import { SimOutbox } from './sim-outbox';
import type { SimWorld } from './sim-world';

const ALIVE_INTERVAL_MS = 10 * SECOND;
const DRIFT_INTERVAL_MS = 5 * SECOND;
const LIVE_REPRICE_INTERVAL_MS = 15 * SECOND;
const GOAL_SUSPENSION_MS = 20 * SECOND;
const CORRECTION_DELAY_MS = 30 * SECOND;
/** Settled events are forgotten this long after their kick-off. */
const SETTLED_KEEP_MS = 6 * 60 * MINUTE;

/**
 * What happens second by second: alive messages, kick-offs at the calendar's times, goals,
 * repricing, the final whistle and settlement (now and then corrected), pre-match price drift,
 * and new fixtures as they come within the horizon.
 */
export class SimClock {
  time: number;
  private lastAlive = Number.NEGATIVE_INFINITY;
  private lastDrift: number;
  /** Real time of the last alive sent (the simulator's real timer keeps producers alive). */
  lastAliveReal = Date.now();

  constructor(
    startAt: number,
    private readonly world: SimWorld,
    private readonly random: Random,
    private readonly out: SimOutbox,
    private readonly outages: boolean,
  ) {
    this.time = Math.floor(startAt / SECOND) * SECOND;
    this.lastDrift = this.time;
  }

  sortedEvents(): SimEvent[] {
    return [...this.world.events.values()].sort((a, b) => a.fixture.eventId - b.fixture.eventId);
  }

  async heartbeat(): Promise<void> {
    this.lastAliveReal = Date.now();
    for (const producer of [1, 3] as const) {
      await this.out.send(producer, { type: 'alive', subscribed: true });
    }
  }

  async step(): Promise<void> {
    this.time += SECOND;
    if (this.time - this.lastAlive >= ALIVE_INTERVAL_MS) {
      this.lastAlive = this.time;
      const offline = this.out.offline;
      if (this.outages && this.random() < 0.002) offline.add(pick(this.random, [1, 3] as const));
      else if (this.outages && offline.size > 0 && this.random() < 0.2) offline.clear();
      await this.heartbeat();
    }
    for (const event of this.sortedEvents()) {
      if (event.phase === 'pre' && event.fixture.startTime <= this.time) await this.kickOff(event);
      else if (event.phase === 'live') await this.play(event);
      else if (event.pendingCorrection && event.pendingCorrection.at <= this.time) {
        await this.correct(event);
      } else if (
        event.phase === 'settled' &&
        this.time - event.fixture.startTime > SETTLED_KEEP_MS
      ) {
        this.world.events.delete(event.fixture.eventId);
      }
    }
    for (const event of this.world.extend(this.time)) await this.out.odds(event, true);
    if (this.time - this.lastDrift >= DRIFT_INTERVAL_MS) {
      this.lastDrift = this.time;
      await this.drift();
    }
  }

  private async kickOff(event: SimEvent): Promise<void> {
    event.phase = 'live';
    event.status = 1;
    if (event.kind !== 'football') {
      // Only pre-match prices are offered for these sports: betting stops at the start.
      await this.out.send(1, { type: 'bet_stop', eventId: event.fixture.eventId });
      for (const m of event.markets) m.status = -1;
      await this.out.odds(event, true);
      return;
    }
    reprice(event, this.time);
    await this.out.odds(event, true);
  }

  private async play(event: SimEvent): Promise<void> {
    if (this.time - event.fixture.startTime >= lengthOf(event.kind)) {
      await this.finish(event, 'auto');
      return;
    }
    if (event.kind !== 'football') return;
    const elapsed = minutesPlayed(event, this.time);
    const inPlay = elapsed < 45 || (elapsed >= 60 && elapsed < FOOTBALL_LENGTH_MS / MINUTE);
    if (inPlay) {
      const [lh, la] = goalRates(view(event, 1));
      const u = this.random();
      const perSecondHome = lh / (90 * 60);
      const perSecondAway = la / (90 * 60);
      if (u < perSecondHome) return this.goal(event, 'home');
      if (u < perSecondHome + perSecondAway) return this.goal(event, 'away');
    }
    const resumed = event.suspendedUntil > 0 && event.suspendedUntil <= this.time;
    if (resumed || this.time - event.lastReprice >= LIVE_REPRICE_INTERVAL_MS) {
      if (resumed) event.suspendedUntil = 0;
      reprice(event, this.time);
      await this.out.odds(event, false);
    }
  }

  async goal(event: SimEvent, team: 'home' | 'away'): Promise<void> {
    if (team === 'home') event.homeScore++;
    else event.awayScore++;
    event.suspendedUntil = this.time + GOAL_SUSPENSION_MS;
    await this.out.send(1, { type: 'bet_stop', eventId: event.fixture.eventId });
    reprice(event, this.time);
    await this.out.odds(event, false);
  }

  /** The final whistle: settled from the score (`auto` now and then cancels or corrects). */
  async finish(event: SimEvent, how: 'auto' | 'settle'): Promise<void> {
    if (event.kind !== 'football' && how === 'auto') {
      const winner = event.markets.find((m) => m.marketId === 186)?.outcomes ?? [];
      const [home, away] = winner.map((o) => 1 / Math.max(o.odds, 101));
      const winnerHome = this.random() < (home ?? 1) / ((home ?? 1) + (away ?? 1));
      event.homeScore = winnerHome ? 1 : 0;
      event.awayScore = winnerHome ? 0 : 1;
    }
    if (how === 'auto' && this.random() < 0.03) {
      await this.cancel(event, 'Match cancelled');
      return;
    }
    event.phase = 'settled';
    event.status = 3;
    for (const m of event.markets) m.status = 0;
    await this.out.odds(event, false);
    await this.settle(event);
    if (how === 'auto' && this.random() < 0.05) {
      event.pendingCorrection = { at: this.time + CORRECTION_DELAY_MS, step: 'rollback' };
    }
  }

  async cancel(event: SimEvent, reason: string): Promise<void> {
    event.phase = 'settled';
    event.status = 5;
    event.rolledBack = false;
    event.pendingCorrection = null;
    for (const m of event.markets) m.status = 0;
    await this.out.odds(event, false);
    await this.out.send(1, {
      type: 'bet_cancel',
      eventId: event.fixture.eventId,
      markets: SimOutbox.marketRefs(event),
      reason,
    });
  }

  async settle(event: SimEvent): Promise<void> {
    await this.out.send(1, {
      type: 'bet_settlement',
      eventId: event.fixture.eventId,
      certainty: 1,
      markets: resultsFor(event.markets, {
        home: event.homeScore,
        away: event.awayScore,
        total: totalOf(event, this.random),
      }),
    });
  }

  /** Now and then a settlement is corrected: rolled back, then settled again. */
  private async correct(event: SimEvent): Promise<void> {
    const pending = event.pendingCorrection;
    if (!pending) return;
    if (pending.step === 'rollback') {
      await this.out.send(1, {
        type: 'rollback_bet_settlement',
        eventId: event.fixture.eventId,
        markets: SimOutbox.marketRefs(event),
      });
      event.pendingCorrection = { at: this.time + CORRECTION_DELAY_MS, step: 'resettle' };
    } else {
      event.pendingCorrection = null;
      await this.settle(event);
    }
  }

  /** Pre-match prices move a little: four matches every few seconds. */
  private async drift(): Promise<void> {
    const pre = this.sortedEvents().filter((e) => e.phase === 'pre');
    if (pre.length === 0) return;
    for (let i = 0; i < 4; i++) {
      const event = pick(this.random, pre);
      event.homeStrength += (this.random() - 0.5) * 0.06;
      event.awayStrength += (this.random() - 0.5) * 0.06;
      reprice(event, this.time);
      await this.out.odds(event, false);
    }
  }
}
