/**
 * Messages of the odds feed, with the semantics of the industry's unified odds feeds (see the
 * glossary). A provider (the sandbox simulator, or later a real feed adapter) delivers them in
 * order; ingestion never needs to know which provider it is talking to.
 */

/** 1 = live odds, 3 = pre-match. */
export type ProducerId = 1 | 3;
export const PRODUCERS: readonly ProducerId[] = [1, 3];

/** 1 active, 0 deactivated, -1 suspended, -2 handed over, -3 settled, -4 cancelled. */
export type MarketStatus = 1 | 0 | -1 | -2 | -3 | -4;

/**
 * 0 not started, 1 live, 2 suspended, 3 ended, 4 closed, 5 cancelled, 6 delayed,
 * 7 interrupted, 8 postponed, 9 abandoned.
 */
export type EventStatus = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export interface Fixture {
  eventId: number;
  sport: { id: number; name: string; order: number; defaultMarketId: number };
  category: { id: number; name: string; countryCode: string | null };
  tournament: { id: number; name: string; popular: boolean; order: number };
  home: string;
  away: string;
  /** Kick-off, epoch milliseconds. */
  startTime: number;
}

export interface OutcomeOdds {
  outcomeId: number;
  name: string;
  /** Decimal odds in hundredths (185 = 1.85). */
  odds: number;
  active: boolean;
}

export interface MarketOdds {
  marketId: number;
  /** e.g. `total=2.5`; empty for markets without a specifier. */
  specifier: string;
  name: string;
  status: MarketStatus;
  outcomes: OutcomeOdds[];
}

export interface EventState {
  status: EventStatus;
  /** Minute of play for live events. */
  clockMinute: number | null;
  homeScore: number;
  awayScore: number;
  /** Human text of the match phase, e.g. '1st half', 'Halftime', 'Ended'. */
  statusText: string;
}

export interface OutcomeResult {
  outcomeId: number;
  /** 1 won, 0 lost. */
  result: 0 | 1;
  /** 1 = full refund, 0.5 = half refund. */
  voidFactor?: number;
  deadHeatFactor?: number;
}

export interface MarketRef {
  marketId: number;
  specifier: string;
}

interface Base {
  producer: ProducerId;
  /** Provider time of the message, epoch milliseconds. */
  timestamp: number;
  /**
   * Strictly increasing per provider. Ingestion applies a message for an event only if its
   * sequence is above the last one applied to that event: duplicates and stale messages are
   * ignored, so re-delivery after a crash changes nothing.
   */
  seq: number;
}

export type FeedMessage =
  | (Base & { type: 'fixture_change'; eventId: number; fixture: Fixture })
  | (Base & {
      type: 'odds_change';
      eventId: number;
      /** Sent with the first odds of an event and whenever the fixture is re-sent in recovery. */
      fixture?: Fixture;
      state?: EventState;
      markets: MarketOdds[];
    })
  | (Base & { type: 'bet_stop'; eventId: number; marketIds?: number[] })
  | (Base & {
      type: 'bet_settlement';
      eventId: number;
      /** Whether the outcomes are certain (1) or may still change (0) on this producer. */
      certainty: 0 | 1;
      markets: (MarketRef & { outcomes: OutcomeResult[] })[];
    })
  | (Base & { type: 'rollback_bet_settlement'; eventId: number; markets: MarketRef[] })
  | (Base & {
      type: 'bet_cancel';
      eventId: number;
      markets: MarketRef[];
      /** Only bets placed in this window are cancelled (epoch ms); absent means all. */
      startTime?: number;
      endTime?: number;
      reason: string;
    })
  | (Base & {
      type: 'rollback_bet_cancel';
      eventId: number;
      markets: MarketRef[];
      startTime?: number;
      endTime?: number;
    })
  | (Base & { type: 'alive'; subscribed: boolean })
  | (Base & { type: 'snapshot_complete'; requestId: number });

export type SettlementMessage = Extract<
  FeedMessage,
  { type: 'bet_settlement' | 'rollback_bet_settlement' | 'bet_cancel' | 'rollback_bet_cancel' }
>;

export const SETTLEMENT_TYPES: readonly SettlementMessage['type'][] = [
  'bet_settlement',
  'rollback_bet_settlement',
  'bet_cancel',
  'rollback_bet_cancel',
];

export function isSettlementMessage(message: FeedMessage): message is SettlementMessage {
  return (SETTLEMENT_TYPES as readonly string[]).includes(message.type);
}

/** Receives messages one at a time; the provider awaits each call, which keeps them in order. */
export type FeedHandler = (message: FeedMessage) => Promise<void>;

export interface FeedProvider {
  readonly name: string;
  /** Provider clock (epoch ms): the simulator's may run faster than real time. */
  now(): number;
  start(handler: FeedHandler): Promise<void>;
  stop(): Promise<void>;
  /**
   * Asks for a snapshot of the producer's current odds (and fixtures), delivered as ordinary
   * messages and closed with `snapshot_complete`.
   */
  requestRecovery(producer: ProducerId, requestId: number): Promise<void>;
}

/**
 * The sandbox controls of a simulated feed (the built-in simulator): `/api/sandbox/feed/...`,
 * the demo seed and the tests drive the feed through them. A real feed has none; the
 * composition (`src/composition.ts`) hands the feed service both the provider and, when the
 * provider is the simulator, these controls.
 */
/** An event as the database last recorded it, handed to a restarted simulator. */
export interface KnownEvent {
  eventId: number;
  home: string;
  away: string;
  status: EventStatus;
  homeScore: number;
  awayScore: number;
}

export interface SimulatedFeed extends FeedProvider {
  /**
   * Before `start`: takes over the events a previous run of the same world left (scores of the
   * matches in play, what has finished); returns how many it recognised.
   */
  adopt(events: readonly KnownEvent[]): number;
  fixtures(): Fixture[];
  marketsOf(eventId: number): MarketOdds[] | undefined;
  liveEventIds(): number[];
  isPaused(): boolean;
  isProducerOnline(producer: ProducerId): boolean;
  /** Runs the simulated clock on a real timer (`npm start`); tests `advance` it instead. */
  run(): void;
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Resolves once every queued control and message has been delivered. */
  idle(): Promise<void>;
  setSpeed(speed: number): void;
  advance(ms: number): Promise<void>;
  forceGoal(eventId: number, team: 'home' | 'away'): Promise<void>;
  setMarketStatus(
    eventId: number,
    marketId: number,
    specifier: string,
    status: MarketStatus,
  ): Promise<void>;
  /** Odds in hundredths. */
  setPrice(
    eventId: number,
    marketId: number,
    specifier: string,
    outcomeId: number,
    odds: number,
  ): Promise<void>;
  /** Ends and settles the event; after a rollback, settles it again. */
  settleNow(eventId: number, score?: { home: number; away: number }): Promise<void>;
  /** Cancels the event (bets on it void); after a rollback too. */
  cancelNow(eventId: number, reason?: string): Promise<void>;
  /** Rolls back its settlement (or its cancellation). */
  rollbackSettlement(eventId: number): Promise<void>;
  producerDown(producer: ProducerId): Promise<void>;
  producerUp(producer: ProducerId): Promise<void>;
}

/** A sandbox control the simulated feed cannot carry out (unknown event, market, ...): a 400. */
export class FeedControlError extends Error {}
