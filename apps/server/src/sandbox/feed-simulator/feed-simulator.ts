import {
  FeedControlError,
  type FeedHandler,
  type Fixture,
  type KnownEvent,
  type MarketOdds,
  type MarketStatus,
  type ProducerId,
  type SimulatedFeed,
} from '../../modules/feed/feed-messages';
import { SECOND } from './calendar';
import { mulberry32 } from './prng';
import { SimClock } from './sim-clock';
import { overrideKey as key, producerOf, reprice, type SimEvent } from './sim-event';
import { SimOutbox } from './sim-outbox';
import { SimWorld } from './sim-world';

const ALIVE_INTERVAL_MS = 10 * SECOND;

export interface FeedSimulatorOptions {
  seed: number;
  /** Simulated time at construction (epoch ms). */
  startAt: number;
  /** Simulated milliseconds per real millisecond when running on its own timer. */
  speed?: number;
  /** Upcoming fixtures per tournament: football slots per league, other sports a week. */
  fixturesPerTournament?: number;
  /** Football matches in play at any time (one kick-off every 105 / liveTarget minutes). */
  liveTarget?: number;
  /** Now and then drop a producer by itself (off by default, and in tests). */
  outages?: boolean;
}

/**
 * The sandbox odds feed: a deterministic world driven by a seeded PRNG and a simulated clock.
 * Its fixtures come from a calendar of the seed (`calendar.ts`), so a restart offers the same
 * matches under the same ids; `adopt` takes over their state from the database.
 * `advance(ms)` steps the clock by whole seconds; `run()` does so on a real timer at `speed`.
 * Every control (pause, goal, price, settle, producer down/up) runs through one queue, so
 * messages always leave in order.
 */
export class FeedSimulator implements SimulatedFeed {
  readonly name = 'simulator';
  private readonly world: SimWorld;
  private readonly clock: SimClock;
  private readonly out: SimOutbox;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private paused = false;
  speed: number;

  constructor(options: FeedSimulatorOptions) {
    const random = mulberry32(options.seed);
    const startAt = Math.floor(options.startAt / SECOND) * SECOND;
    this.speed = options.speed ?? 1;
    this.world = new SimWorld(
      {
        seed: options.seed,
        liveTarget: options.liveTarget ?? 6,
        fixturesPerTournament: options.fixturesPerTournament ?? 14,
      },
      random,
      startAt,
    );
    this.out = new SimOutbox(() => this.clock.time);
    this.clock = new SimClock(startAt, this.world, random, this.out, options.outages ?? false);
  }

  now(): number {
    return this.clock.time;
  }

  isPaused(): boolean {
    return this.paused;
  }

  /** Every fixture the simulator currently offers, by kick-off. */
  fixtures(): Fixture[] {
    return [...this.world.events.values()]
      .filter((e) => e.phase !== 'settled')
      .map((e) => e.fixture)
      .sort((a, b) => a.startTime - b.startTime || a.eventId - b.eventId);
  }

  /** Current markets of an event (for tests and sandbox answers). */
  marketsOf(eventId: number): MarketOdds[] | undefined {
    return this.world.events.get(eventId)?.markets;
  }

  /** The matches in play, the latest kick-off first. */
  liveEventIds(): number[] {
    return [...this.world.events.values()]
      .filter((e) => e.phase === 'live')
      .sort((a, b) => b.fixture.startTime - a.fixture.startTime)
      .map((e) => e.fixture.eventId);
  }

  adopt(events: readonly KnownEvent[]): number {
    return this.world.adopt(events, this.clock.time);
  }

  async start(handler: FeedHandler): Promise<void> {
    this.out.handler = handler;
  }

  /**
   * Runs the clock on a real timer: every 250 ms, 250 × speed simulated ms. Paused (or slower
   * than real time) the producers still send alive every 10 real seconds: a stopped match
   * clock is not a dead producer, so betting goes on at the frozen prices.
   */
  run(): void {
    if (this.timer) return;
    let carry = 0;
    this.timer = setInterval(() => {
      if (Date.now() - this.clock.lastAliveReal >= ALIVE_INTERVAL_MS) {
        this.clock.lastAliveReal = Date.now();
        void this.enqueue(() => this.clock.heartbeat()).catch(() => undefined);
      }
      if (this.paused) return;
      carry += 250 * this.speed;
      const whole = Math.floor(carry / SECOND) * SECOND;
      carry -= whole;
      if (whole > 0) void this.advance(whole).catch(() => undefined);
    }, 250);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.queue.catch(() => undefined);
    await this.out.settled();
    this.out.handler = null;
  }

