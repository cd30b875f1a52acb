import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import {
  isSettlementMessage,
  type FeedMessage,
  type Fixture,
  type ProducerId,
  type SettlementMessage,
} from './feed-messages';
import { enqueueSettlements, recordAlive, saveProducerState } from './feed.repository';
import { writeBatch, type StagedMessage } from './ingestion-batch';
import {
  applyToEvent,
  fixtureOf,
  SETTLEMENT_STATUS,
  type EventChange,
  type EventMessage,
} from './ingestion-staging';
import {
  isFinished,
  PRODUCER_ALIVE_TIMEOUT_MS,
  type FeedReadModel,
  type ReadEvent,
} from './read-model';

export type { EventChange } from './ingestion-staging';

const ALIVE_TIMEOUT_MS = PRODUCER_ALIVE_TIMEOUT_MS;
/** Messages per transaction at most (a recovery snapshot is a thousand at once). */
export const MAX_BATCH_MESSAGES = 500;
/** Messages published between two turns of the event loop after a commit. */
const PUBLISH_SLICE = 25;

export interface IngestionListener {
  eventChanged(change: EventChange): void;
  producerChanged(producer: ProducerId, up: boolean): void;
}

/** Messages staged together, committed in one transaction. */
interface Batch {
  staged: StagedMessage[];
  /** The failure count when it was opened: a batch staged on top of a failed one is refused. */
  generation: number;
  /** Settles when its transaction committed and its changes were published. */
  committed: Promise<void>;
}

/**
 * Applies feed messages in order, in batches (ADR 232). `handle` stages an event's message at
 * once, on top of what is staged before it, and returns a promise of its commit; the messages
 * staged while a transaction runs are written together by the next one (set-based: settlement
 * messages queued in the same transaction). After each commit the read model takes the
 * batch's events and the listener gets every message's change, in order. `alive`,
 * `snapshot_complete` and settlements of events no longer held wait for what is staged before
 * them. A message whose sequence is not above the event's last one (staged or committed)
 * changes nothing; the database's `last_seq` guard keeps that true across writers.
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
  /** Staged events not yet committed: the latest state of each (later messages build on it). */
  private readonly staged = new Map<number, ReadEvent>();
  /** The batch still taking messages (its transaction has not started). */
  private open: Batch | null = null;
  /** The last commit or barrier queued: each runs after the one before. */
  private tail: Promise<unknown> = Promise.resolve();
  private failures = 0;

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

  /**
   * Takes the next message of the feed. The provider calls it in the feed's order and may call
   * it again before the promise settles (it stages synchronously); the promise resolves once
   * the message is committed and published, or rejects with its transaction's error.
   */
  readonly handle = (message: FeedMessage): Promise<void> => {
    switch (message.type) {
      case 'alive':
        return this.afterStaged(() => this.onAlive(message.producer, message.timestamp));
      case 'snapshot_complete':
        return this.afterStaged(() => this.onSnapshotComplete(message.producer, message.requestId));
      default:
        return this.stage(message);
    }
  };

  /** Resolves once every message handed over so far is committed (or failed). */
  idle(): Promise<void> {
    return this.tail.then(
      () => undefined,
      () => undefined,
    );
  }

  /** Starts a recovery for each producer (at start-up, both are down until their snapshot). */
  recoverAll(): void {
    for (const producer of [1, 3] as const) this.startRecovery(producer);
  }

  /**
   * Marks producers down whose alive messages stopped. Called on a timer and after each batch,
   * with the feed time of the batch's last message: the provider's clock may be ahead of what
   * is committed (its `alive` messages still queued behind the batch).
   */
  checkAlive(now = this.options.clock()): void {
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

  private async onSnapshotComplete(producer: ProducerId, requestId: number): Promise<void> {
    if (this.recovering[producer] !== requestId) return;
    delete this.recovering[producer];
    this.lastAlive[producer] = this.options.clock();
    const heard = this.options.wallClock();
    this.lastHeard[producer] = heard.getTime();
    await recordAlive(this.db, producer, heard);
    await this.setProducer(producer, true, null);
  }

  private async onAlive(producer: ProducerId, timestamp: number): Promise<void> {
    this.lastAlive[producer] = timestamp;
    const heard = this.options.wallClock();
    this.lastHeard[producer] = heard.getTime();
    await recordAlive(this.db, producer, heard);
    if (!this.model.producerUp[producer] && this.recovering[producer] === undefined) {
      this.startRecovery(producer);
    }
    this.checkAlive(timestamp);
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

  /** Runs `work` after everything staged before it, before anything staged after. */
  private afterStaged(work: () => Promise<void>): Promise<void> {
    this.open = null;
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private stage(message: EventMessage): Promise<void> {
    const previous = this.staged.get(message.eventId) ?? this.model.events.get(message.eventId);
    if (previous && message.seq <= previous.lastSeq) return Promise.resolve();
    const fixture = fixtureOf(message);
    if (!previous && !fixture) {
      // An event this process does not hold (finished before a restart): settlement still
      // reaches betting, and market statuses follow, guarded by the sequence.
      return isSettlementMessage(message)
        ? this.afterStaged(() => this.applyDetachedSettlement(message))
        : Promise.resolve();
    }
    const { next, change } = applyToEvent(previous, message);
    const taxonomy = fixture && !this.knowsTaxonomy(fixture) ? copyTaxonomy(fixture) : null;
    this.staged.set(next.id, next);
    let batch = this.open;
    if (!batch || batch.staged.length >= MAX_BATCH_MESSAGES) {
      const opened: Batch = { staged: [], generation: this.failures, committed: Promise.resolve() };
      opened.committed = this.tail.then(() => this.commit(opened));
      this.tail = opened.committed.catch(() => undefined);
      batch = this.open = opened;
    }
    batch.staged.push({ message, next, change, taxonomy });
    return batch.committed;
  }

  private async commit(batch: Batch): Promise<void> {
    if (this.open === batch) this.open = null;
    if (batch.generation !== this.failures) {
      throw new Error('feed: not applied, an earlier batch it builds on failed');
    }
    let written: Set<number>;
    try {
      written = await writeBatch(this.db, batch.staged);
    } catch (err) {
      // What is staged builds on this batch: nothing of it is applied; the model stays as it
      // was and the next messages build on it again.
      this.failures += 1;
      this.staged.clear();
      this.open = null;
      throw err;
    }
    for (const [i, { message, next, change, taxonomy }] of batch.staged.entries()) {
      // A big batch (a recovery snapshot) is published in slices, so its pushes leave (and
      // timers run) between them instead of after one long block of the event loop.
      if (i > 0 && i % PUBLISH_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
      if (this.staged.get(next.id) === next) this.staged.delete(next.id);
      // A state the guard refused (another writer is ahead) is dropped, as before batching.
      if (!written.has(next.id)) continue;
      if (taxonomy && !this.knowsTaxonomy(taxonomy)) this.rememberTaxonomy(taxonomy);
      this.model.events.set(next.id, next);
      if (isFinished(next.status) && !this.model.finishedAt.has(next.id)) {
        this.model.finishedAt.set(next.id, message.timestamp);
      }
      this.model.version++;
      this.listener.eventChanged(change);
    }
    this.checkAlive(batch.staged.at(-1)?.message.timestamp);
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
      await enqueueSettlements(tx, [message]);
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

/** The parts of a fixture the taxonomy tables take, copied (the provider may reuse its objects). */
function copyTaxonomy(fixture: Fixture): Fixture {
  return {
    ...fixture,
    sport: { ...fixture.sport },
    category: { ...fixture.category },
    tournament: { ...fixture.tournament },
  };
}
