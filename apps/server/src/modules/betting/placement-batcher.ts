import type { AppDeps } from '../../app-types';
import { announceBetsPlaced } from './open-bets-index';
import { bookBets, type BookOutcome, type Booked, type SlipToBook } from './book-bets';

/** Slips booked in one database transaction at most. */
export const MAX_BATCH = 64;
/** Booking transactions in flight at once per instance (the next one gathers meanwhile). */
export const BATCHES_IN_FLIGHT = 2;

interface Waiting {
  slip: SlipToBook;
  resolve(booked: Booked): void;
  reject(error: unknown): void;
}

/**
 * Group commit for bet placement (ADR 202). A slip that arrives while this instance's booking
 * transactions are all in flight waits for one to end, and the slips waiting then are booked
 * together in one transaction (`bookBets`): one commit, and a handful of statements, for many
 * bets. Nothing waits for a timer: an idle instance books a slip at once, alone.
 *
 * Each slip answers only after its transaction ended, with its own outcome: a slip refused
 * inside a batch (odds, market, responsible gambling, funds, a repeated key) never fails another.
 * When the whole transaction fails (a lost connection, a deadlock with another writer), its
 * slips are booked again one by one, each in its own transaction, so an error one of them
 * causes stays with it.
 */
export class PlacementBatcher {
  private readonly queue: Waiting[] = [];
  private inFlight = 0;

  constructor(
    private readonly deps: AppDeps,
    private readonly options: { maxBatch?: number; inFlight?: number } = {},
  ) {}

  book(slip: SlipToBook): Promise<Booked> {
    return new Promise<Booked>((resolve, reject) => {
      this.queue.push({ slip, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    const slots = this.options.inFlight ?? BATCHES_IN_FLIGHT;
    while (this.queue.length > 0 && this.inFlight < slots) {
      const batch = this.queue.splice(0, this.options.maxBatch ?? MAX_BATCH);
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        this.next();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    let outcomes: BookOutcome[];
    try {
      outcomes = await this.transaction(batch.map((w) => w.slip));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // The whole batch failed: each slip on its own, so only the one at fault fails.
      await Promise.all(batch.map((w) => this.run([w])));
      return;
    }
    // Every instance's open-bets index learns of the new bets, rows and all, in one message.
    announceBetsPlaced(
      this.deps.realtime,
      outcomes.flatMap((o) => ('booked' in o ? [o.booked.indexed] : [])),
    );
    batch.forEach((w, i) => {
      const outcome = outcomes[i]!;
      if ('booked' in outcome) w.resolve(outcome.booked);
      else w.reject(outcome.refused);
    });
  }

  private transaction(slips: SlipToBook[]): Promise<BookOutcome[]> {
    return this.deps.db.transaction().execute((tx) => bookBets(this.deps, tx, slips));
  }
}

const batchers = new WeakMap<AppDeps, PlacementBatcher>();

/** This instance's batcher (one per set of dependencies, made on first use). */
export function placementBatcher(deps: AppDeps): PlacementBatcher {
  let batcher = batchers.get(deps);
  if (!batcher) {
    batcher = new PlacementBatcher(deps);
    batchers.set(deps, batcher);
  }
  return batcher;
}
