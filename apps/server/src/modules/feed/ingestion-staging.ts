import {
  isSettlementMessage,
  type FeedMessage,
  type Fixture,
  type MarketStatus,
  type ProducerId,
} from './feed-messages';
import { cloneEvent, isFinished, marketKey, type ReadEvent, type ReadMarket } from './read-model';

/** A feed message about one event (not `alive` nor `snapshot_complete`). */
export type EventMessage = Exclude<FeedMessage, { type: 'alive' | 'snapshot_complete' }>;

/** What one applied message changed, for the realtime fan-out after commit. */
export interface EventChange {
  event: ReadEvent;
  previous: ReadEvent | undefined;
  /** Markets whose prices, active flags or status changed. */
  markets: ReadMarket[];
  /** Markets whose status changed (suspended, reopened, settled, cancelled). */
  statusChanged: ReadMarket[];
  liveStateChanged: boolean;
  fixtureChanged: boolean;
  /** The event just left the lists. */
  deleted: boolean;
  /** Feed time of the message, epoch ms. */
  timestamp: number;
}

export const SETTLEMENT_STATUS: Record<string, MarketStatus> = {
  bet_settlement: -3,
  rollback_bet_settlement: 0,
  bet_cancel: -4,
  rollback_bet_cancel: 0,
};

/** The fixture a message carries, if any. */
export function fixtureOf(message: EventMessage): Fixture | undefined {
  if (message.type === 'fixture_change') return message.fixture;
  if (message.type === 'odds_change') return message.fixture;
  return undefined;
}

/**
 * The event after `message`, applied to `previous` (never mutated: the read model and the list
 * caches rely on an event object not changing, ADR 219), and what changed. `previous` must be
 * set unless the message carries a fixture.
 */
export function applyToEvent(
  previous: ReadEvent | undefined,
  message: EventMessage,
): { next: ReadEvent; change: EventChange } {
  const fixture = fixtureOf(message);
  const next: ReadEvent = previous
    ? cloneEvent(previous)
    : newEvent(fixture as Fixture, message.producer, message.seq);
  next.lastSeq = message.seq;
  let fixtureChanged = false;
  if (fixture) fixtureChanged = applyFixture(next, fixture) || !previous;

  const changed = new Map<string, ReadMarket>();
  const statusChanged: ReadMarket[] = [];
  const setStatus = (market: ReadMarket, status: MarketStatus) => {
    if (market.status === status) return;
    market.status = status;
    changed.set(marketKey(market.marketId, market.specifier), market);
    statusChanged.push(market);
  };

  let liveStateChanged = false;
  if (message.type === 'odds_change') {
    next.producer = message.producer;
    if (message.state) {
      const s = message.state;
      liveStateChanged =
        next.status !== s.status ||
        next.clockMinute !== s.clockMinute ||
        next.homeScore !== s.homeScore ||
        next.awayScore !== s.awayScore ||
        next.statusText !== s.statusText;
      next.status = s.status;
      next.clockMinute = s.clockMinute;
      next.homeScore = s.homeScore;
      next.awayScore = s.awayScore;
      next.statusText = s.statusText;
    }
    for (const incoming of message.markets) {
      const key = marketKey(incoming.marketId, incoming.specifier);
      const old = next.markets.get(key);
      const market: ReadMarket = {
        marketId: incoming.marketId,
        specifier: incoming.specifier,
        name: incoming.name,
        status: incoming.status,
        outcomes: incoming.outcomes.map((o) => ({ ...o })),
      };
      if (!old || !sameMarket(old, market)) {
        changed.set(key, market);
        if (!old || old.status !== market.status) statusChanged.push(market);
      }
      next.markets.set(key, market);
    }
  } else if (message.type === 'bet_stop') {
    for (const market of next.markets.values()) {
      if (market.status !== 1) continue;
      if (message.marketIds && !message.marketIds.includes(market.marketId)) continue;
      setStatus(market, -1);
    }
  } else if (isSettlementMessage(message)) {
    const status = SETTLEMENT_STATUS[message.type] ?? 0;
    for (const ref of message.markets) {
      const market = next.markets.get(marketKey(ref.marketId, ref.specifier));
      if (market) setStatus(market, status);
    }
  }

  return {
    next,
    change: {
      event: next,
      previous,
      markets: [...changed.values()],
      statusChanged,
      liveStateChanged,
      fixtureChanged,
      deleted: isFinished(next.status) && !(previous && isFinished(previous.status)),
      timestamp: message.timestamp,
    },
  };
}

function newEvent(fixture: Fixture, producer: ProducerId, seq: number): ReadEvent {
  return {
    id: fixture.eventId,
    sportId: fixture.sport.id,
    categoryId: fixture.category.id,
    tournamentId: fixture.tournament.id,
    home: fixture.home,
    away: fixture.away,
    startTime: fixture.startTime,
    status: 0,
    clockMinute: null,
    homeScore: 0,
    awayScore: 0,
    statusText: 'Not started',
    producer,
    lastSeq: seq,
    markets: new Map(),
  };
}

function applyFixture(event: ReadEvent, fixture: Fixture): boolean {
  const changed =
    event.home !== fixture.home ||
    event.away !== fixture.away ||
    event.startTime !== fixture.startTime ||
    event.tournamentId !== fixture.tournament.id;
  event.sportId = fixture.sport.id;
  event.categoryId = fixture.category.id;
  event.tournamentId = fixture.tournament.id;
  event.home = fixture.home;
  event.away = fixture.away;
  event.startTime = fixture.startTime;
  return changed;
}

function sameMarket(a: ReadMarket, b: ReadMarket): boolean {
  if (a.status !== b.status || a.name !== b.name || a.outcomes.length !== b.outcomes.length) {
    return false;
  }
  return a.outcomes.every((o, i) => {
    const other = b.outcomes[i];
    return (
      other !== undefined &&
      other.outcomeId === o.outcomeId &&
      other.odds === o.odds &&
      other.active === o.active
    );
  });
}
