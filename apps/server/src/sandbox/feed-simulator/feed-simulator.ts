import {
  FeedControlError,
  type EventState,
  type EventStatus,
  type FeedHandler,
  type FeedMessage,
  type Fixture,
  type MarketOdds,
  type MarketStatus,
  type ProducerId,
  type SimulatedFeed,
} from '../../modules/feed/feed-messages';
import { SPORTS, type SportData, type TournamentData } from './catalogue-data';
import { goalRates, priceMarkets, resultsFor } from './pricing';
import { mulberry32, pick, type Random } from './prng';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const ALIVE_INTERVAL_MS = 10 * SECOND;
const DRIFT_INTERVAL_MS = 5 * SECOND;
const LIVE_REPRICE_INTERVAL_MS = 15 * SECOND;
const GOAL_SUSPENSION_MS = 20 * SECOND;
const CORRECTION_DELAY_MS = 30 * SECOND;
/** Football: 45 min, 15 min half-time, 45 min. */
const FOOTBALL_LENGTH_MIN = 105;
const OTHER_LENGTH_MS: Record<Exclude<SportData['kind'], 'football'>, number> = {
  basketball: 130 * MINUTE,
  tennis: 100 * MINUTE,
  'ice-hockey': 150 * MINUTE,
  volleyball: 100 * MINUTE,
  rugby: 100 * MINUTE,
};

export interface FeedSimulatorOptions {
  seed: number;
  /** Simulated time at construction (epoch ms). */
  startAt: number;
  /** Simulated milliseconds per real millisecond when running on its own timer. */
  speed?: number;
  fixturesPerTournament?: number;
  /** Live football matches kept in play. */
  liveTarget?: number;
  /** Now and then drop a producer by itself (off by default, and in tests). */
  outages?: boolean;
}

interface SimEvent {
  fixture: Fixture;
  kind: SportData['kind'];
  homeStrength: number;
  awayStrength: number;
  homeScore: number;
  awayScore: number;
  phase: 'pre' | 'live' | 'settled';
  status: EventStatus;
  /** Markets stay suspended until this time after a goal. */
  suspendedUntil: number;
  lastReprice: number;
  markets: MarketOdds[];
  /** Sandbox overrides, keyed `marketId|specifier`. */
  statusOverrides: Map<string, MarketStatus>;
  priceOverrides: Map<string, Map<number, number>>;
  pendingCorrection: { at: number; step: 'rollback' | 'resettle' } | null;
}

interface SimTournament {
  sport: SportData;
  category: SportData['categories'][number];
  tournament: TournamentData;
  strengths: Map<string, number>;
}

const key = (marketId: number, specifier: string) => `${marketId}|${specifier}`;

/**
 * The sandbox odds feed: a deterministic world driven by a seeded PRNG and a simulated clock.
 * `advance(ms)` steps the clock by whole seconds; `run()` does so on a real timer at `speed`.
 * Every control (pause, goal, price, settle, producer down/up) runs through one queue, so
 * messages always leave in order.
 */
export class FeedSimulator implements SimulatedFeed {
  readonly name = 'simulator';
  private readonly random: Random;
  private time: number;
  private seq = 0;
  private seqSecond = 0;
  private nextEventId: number;
  private readonly events = new Map<number, SimEvent>();
  private readonly tournaments: SimTournament[] = [];
  private readonly offline = new Set<ProducerId>();
  /** New fixtures waiting to be sent with the next price drift. */
  private readonly announced: number[] = [];
  private handler: FeedHandler | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private lastAlive = Number.NEGATIVE_INFINITY;
  private lastDrift: number;
  private paused = false;
  speed: number;
  private readonly fixturesPerTournament: number;
  private readonly liveTarget: number;
  private readonly outages: boolean;

