import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { FeedStatus } from '@dau/contracts/sports/feed-status';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { LeaderElection } from '../../db/leader-election';
import type { Realtime } from '../../realtime/socket-server';
import { FeedIngestion } from './feed-ingestion';
import type { EventStatus, FeedProvider, ProducerId, SimulatedFeed } from './feed-messages';
import { FeedPublisher } from './feed-publisher';
import { FeedSnapshots } from './feed-snapshot';
import { FeedReadModel, isFinished } from './read-model';

/**
 * Advisory lock of feed ingestion: the class ("feed" in the 0200 migration range) and, as the
 * second key, a hash of the connection's schema. Instances sharing a schema elect one leader;
 * separate schemas on one server (other deployments, parallel test files) never contend.
 */
const INGESTION_LOCK_CLASS = 200_001;
const ingestionLock = sql`${sql.lit(INGESTION_LOCK_CLASS)}, hashtext(current_schema())`;

/**
 * The odds feed of one server: the read model every instance serves lists from, and, on the
 * instance that ingests, the provider (built by the composition from FEED_MODE: the sandbox
 * simulator, or none) wired to ingestion and the realtime fan-out.
 */
export class FeedService {
  readonly model = new FeedReadModel();
  readonly publisher: FeedPublisher;
  /** What a (re)joining client is sent at once (ADR 230). */
  readonly snapshots = new FeedSnapshots(this.model, () => this.connected);
  readonly ingestion: FeedIngestion;
  /** The sandbox controls, when the feed is simulated (`/api/sandbox/feed`, demo seed, tests). */
  readonly simulator: SimulatedFeed | null;
  private readonly provider: FeedProvider | null;
  private connected = false;
  private watchdog: NodeJS.Timeout | null = null;
  private election: LeaderElection | null = null;
  private closing = false;

  constructor(
    private readonly deps: {
      config: Config;
      db: Db;
      realtime: Realtime;
      now: () => Date;
      log: FastifyBaseLogger;
      /** The odds feed; null when this deployment has none (FEED_MODE=off). */
      provider: FeedProvider | null;
      /** The same provider's sandbox controls when it is the simulator. */
      simulator: SimulatedFeed | null;
    },
  ) {
    this.provider = deps.provider;
    this.simulator = deps.simulator;
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
    const startedAt = Date.now();
    await this.model.load(this.deps.db, this.deps.now());
    this.snapshots.loaded(startedAt);
  }

  /** Whether another instance may ingest the feed (this one stands for election, not leading). */
  isFollower(): boolean {
    return this.election !== null && !this.connected;
  }

  /** Whether this instance ingests the feed (always, unless it lost the election). */
  isIngesting(): boolean {
    return this.connected;
  }

  /**
   * With several instances (REDIS_URL set, PostgreSQL), one runs the feed: the holder of a
   * session advisory lock. The others retry now and then and meanwhile refresh their read
   * model from the database; their clients get pushes from the leader through the Redis
   * adapter. If the leader dies its session ends, the lock is freed and a follower takes over;
   * a leader whose session died stops ingesting and stands again (ADR 127).
   */
  startElection(): void {
    if (!this.election) {
      const { db, config, log } = this.deps;
      this.election = new LeaderElection(db, {
        lock: ingestionLock,
        name: 'feed',
        retryMs: config.feed.electionRetryMs,
        lead: () => this.connect({ run: true }),
        // Closing stops everything itself (close()); a lost session stops ingesting only.
        stepDown: () => (this.closing ? Promise.resolve() : this.stopIngesting()),
        follow: () => this.load(),
        log,
      });
    }
    this.election.start();
  }

  /**
   * Stops ingesting (the provider and its watchdog) when the election's session died: another
   * instance may lead now (ADR 127). The read model stays for reads and is refreshed from the
   * database while following.
   */
  private async stopIngesting(): Promise<void> {
    if (!this.connected) return;
    this.connected = false;
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    await this.provider?.stop();
  }

  /**
   * Connects the provider and asks both producers for a snapshot. With `run`, the simulator
   * also starts its own clock (`npm start`); tests step it with `simulator.advance(ms)`.
   */
  async connect(options: { run?: boolean } = {}): Promise<void> {
    if (!this.provider) return;
    if (!this.connected) {
      this.connected = true;
      // Whatever a previous process recorded, nothing is bettable until the snapshots are in.
      await this.deps.db
        .updateTable('feed_producers')
        .set({ up: false, down_reason: 'feed connecting', down_since: this.deps.now() })
        .where('up', '=', true)
        .execute();
      this.model.producerUp[1] = false;
      this.model.producerUp[3] = false;
      await this.handOverToSimulator();
      await this.provider.start(this.ingestion.handle);
      this.model.disconnected = false;
      this.deps.realtime.toAll('Connected');
      this.deps.realtime.toAll('feedStatus', this.status());
      this.ingestion.recoverAll();
      this.watchdog = setInterval(() => {
        this.ingestion.checkAlive();
        this.model.pruneFinished(this.provider?.now() ?? this.deps.now().getTime());
      }, 1000);
      this.watchdog.unref();
    }
    await this.simulator?.idle();
    await this.retireStaleSimulatedEvents();
    if (options.run) this.simulator?.run();
  }

  /**
   * A restarted simulator of the same seed offers the same fixtures under the same ids: it
   * takes over what the database holds (scores of matches in play, finished events, matches
   * that ended while it was down), so a restart voids nothing.
   */
  private async handOverToSimulator(): Promise<void> {
    if (!this.simulator) return;
    const open = [...this.model.events.values()];
    const ids = this.simulator.fixtures().map((f) => f.eventId);
    const finished = ids.length
      ? await this.deps.db
          .selectFrom('feed_events')
          .select(['id', 'home', 'away', 'status', 'home_score', 'away_score'])
          .where('id', 'in', ids)
          .where('status', 'in', [3, 4, 5, 9])
          .execute()
      : [];
    const adopted = this.simulator.adopt([
      ...open.map((e) => ({
        eventId: e.id,
        home: e.home,
        away: e.away,
        status: e.status,
        homeScore: e.homeScore,
        awayScore: e.awayScore,
      })),
      ...finished.map((e) => ({
        eventId: Number(e.id),
        home: e.home,
        away: e.away,
        status: e.status as EventStatus,
        homeScore: e.home_score,
        awayScore: e.away_score,
      })),
    ]);
    if (adopted > 0) this.deps.log.info({ adopted }, 'feed: the simulator took over its events');
  }

  /**
   * Events the simulator does not know (another seed's world, or retired ids) would otherwise
   * stay open forever. They are cancelled through ingestion (so bets on them are refunded by
   * betting from the outbox) and leave the lists.
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
    this.closing = true;
    await this.election?.close();
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    await this.provider?.stop();
    this.publisher.close();
    if (this.connected) {
      this.connected = false;
      this.model.disconnected = true;
      this.deps.realtime.toAll('Disconnected');
      this.deps.realtime.toAll('feedStatus', this.status());
    }
  }
}
