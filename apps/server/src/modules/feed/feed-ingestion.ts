import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import {
  isSettlementMessage,
  type FeedMessage,
  type Fixture,
  type MarketStatus,
  type ProducerId,
  type SettlementMessage,
} from './feed-messages';
import {
  enqueueSettlement,
  recordAlive,
  saveEvent,
  saveMarkets,
  saveProducerState,
  upsertTaxonomy,
} from './feed.repository';
import {
  cloneEvent,
  isFinished,
  marketKey,
  PRODUCER_ALIVE_TIMEOUT_MS,
  type FeedReadModel,
  type ReadEvent,
  type ReadMarket,
} from './read-model';

const ALIVE_TIMEOUT_MS = PRODUCER_ALIVE_TIMEOUT_MS;

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

export interface IngestionListener {
  eventChanged(change: EventChange): void;
  producerChanged(producer: ProducerId, up: boolean): void;
}

const SETTLEMENT_STATUS: Record<string, MarketStatus> = {
  bet_settlement: -3,
  rollback_bet_settlement: 0,
  bet_cancel: -4,
  rollback_bet_cancel: 0,
};

/**
 * Applies feed messages, one at a time and in order: the database first (one transaction per
 * message, settlement messages queued in the same transaction), then the read model, then the
 * listener. A message whose sequence is not above the event's last one changes nothing.
 */
export class FeedIngestion {
  private readonly lastAlive: Record<ProducerId, number> = { 1: 0, 3: 0 };
  /**
   * Wall-clock time each producer was last heard (alive or snapshot). PlaceBet judges a producer
   * by the wall-clock age of its last alive in the database; the flags here (what
   * `/api/uof/status` and the lists say) must go down by the same rule, also when the feed's
   * own clock stands still (a paused simulator) or runs slow.
   */
  private readonly lastHeard: Record<ProducerId, number> = { 1: 0, 3: 0 };
  private readonly recovering: Partial<Record<ProducerId, number>> = {};
  private nextRequestId = 1;

  constructor(
    private readonly db: Db,
    private readonly model: FeedReadModel,
    private readonly listener: IngestionListener,
    private readonly options: {
      clock: () => number;
      wallClock: () => Date;
      requestRecovery: (producer: ProducerId, requestId: number) => void;
      log: FastifyBaseLogger;
    },
  ) {}

  readonly handle = async (message: FeedMessage): Promise<void> => {
    switch (message.type) {
      case 'alive':
        return this.onAlive(message.producer, message.timestamp);
      case 'snapshot_complete':
        if (this.recovering[message.producer] === message.requestId) {
          delete this.recovering[message.producer];
          this.lastAlive[message.producer] = this.options.clock();
          const heard = this.options.wallClock();
          this.lastHeard[message.producer] = heard.getTime();
          await recordAlive(this.db, message.producer, heard);
          await this.setProducer(message.producer, true, null);
        }
        return;
      default:
        await this.applyEventMessage(message);
        this.checkAlive();
    }
  };

  /** Starts a recovery for each producer (at start-up, both are down until their snapshot). */
  recoverAll(): void {
    for (const producer of [1, 3] as const) this.startRecovery(producer);
  }

  /** Marks producers down whose alive messages stopped. Called on a timer and per message. */
  checkAlive(): void {
    const now = this.options.clock();
    const wallNow = this.options.wallClock().getTime();
    for (const producer of [1, 3] as const) {
      const silent =
        now - this.lastAlive[producer] > ALIVE_TIMEOUT_MS ||
        wallNow - this.lastHeard[producer] > ALIVE_TIMEOUT_MS;
      if (this.model.producerUp[producer] && silent) {
        void this.setProducer(producer, false, 'no alive for 20 s').catch((err: unknown) =>
          this.options.log.warn({ err }, 'feed: producer state not saved'),
        );
      }
    }
  }

  async markDown(producer: ProducerId, reason: string): Promise<void> {
    await this.setProducer(producer, false, reason);
  }

  private async onAlive(producer: ProducerId, timestamp: number): Promise<void> {
    this.lastAlive[producer] = timestamp;
    const heard = this.options.wallClock();
    this.lastHeard[producer] = heard.getTime();
    await recordAlive(this.db, producer, heard);
    if (!this.model.producerUp[producer] && this.recovering[producer] === undefined) {
      this.startRecovery(producer);
    }
    this.checkAlive();
  }

