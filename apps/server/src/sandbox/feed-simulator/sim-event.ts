import type {
  EventState,
  EventStatus,
  Fixture,
  MarketOdds,
  MarketStatus,
  ProducerId,
} from '../../modules/feed/feed-messages';
import { MINUTE, type ScheduledFixture } from './calendar';
import { SPORTS, type SportData } from './catalogue-data';
import { priceMarkets } from './pricing';
import type { Random } from './prng';

/** One match as the simulator plays it: fixture, strengths, score, phase and current prices. */
export interface SimEvent {
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
  /** Its settlement (or cancellation) was rolled back: it may be settled or cancelled again. */
  rolledBack: boolean;
}

export const overrideKey = (marketId: number, specifier: string) => `${marketId}|${specifier}`;

/** A scheduled fixture as the feed describes it, with the teams' strengths, priced at `time`. */
export function newSimEvent(
  scheduled: ScheduledFixture,
  strengths: ReadonlyMap<string, number>,
  time: number,
): SimEvent {
  const { sport, category, tournament, index } = scheduled.tournament;
  const fixture: Fixture = {
    eventId: scheduled.eventId,
    sport: {
      id: sport.id,
      name: sport.name,
      order: sport.order,
      defaultMarketId: sport.kind === 'football' ? 1 : 186,
    },
    category: { id: category.id, name: category.name, countryCode: category.countryCode },
    tournament: {
      id: tournament.id,
      name: tournament.name,
      popular: tournament.popular,
      order: SPORTS.indexOf(sport) * 100 + index,
    },
    home: scheduled.home,
    away: scheduled.away,
    startTime: scheduled.startTime,
  };
  const event: SimEvent = {
    fixture,
    kind: sport.kind,
    homeStrength: strengths.get(scheduled.home) ?? 0,
    awayStrength: strengths.get(scheduled.away) ?? 0,
    homeScore: 0,
    awayScore: 0,
    phase: 'pre',
    status: 0,
    suspendedUntil: 0,
    lastReprice: time,
    markets: [],
    statusOverrides: new Map(),
    priceOverrides: new Map(),
    pendingCorrection: null,
    rolledBack: false,
  };
  reprice(event, time);
  return event;
}

export function minutesPlayed(event: SimEvent, time: number): number {
  return Math.floor((time - event.fixture.startTime) / MINUTE);
}

/** Football minutes in play (the 15-minute break does not count), from minutes since kick-off. */
export function footballPlayed(elapsedMin: number): number {
  return elapsedMin < 45 ? elapsedMin : elapsedMin < 60 ? 45 : Math.min(90, elapsedMin - 15);
}

/** Share of the match left. */
export function remaining(event: SimEvent, time: number): number {
  if (event.phase === 'pre') return 1;
  return Math.max(0, (90 - footballPlayed(minutesPlayed(event, time))) / 90);
}

export function view(event: SimEvent, share: number) {
  return {
    kind: event.kind,
    home: event.homeStrength,
    away: event.awayStrength,
    homeScore: event.homeScore,
    awayScore: event.awayScore,
    remaining: share,
  };
}

/** New prices from the match state, with the sandbox's status and price overrides on top. */
export function reprice(event: SimEvent, time: number): void {
  const suspended = event.suspendedUntil > time;
  const markets = priceMarkets(
    view(event, remaining(event, time)),
    { home: event.fixture.home, away: event.fixture.away },
    suspended ? -1 : 1,
  );
  for (const market of markets) {
    const k = overrideKey(market.marketId, market.specifier);
    const status = event.statusOverrides.get(k);
    if (status !== undefined) market.status = status;
    const prices = event.priceOverrides.get(k);
    if (prices) {
      for (const o of market.outcomes) o.odds = prices.get(o.outcomeId) ?? o.odds;
    }
  }
  event.markets = markets;
  event.lastReprice = time;
}

export function stateOf(event: SimEvent, time: number): EventState {
  let statusText = 'Not started';
  let clockMinute: number | null = null;
  if (event.phase === 'live') {
    const e = minutesPlayed(event, time);
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

/** Pre-match odds come from the pre-match producer (3), the rest from live (1). */
export const producerOf = (event: SimEvent): ProducerId => (event.phase === 'pre' ? 3 : 1);

/** The match total the totals markets settle on. */
export function totalOf(event: SimEvent, random: Random): number {
  if (event.kind === 'football') return event.homeScore + event.awayScore;
  // A deterministic total around each market line for sports without a live score model.
  const lines = event.markets
    .filter((m) => m.marketId === 18)
    .map((m) => Number(m.specifier.slice(6)));
  const mid = lines.length ? lines.reduce((a, b) => a + b, 0) / lines.length : 0;
  return Math.round(mid + (random() - 0.5) * mid * 0.2);
}

export function poissonDraw(random: Random, lambda: number): number {
  let k = 0;
  let p = Math.exp(-lambda);
  let cumulative = p;
  const u = random();
  while (u > cumulative && k < 20) {
    k++;
    p = (p * lambda) / k;
    cumulative += p;
  }
  return k;
}