  constructor(options: FeedSimulatorOptions) {
    this.random = mulberry32(options.seed);
    this.time = Math.floor(options.startAt / SECOND) * SECOND;
    // Event ids depend on the start minute: a restarted simulator (a new world) never reuses
    // the ids of a previous run, whose events ingestion then cancels instead of reviving.
    this.nextEventId = 30_000_001 + (Math.floor(options.startAt / MINUTE) % 5_000) * 20_000;
    this.lastDrift = this.time;
    this.speed = options.speed ?? 1;
    this.fixturesPerTournament = options.fixturesPerTournament ?? 14;
    this.liveTarget = options.liveTarget ?? 6;
    this.outages = options.outages ?? false;
    this.buildCatalogue();
  }

  now(): number {
    return this.time;
  }

  isPaused(): boolean {
    return this.paused;
  }

  /** Every fixture the simulator currently offers, by kick-off. */
  fixtures(): Fixture[] {
    return [...this.events.values()]
      .filter((e) => e.phase !== 'settled')
      .map((e) => e.fixture)
      .sort((a, b) => a.startTime - b.startTime || a.eventId - b.eventId);
  }

  /** Current markets of an event (for tests and sandbox answers). */
  marketsOf(eventId: number): MarketOdds[] | undefined {
    return this.events.get(eventId)?.markets;
  }

  liveEventIds(): number[] {
    return [...this.events.values()]
      .filter((e) => e.phase === 'live')
      .map((e) => e.fixture.eventId);
  }

  async start(handler: FeedHandler): Promise<void> {
    this.handler = handler;
  }