  /**
   * Runs `fn` after the controls queued before it. The queue moves on once `fn` has handed its
   * messages over; the control's promise settles when they are committed (or rejects with the
   * first failure), so a caller that awaits a control sees its effect.
   */
  private enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const run = async () => {
      this.out.takeSent();
      try {
        return { value: await fn(), sent: this.out.takeSent() };
      } catch (err) {
        void Promise.allSettled(this.out.takeSent());
        throw err;
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next.then(async ({ value, sent }) => {
      await Promise.all(sent);
      return value;
    });
  }

  pause(): Promise<void> {
    return this.enqueue(async () => {
      this.paused = true;
    });
  }

  resume(): Promise<void> {
    return this.enqueue(async () => {
      this.paused = false;
    });
  }

  /** Resolves once everything queued so far (including recoveries) has been delivered. */
  idle(): Promise<void> {
    return this.enqueue(async () => undefined).then(() => this.out.settled());
  }

  setSpeed(speed: number): void {
    this.speed = speed;
  }

  /** Steps simulated time by `ms` (rounded to whole seconds), delivering what happens. */
  advance(ms: number): Promise<void> {
    return this.enqueue(async () => {
      const steps = Math.max(1, Math.round(ms / SECOND));
      for (let i = 0; i < steps; i++) await this.clock.step();
    });
  }

  requestRecovery(producer: ProducerId, requestId: number): Promise<void> {
    return this.enqueue(async () => {
      if (this.out.offline.has(producer)) return;
      for (const event of this.clock.sortedEvents()) {
        if (event.phase === 'settled' || producerOf(event) !== producer) continue;
        await this.out.odds(event, true);
      }
      await this.out.send(producer, { type: 'snapshot_complete', requestId });
    });
  }

  // ---- sandbox controls -------------------------------------------------------------------

  forceGoal(eventId: number, team: 'home' | 'away'): Promise<void> {
    return this.enqueue(async () => {
      const event = this.requireEvent(eventId);
      if (event.phase !== 'live') throw new SimulatorError(`Event ${eventId} is not live.`);
      await this.clock.goal(event, team);
    });
  }

  setMarketStatus(
    eventId: number,
    marketId: number,
    specifier: string,
    status: MarketStatus,
  ): Promise<void> {
    return this.enqueue(async () => {
      const event = this.requireEvent(eventId);
      this.requireMarket(event, marketId, specifier);
      if (status === 1) event.statusOverrides.delete(key(marketId, specifier));
      else event.statusOverrides.set(key(marketId, specifier), status);
      reprice(event, this.clock.time);
      await this.out.odds(event, false);
    });
  }

  setPrice(
    eventId: number,
    marketId: number,
    specifier: string,
    outcomeId: number,
    odds: number,
  ): Promise<void> {
    return this.enqueue(async () => {
      const event = this.requireEvent(eventId);
      const market = this.requireMarket(event, marketId, specifier);
      if (!market.outcomes.some((o) => o.outcomeId === outcomeId)) {
        throw new SimulatorError(`Market ${marketId} has no outcome ${outcomeId}.`);
      }
      const overrides = event.priceOverrides.get(key(marketId, specifier)) ?? new Map();
      overrides.set(outcomeId, odds);
      event.priceOverrides.set(key(marketId, specifier), overrides);
      reprice(event, this.clock.time);
      await this.out.odds(event, false);
    });
  }

  /**
   * Ends the event now and settles it, from the given score or the current one. A settled
   * event whose settlement was rolled back is settled again (a corrected result).
   */
  settleNow(eventId: number, score?: { home: number; away: number }): Promise<void> {
    return this.enqueue(async () => {
      const event = this.requireEvent(eventId);
      this.requireUnsettled(event);
      if (score) {
        event.homeScore = score.home;
        event.awayScore = score.away;
      }
      if (event.phase === 'settled') {
        event.rolledBack = false;
        event.status = 3;
        for (const m of event.markets) m.status = 0;
        await this.out.odds(event, false);
        await this.clock.settle(event);
        return;
      }
      await this.clock.finish(event, 'settle');
    });
  }

  /**
   * Cancels the event now (not started, live, or settled and rolled back): every market is
   * cancelled, so betting voids the legs (odds 1, stake back on a single).
   */
  cancelNow(eventId: number, reason = 'Match cancelled'): Promise<void> {
    return this.enqueue(async () => {
      const event = this.requireEvent(eventId);
      this.requireUnsettled(event);
      await this.clock.cancel(event, reason);
    });
  }

  /**
   * Rolls back the event's settlement, or its cancellation if it was cancelled; either way it
   * can then be settled or cancelled again.
   */
  rollbackSettlement(eventId: number): Promise<void> {
    return this.enqueue(async () => {
      const event = this.requireEvent(eventId);
      if (event.phase !== 'settled') throw new SimulatorError(`Event ${eventId} is not settled.`);
      event.pendingCorrection = null;
      event.rolledBack = true;
      await this.out.send(producerOf(event), {
        type: event.status === 5 ? 'rollback_bet_cancel' : 'rollback_bet_settlement',
        eventId,
        markets: SimOutbox.marketRefs(event),
      });
    });
  }

  /** The producer goes silent: no alive, no messages, until `producerUp`. */
  producerDown(producer: ProducerId): Promise<void> {
    return this.enqueue(async () => {
      this.out.offline.add(producer);
    });
  }

  producerUp(producer: ProducerId): Promise<void> {
    return this.enqueue(async () => {
      this.out.offline.delete(producer);
      await this.out.send(producer, { type: 'alive', subscribed: true });
    });
  }

  isProducerOnline(producer: ProducerId): boolean {
    return !this.out.offline.has(producer);
  }

  private requireEvent(eventId: number): SimEvent {
    const event = this.world.events.get(eventId);
    if (!event) throw new SimulatorError(`Event ${eventId} is not in the feed.`);
    return event;
  }

  /** Settled events take a new result only after a rollback. */
  private requireUnsettled(event: SimEvent): void {
    if (event.phase === 'settled' && !event.rolledBack) {
      throw new SimulatorError(
        `Event ${event.fixture.eventId} is settled: roll its settlement back first.`,
      );
    }
  }

  private requireMarket(event: SimEvent, marketId: number, specifier: string): MarketOdds {
    const market = event.markets.find((m) => m.marketId === marketId && m.specifier === specifier);
    if (!market) {
      throw new SimulatorError(
        `Event ${event.fixture.eventId} has no market ${marketId}${specifier ? ` (${specifier})` : ''}.`,
      );
    }
    return market;
  }
}

export class SimulatorError extends FeedControlError {}
