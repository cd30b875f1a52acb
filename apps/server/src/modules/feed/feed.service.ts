import type { FastifyBaseLogger } from 'fastify';
import type { FeedStatus } from '@dau/contracts/sports/feed-status';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Realtime } from '../../realtime/socket-server';
import { FeedSimulator } from '../../sandbox/feed-simulator/feed-simulator';
import { FeedIngestion } from './feed-ingestion';
import type { FeedProvider, ProducerId } from './feed-messages';
import { FeedPublisher } from './feed-publisher';
import { FeedReadModel, isFinished } from './read-model';

/**
 * The odds feed of one server: the read model every instance serves lists from, and, on the
 * instance that ingests, the provider (the sandbox simulator unless a real feed is configured)
 * wired to ingestion and the realtime fan-out.
 */
export class FeedService {
  readonly model = new FeedReadModel();
  readonly publisher: FeedPublisher;
  readonly ingestion: FeedIngestion;
  /** The sandbox simulator, when the feed is simulated (sandbox controls drive it). */
  readonly simulator: FeedSimulator | null;
  private readonly provider: FeedProvider | null;
  private connected = false;
  private watchdog: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      config: Config;
      db: Db;
      realtime: Realtime;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {
    const { config } = deps;
    this.simulator =
      config.feed.mode === 'off'
        ? null
        : new FeedSimulator({
            seed: config.feed.seed,
            startAt: deps.now().getTime(),
            speed: config.feed.speed,
            fixturesPerTournament: config.feed.fixturesPerTournament,
            liveTarget: config.feed.liveTarget,
            outages: config.feed.outages,
          });
    this.provider = this.simulator;
    this.publisher = new FeedPublisher(deps.realtime, this.model);
    const provider = this.provider;
    this.ingestion = new FeedIngestion(deps.db, this.model, this.publisher, {
      clock: () => provider?.now() ?? deps.now().getTime(),
      wallClock: deps.now,
      requestRecovery: (producer, requestId) => {
        provider?.requestRecovery(producer, requestId).catch((err: unknown) => {
          deps.log.warn({ err, producer }, 'feed: recovery request failed');
        });
      },
      log: deps.log,
    });
  }

  /** Loads the read model from the database (what a restarted or non-ingesting instance has). */
  async load(): Promise<void> {
    await this.deps.db
      .updateTable('feed_producers')
      .set({ up: false, down_reason: 'server started', down_since: this.deps.now() })
      .where('up', '=', true)
      .execute();
    await this.model.load(this.deps.db);
  }

  /**
   * Connects the provider and asks both producers for a snapshot. With `run`, the simulator
   * also starts its own clock (`npm start`); tests step it with `simulator.advance(ms)`.
   */
  async connect(options: { run?: boolean } = {}): Promise<void> {
    if (!this.provider) return;
    if (!this.connected) {
      this.connected = true;
      await this.provider.start(this.ingestion.handle);
      this.model.disconnected = false;
      this.deps.realtime.toAll('Connected');
      this.deps.realtime.toAll('feedStatus', this.status());
      this.ingestion.recoverAll();
      this.watchdog = setInterval(() => this.ingestion.checkAlive(), 1000);
      this.watchdog.unref();
    }
    await this.simulator?.idle();
    await this.retireStaleSimulatedEvents();
    if (options.run) this.simulator?.run();
  }

  /**
   * A restarted simulator builds a new world; events of the previous run that it does not know
   * would otherwise stay open forever. They are cancelled through ingestion (so bets on them
   * are refunded by betting from the outbox) and leave the lists.
   */
  private async retireStaleSimulatedEvents(): Promise<void> {
    if (!this.simulator) return;
    const known = new Set(this.simulator.fixtures().map((f) => f.eventId));
    const stale = [...this.model.events.values()].filter(
      (e) => !known.has(e.id) && !isFinished(e.status),
    );
    const timestamp = this.simulator.now();
    for (const event of stale) {
      await this.ingestion.handle({
        type: 'bet_cancel',
        eventId: event.id,
        markets: [...event.markets.values()].map((m) => ({
          marketId: m.marketId,
          specifier: m.specifier,
        })),
        reason: 'The sandbox feed restarted without this event',
        producer: event.producer,
        timestamp,
        seq: event.lastSeq + 1,
      });
      await this.ingestion.handle({
        type: 'odds_change',
        eventId: event.id,
        state: {
          status: 5,
          clockMinute: null,
          homeScore: event.homeScore,
          awayScore: event.awayScore,
          statusText: 'Cancelled',
        },
        markets: [],
        producer: event.producer,
        timestamp,
        seq: event.lastSeq + 2,
      });
    }
    if (stale.length > 0) this.deps.log.info({ count: stale.length }, 'feed: retired stale events');
  }

  status(): FeedStatus {
    return this.publisher.status();
  }

  /** Sandbox: the producer stops sending; it is down at once (not after the 20 s timeout). */
  async forceProducerDown(producer: ProducerId): Promise<void> {
    await this.simulator?.producerDown(producer);
    await this.ingestion.markDown(producer, 'taken down in the sandbox');
  }

  /** Sandbox: the producer sends again; it is up once its recovery snapshot completes. */
  async forceProducerUp(producer: ProducerId): Promise<void> {
    await this.simulator?.producerUp(producer);
    await this.simulator?.idle();
  }

  async close(): Promise<void> {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    await this.provider?.stop();
    this.publisher.close();
    if (this.connected) {
      this.connected = false;
      this.model.disconnected = true;
    }
  }
}