  /** Runs the clock on a real timer: every 250 ms, 250 × speed simulated ms. */
  run(): void {
    if (this.timer) return;
    let carry = 0;
    this.timer = setInterval(() => {
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
    this.handler = null;
  }

  private enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
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
    return this.enqueue(async () => undefined);
  }

  setSpeed(speed: number): void {
    this.speed = speed;
  }

  /** Steps simulated time by `ms` (rounded to whole seconds), delivering what happens. */
  advance(ms: number): Promise<void> {
    return this.enqueue(async () => {
      const steps = Math.max(1, Math.round(ms / SECOND));
      for (let i = 0; i < steps; i++) await this.step();
    });
  }

  requestRecovery(producer: ProducerId, requestId: number): Promise<void> {
    return this.enqueue(async () => {
      if (this.offline.has(producer)) return;
      for (const event of this.sortedEvents()) {
        if (event.phase === 'settled' || this.producerOf(event) !== producer) continue;
        await this.emitOdds(event, true);
      }
      await this.emit({ type: 'snapshot_complete', requestId, ...this.stamp(producer) });
    });
  }

  // ---- sandbox controls -------------------------------------------------------------------

  forceGoal(eventId: number, team: 'home' | 'away'): Promise<void> {
    return this.enqueue(async () => {
      const event = this.requireEvent(eventId);
      if (event.phase !== 'live') throw new SimulatorError(`Event ${eventId} is not live.`);
      await this.goal(event, team);
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
      this.reprice(event);
      await this.emitOdds(event, false);
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
      this.reprice(event);
      await this.emitOdds(event, false);
    });
  }

  /** Ends the event now and settles it, from the given score or the current one. */
  settleNow(eventId: number, score?: { home: number; away: number }): Promise<void> {
    return this.enqueue(async () => {
      const event = this.requireEvent(eventId);
      if (event.phase === 'settled') throw new SimulatorError(`Event ${eventId} is settled.`);
      if (score) {
        event.homeScore = score.home;
        event.awayScore = score.away;
      }
      await this.finish(event, 'settle');
    });
  }

  rollbackSettlement(eventId: number): Promise<void> {
    return this.enqueue(async () => {
      const event = this.requireEvent(eventId);
      if (event.phase !== 'settled') throw new SimulatorError(`Event ${eventId} is not settled.`);
      await this.emit({
        type: 'rollback_bet_settlement',
        eventId,
        markets: event.markets.map((m) => ({ marketId: m.marketId, specifier: m.specifier })),
        ...this.stamp(this.producerOf(event)),
      });
    });
  }

  /** The producer goes silent: no alive, no messages, until `producerUp`. */
  producerDown(producer: ProducerId): Promise<void> {
    return this.enqueue(async () => {
      this.offline.add(producer);
    });
  }

  producerUp(producer: ProducerId): Promise<void> {
    return this.enqueue(async () => {
      this.offline.delete(producer);
      await this.emit({ type: 'alive', subscribed: true, ...this.stamp(producer) });
    });
  }

  isProducerOnline(producer: ProducerId): boolean {
    return !this.offline.has(producer);
  }

  // ---- world ------------------------------------------------------------------------------

  private buildCatalogue(): void {
    for (const sport of SPORTS) {
      for (const category of sport.categories) {
        for (const tournament of category.tournaments) {
          const strengths = new Map<string, number>();
          for (const team of tournament.teams) strengths.set(team, this.random() * 2 - 1);
          this.tournaments.push({ sport, category, tournament, strengths });
        }
      }
    }
    for (const t of this.tournaments) {
      for (let i = 0; i < this.fixturesPerTournament; i++) {
        const start = this.time + 30 * MINUTE + this.random() * 7 * DAY;
        this.addEvent(t, Math.ceil(start / (15 * MINUTE)) * 15 * MINUTE);
      }
    }
    // A steady set of matches already in play.
    const football = this.tournaments.filter((t) => t.sport.kind === 'football');
    for (let i = 0; i < this.liveTarget; i++) {
      const elapsedMin = 5 + Math.floor(this.random() * 80);
      const event = this.addEvent(pick(this.random, football), this.time - elapsedMin * MINUTE);
      event.phase = 'live';
      event.status = 1;
      const played = Math.min(90, elapsedMin > 60 ? elapsedMin - 15 : Math.min(45, elapsedMin));
      const [lh, la] = goalRates(this.view(event, 1));
      event.homeScore = this.poissonDraw((lh * played) / 90);
      event.awayScore = this.poissonDraw((la * played) / 90);
      this.reprice(event);
    }
  }

  private addEvent(t: SimTournament, startTime: number): SimEvent {
    const home = pick(this.random, t.tournament.teams);
    let away = pick(this.random, t.tournament.teams);
    while (away === home) away = pick(this.random, t.tournament.teams);
    const sportIndex = SPORTS.indexOf(t.sport);
    const fixture: Fixture = {
      eventId: this.nextEventId++,
      sport: {
        id: t.sport.id,
        name: t.sport.name,
        order: t.sport.order,
        defaultMarketId: t.sport.kind === 'football' ? 1 : 186,
      },
      category: { id: t.category.id, name: t.category.name, countryCode: t.category.countryCode },
      tournament: {
        id: t.tournament.id,
        name: t.tournament.name,
        popular: t.tournament.popular,
        order: sportIndex * 100 + this.tournaments.indexOf(t),
      },
      home,
      away,
      startTime,
    };
    const event: SimEvent = {
      fixture,
      kind: t.sport.kind,
      homeStrength: t.strengths.get(home) ?? 0,
      awayStrength: t.strengths.get(away) ?? 0,
      homeScore: 0,
      awayScore: 0,
      phase: 'pre',
      status: 0,
      suspendedUntil: 0,
      lastReprice: this.time,
      markets: [],
      statusOverrides: new Map(),
      priceOverrides: new Map(),
      pendingCorrection: null,
    };
    this.events.set(fixture.eventId, event);
    this.reprice(event);
    return event;
  }

  private poissonDraw(lambda: number): number {
    let k = 0;
    let p = Math.exp(-lambda);
    let cumulative = p;
    const u = this.random();
    while (u > cumulative && k < 20) {
      k++;
      p = (p * lambda) / k;
      cumulative += p;
    }
    return k;
  }

  private minutesPlayed(event: SimEvent): number {
    return Math.floor((this.time - event.fixture.startTime) / MINUTE);
  }

  /** Share of the match left, from the elapsed minutes (football has a 15-minute break). */
  private remaining(event: SimEvent): number {
    if (event.phase === 'pre') return 1;
    const e = this.minutesPlayed(event);
    const played = e < 45 ? e : e < 60 ? 45 : Math.min(90, e - 15);
    return Math.max(0, (90 - played) / 90);
  }

  private view(event: SimEvent, remaining = this.remaining(event)) {
    return {
      kind: event.kind,
      home: event.homeStrength,
      away: event.awayStrength,
      homeScore: event.homeScore,
      awayScore: event.awayScore,
      remaining,
    };
  }

  private reprice(event: SimEvent): void {
    const suspended = event.suspendedUntil > this.time;
    const markets = priceMarkets(
      this.view(event),
      { home: event.fixture.home, away: event.fixture.away },
      suspended ? -1 : 1,
    );
    for (const market of markets) {
      const k = key(market.marketId, market.specifier);
      const status = event.statusOverrides.get(k);
      if (status !== undefined) market.status = status;
      const prices = event.priceOverrides.get(k);
      if (prices) {
        for (const o of market.outcomes) o.odds = prices.get(o.outcomeId) ?? o.odds;
      }
    }
    event.markets = markets;
    event.lastReprice = this.time;
  }

  private state(event: SimEvent): EventState {
    let statusText = 'Not started';
    let clockMinute: number | null = null;
    if (event.phase === 'live') {
      const e = this.minutesPlayed(event);
      if (event.kind !== 'football') statusText = 'Started';
      else if (e < 45) [statusText, clockMinute] = ['1st half', e + 1];
      else if (e < 60) [statusText, clockMinute] = ['Halftime', 45];
      else [statusText, clockMinute] = ['2nd half', Math.min(90, e - 14)];
    } else if (event.phase === 'settled') {
      statusText = event.status === 5 ? 'Cancelled' : 'Ended';
    }
    return {
      status: event.status,
      clockMinute,
      homeScore: event.homeScore,
      awayScore: event.awayScore,
      statusText,
    };
  }

  private producerOf(event: SimEvent): ProducerId {
    return event.phase === 'pre' ? 3 : 1;
  }

  private sortedEvents(): SimEvent[] {
    return [...this.events.values()].sort((a, b) => a.fixture.eventId - b.fixture.eventId);
  }

  private requireEvent(eventId: number): SimEvent {
    const event = this.events.get(eventId);
    if (!event) throw new SimulatorError(`Event ${eventId} is not in the feed.`);
    return event;
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

  // ---- delivery ---------------------------------------------------------------------------

  /**
   * Sequence numbers grow with simulated time (seconds × 10^6 + a counter), so a restarted
   * simulator, whose clock starts at the real time again, continues above what the database
   * already holds instead of being ignored as stale.
   */
  private stamp(producer: ProducerId = 3) {
    const second = Math.floor(this.time / SECOND);
    if (second !== this.seqSecond) {
      this.seqSecond = second;
      this.seq = 0;
    }
    return { producer, timestamp: this.time, seq: second * 1_000_000 + ++this.seq };
  }

  private async emit(message: FeedMessage): Promise<void> {
    if (this.offline.has(message.producer) || !this.handler) return;
    await this.handler(message);
  }

  private async emitOdds(event: SimEvent, withFixture: boolean): Promise<void> {
    await this.emit({
      type: 'odds_change',
      eventId: event.fixture.eventId,
      ...(withFixture ? { fixture: event.fixture } : {}),
      state: this.state(event),
      markets: event.markets,
      ...this.stamp(this.producerOf(event)),
    });
  }

  // ---- the clock --------------------------------------------------------------------------

  private async step(): Promise<void> {
    this.time += SECOND;
    if (this.time - this.lastAlive >= ALIVE_INTERVAL_MS) {
      this.lastAlive = this.time;
      if (this.outages && this.random() < 0.002)
        this.offline.add(pick(this.random, [1, 3] as const));
      else if (this.outages && this.offline.size > 0 && this.random() < 0.2) this.offline.clear();
      for (const producer of [1, 3] as const) {
        await this.emit({ type: 'alive', subscribed: true, ...this.stamp(producer) });
      }
    }
    for (const event of this.sortedEvents()) {
      if (event.phase === 'pre' && event.fixture.startTime <= this.time) await this.kickOff(event);
      else if (event.phase === 'live') await this.play(event);
      else if (event.pendingCorrection && event.pendingCorrection.at <= this.time) {
        await this.correct(event);
      } else if (
        event.phase === 'settled' &&
        this.time - event.fixture.startTime > 6 * 60 * MINUTE
      ) {
        this.events.delete(event.fixture.eventId);
      }
    }
    if (this.time - this.lastDrift >= DRIFT_INTERVAL_MS) {
      this.lastDrift = this.time;
      await this.drift();
    }
    await this.keepLiveSet();
  }

  private async kickOff(event: SimEvent): Promise<void> {
    event.phase = 'live';
    event.status = 1;
    if (event.kind !== 'football') {
      // Only pre-match prices are offered for these sports: betting stops at the start.
      await this.emit({ type: 'bet_stop', eventId: event.fixture.eventId, ...this.stamp(1) });
      for (const m of event.markets) m.status = -1;
      await this.emitOdds(event, true);
      return;
    }
    this.reprice(event);
    await this.emitOdds(event, true);
  }

  private async play(event: SimEvent): Promise<void> {
    if (event.kind !== 'football') {
      const length = OTHER_LENGTH_MS[event.kind];
      if (this.time - event.fixture.startTime >= length) await this.finish(event, 'auto');
      return;
    }
    const elapsed = this.minutesPlayed(event);
    if (elapsed >= FOOTBALL_LENGTH_MIN) {
      await this.finish(event, 'auto');
      return;
    }
    const inPlay = elapsed < 45 || elapsed >= 60;
    if (inPlay) {
      const [lh, la] = goalRates(this.view(event, 1));
      const u = this.random();
      const perSecondHome = lh / (90 * 60);
      const perSecondAway = la / (90 * 60);
      if (u < perSecondHome) {
        await this.goal(event, 'home');
        return;
      }
      if (u < perSecondHome + perSecondAway) {
        await this.goal(event, 'away');
        return;
      }
    }
    const resumed = event.suspendedUntil > 0 && event.suspendedUntil <= this.time;
    if (resumed || this.time - event.lastReprice >= LIVE_REPRICE_INTERVAL_MS) {
      if (resumed) event.suspendedUntil = 0;
      this.reprice(event);
      await this.emitOdds(event, false);
    }
  }

  private async goal(event: SimEvent, team: 'home' | 'away'): Promise<void> {
    if (team === 'home') event.homeScore++;
    else event.awayScore++;
    event.suspendedUntil = this.time + GOAL_SUSPENSION_MS;
    await this.emit({ type: 'bet_stop', eventId: event.fixture.eventId, ...this.stamp(1) });
    this.reprice(event);
    await this.emitOdds(event, false);
  }

  private async finish(event: SimEvent, how: 'auto' | 'settle'): Promise<void> {
    const producer: ProducerId = 1;
    if (event.kind !== 'football' && how === 'auto') {
      const winner = event.markets.find((m) => m.marketId === 186)?.outcomes ?? [];
      const [home, away] = winner.map((o) => 1 / Math.max(o.odds, 101));
      const winnerHome = this.random() < (home ?? 1) / ((home ?? 1) + (away ?? 1));
      event.homeScore = winnerHome ? 1 : 0;
      event.awayScore = winnerHome ? 0 : 1;
    }
    const cancel = how === 'auto' && this.random() < 0.03;
    event.phase = 'settled';
    event.status = cancel ? 5 : 3;
    for (const m of event.markets) m.status = 0;
    await this.emitOdds(event, false);
    const refs = event.markets.map((m) => ({ marketId: m.marketId, specifier: m.specifier }));
    if (cancel) {
      await this.emit({
        type: 'bet_cancel',
        eventId: event.fixture.eventId,
        markets: refs,
        reason: 'Match cancelled',
        ...this.stamp(producer),
      });
    } else {
      await this.settle(event);
      if (how === 'auto' && this.random() < 0.05) {
        event.pendingCorrection = { at: this.time + CORRECTION_DELAY_MS, step: 'rollback' };
      }
    }
    if (how === 'auto') this.replace(event);
  }

  private total(event: SimEvent): number {
    if (event.kind === 'football') return event.homeScore + event.awayScore;
    // A deterministic total around each market line for sports without a live score model.
    const lines = event.markets
      .filter((m) => m.marketId === 18)
      .map((m) => Number(m.specifier.slice(6)));
    const mid = lines.length ? lines.reduce((a, b) => a + b, 0) / lines.length : 0;
    return Math.round(mid + (this.random() - 0.5) * mid * 0.2);
  }

  private async settle(event: SimEvent): Promise<void> {
    await this.emit({
      type: 'bet_settlement',
      eventId: event.fixture.eventId,
      certainty: 1,
      markets: resultsFor(event.markets, {
        home: event.homeScore,
        away: event.awayScore,
        total: this.total(event),
      }),
      ...this.stamp(1),
    });
  }

  /** Now and then a settlement is corrected: rolled back, then settled again. */
  private async correct(event: SimEvent): Promise<void> {
    const pending = event.pendingCorrection;
    if (!pending) return;
    if (pending.step === 'rollback') {
      await this.emit({
        type: 'rollback_bet_settlement',
        eventId: event.fixture.eventId,
        markets: event.markets.map((m) => ({ marketId: m.marketId, specifier: m.specifier })),
        ...this.stamp(1),
      });
      event.pendingCorrection = { at: this.time + CORRECTION_DELAY_MS, step: 'resettle' };
    } else {
      event.pendingCorrection = null;
      await this.settle(event);
    }
  }

  /** A finished fixture is replaced by a new one a week ahead, so the week stays full. */
  private replace(event: SimEvent): void {
    const t = this.tournaments.find((x) => x.tournament.id === event.fixture.tournament.id);
    if (!t) return;
    const start = this.time + 6 * DAY + this.random() * DAY;
    const next = this.addEvent(t, Math.ceil(start / (15 * MINUTE)) * 15 * MINUTE);
    this.announced.push(next.fixture.eventId);
  }

  private async drift(): Promise<void> {
    for (const id of this.announced.splice(0)) {
      const next = this.events.get(id);
      if (next) await this.emitOdds(next, true);
    }
    const pre = this.sortedEvents().filter((e) => e.phase === 'pre');
    if (pre.length === 0) return;
    for (let i = 0; i < 4; i++) {
      const event = pick(this.random, pre);
      event.homeStrength += (this.random() - 0.5) * 0.06;
      event.awayStrength += (this.random() - 0.5) * 0.06;
      this.reprice(event);
      await this.emitOdds(event, false);
    }
  }

  /** Keeps `liveTarget` football matches in play by bringing the next kick-off forward. */
  private async keepLiveSet(): Promise<void> {
    let live = 0;
    let next: SimEvent | null = null;
    for (const e of this.events.values()) {
      if (e.kind !== 'football') continue;
      if (e.phase === 'live') live++;
      else if (e.phase === 'pre' && (!next || e.fixture.startTime < next.fixture.startTime))
        next = e;
    }
    if (live >= this.liveTarget || !next) return;
    next.fixture = { ...next.fixture, startTime: this.time };
    await this.emit({
      type: 'fixture_change',
      eventId: next.fixture.eventId,
      fixture: next.fixture,
      ...this.stamp(3),
    });
    await this.kickOff(next);
  }
}

export class SimulatorError extends FeedControlError {}