  private startRecovery(producer: ProducerId): void {
    const requestId = this.nextRequestId++;
    this.recovering[producer] = requestId;
    // Not awaited: the provider delivers the snapshot through `handle`, after this message.
    this.options.requestRecovery(producer, requestId);
  }

  private async setProducer(producer: ProducerId, up: boolean, reason: string | null) {
    if (this.model.producerUp[producer] === up) return;
    this.model.producerUp[producer] = up;
    this.model.version++;
    await saveProducerState(this.db, producer, { up, at: this.options.wallClock(), reason });
    this.listener.producerChanged(producer, up);
  }

  private async applyEventMessage(
    message: Exclude<FeedMessage, { type: 'alive' | 'snapshot_complete' }>,
  ): Promise<void> {
    const previous = this.model.events.get(message.eventId);
    if (previous && message.seq <= previous.lastSeq) return;
    const fixture =
      message.type === 'fixture_change'
        ? message.fixture
        : message.type === 'odds_change'
          ? message.fixture
          : undefined;

    if (!previous && !fixture) {
      // An event this process does not hold (finished before a restart): settlement still
      // reaches betting, and market statuses follow, guarded by the sequence.
      if (isSettlementMessage(message)) await this.applyDetachedSettlement(message);
      return;
    }

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

    const markets = [...changed.values()];
    const taxonomyKnown = fixture ? this.knowsTaxonomy(fixture) : true;
    const written = await this.db.transaction().execute(async (tx) => {
      if (fixture && !taxonomyKnown) await upsertTaxonomy(tx, fixture);
      if (!(await saveEvent(tx, next))) return false;
      await saveMarkets(tx, next.id, markets);
      if (isSettlementMessage(message)) await enqueueSettlement(tx, message);
      return true;
    });
    if (!written) return;

    if (fixture && !taxonomyKnown) this.rememberTaxonomy(fixture);
    this.model.events.set(next.id, next);
    if (isFinished(next.status) && !this.model.finishedAt.has(next.id)) {
      this.model.finishedAt.set(next.id, message.timestamp);
    }
    this.model.version++;
    this.listener.eventChanged({
      event: next,
      previous,
      markets,
      statusChanged,
      liveStateChanged,
      fixtureChanged,
      deleted: isFinished(next.status) && !(previous && isFinished(previous.status)),
      timestamp: message.timestamp,
    });
  }

  private async applyDetachedSettlement(message: SettlementMessage): Promise<void> {
    const status = SETTLEMENT_STATUS[message.type] ?? 0;
    await this.db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('feed_events')
        .set({ last_seq: message.seq })
        .where('id', '=', message.eventId)
        .where('last_seq', '<', message.seq)
        .executeTakeFirst();
      const known = await tx
        .selectFrom('feed_events')
        .select('id')
        .where('id', '=', message.eventId)
        .executeTakeFirst();
      if (known && Number(updated.numUpdatedRows) === 0) return;
      for (const ref of message.markets) {
        await tx
          .updateTable('feed_markets')
          .set({ status })
          .where('event_id', '=', message.eventId)
          .where('market_id', '=', ref.marketId)
          .where('specifier', '=', ref.specifier)
          .execute();
      }
      await enqueueSettlement(tx, message);
    });
  }

  private knowsTaxonomy(fixture: Fixture): boolean {
    const s = this.model.sports.get(fixture.sport.id);
    const c = this.model.categories.get(fixture.category.id);
    const t = this.model.tournaments.get(fixture.tournament.id);
    return (
      s?.name === fixture.sport.name &&
      s.order === fixture.sport.order &&
      s.defaultMarketId === fixture.sport.defaultMarketId &&
      c?.name === fixture.category.name &&
      c.countryCode === fixture.category.countryCode &&
      t?.name === fixture.tournament.name &&
      t.popular === fixture.tournament.popular &&
      t.order === fixture.tournament.order
    );
  }

  private rememberTaxonomy(fixture: Fixture): void {
    const { sport, category, tournament } = fixture;
    this.model.taxonomyVersion++;
    this.model.sports.set(sport.id, {
      id: sport.id,
      name: sport.name,
      order: sport.order,
      defaultMarketId: sport.defaultMarketId,
    });
    this.model.categories.set(category.id, {
      id: category.id,
      sportId: sport.id,
      name: category.name,
      countryCode: category.countryCode,
    });
    this.model.tournaments.set(tournament.id, {
      id: tournament.id,
      sportId: sport.id,
      categoryId: category.id,
      name: tournament.name,
      popular: tournament.popular,
      order: tournament.order,
    });
  }
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
