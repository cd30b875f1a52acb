import type { FeedHandler, FeedMessage, ProducerId } from '../../modules/feed/feed-messages';
import { SECOND } from './calendar';
import { producerOf, stateOf, type SimEvent } from './sim-event';

/** Distributes `Omit` over a union, so each message type keeps its own fields. */
type Unstamped<T> = T extends unknown ? Omit<T, 'producer' | 'timestamp' | 'seq'> : never;

/** Messages handed to ingestion and not yet committed, at most, before `send` waits. */
export const MAX_UNSETTLED = 1_000;

/**
 * Where the simulator's messages leave: stamped with producer, simulated time and sequence,
 * and dropped while their producer is taken down (a silent producer sends nothing). Like a
 * real feed's consumer, it hands each message over in order without waiting for the one
 * before to be committed (ingestion batches them, ADR 232), up to `MAX_UNSETTLED` at a time.
 */
export class SimOutbox {
  handler: FeedHandler | null = null;
  readonly offline = new Set<ProducerId>();
  private seq = 0;
  private seqSecond = 0;
  private readonly unsettled = new Set<Promise<void>>();
  /** What was handed over since the last `takeSent` (the control being run's messages). */
  private sent: Promise<void>[] = [];

  constructor(private readonly clock: () => number) {}

  /**
   * Sequence numbers grow with simulated time (seconds × 10^6 + a counter), so a restarted
   * simulator, whose clock starts at the real time again, continues above what the database
   * already holds instead of being ignored as stale.
   */
  stamp(producer: ProducerId = 3) {
    const time = this.clock();
    const second = Math.floor(time / SECOND);
    if (second !== this.seqSecond) {
      this.seqSecond = second;
      this.seq = 0;
    }
    return { producer, timestamp: time, seq: second * 1_000_000 + ++this.seq };
  }

  /** Sends the message from `producer`, stamped now; waits only while too many are unsettled. */
  async send(producer: ProducerId, message: Unstamped<FeedMessage>): Promise<void> {
    if (this.offline.has(producer) || !this.handler) return;
    const done = this.handler({ ...message, ...this.stamp(producer) } as FeedMessage);
    this.sent.push(done);
    const settled = done.then(
      () => undefined,
      () => undefined,
    );
    this.unsettled.add(settled);
    void settled.then(() => this.unsettled.delete(settled));
    while (this.unsettled.size >= MAX_UNSETTLED) await Promise.race(this.unsettled);
  }

  /** The commits of the messages sent since the last call. */
  takeSent(): Promise<void>[] {
    const sent = this.sent;
    this.sent = [];
    return sent;
  }

  /** Resolves once every message handed over so far is committed or failed. */
  async settled(): Promise<void> {
    await Promise.all(this.unsettled);
  }

  /** The event's state and markets (and, with `withFixture`, its fixture). */
  async odds(event: SimEvent, withFixture: boolean): Promise<void> {
    await this.send(producerOf(event), {
      type: 'odds_change',
      eventId: event.fixture.eventId,
      ...(withFixture ? { fixture: event.fixture } : {}),
      state: stateOf(event, this.clock()),
      markets: event.markets,
    });
  }

  /** Every market of the event, as settlement messages name them. */
  static marketRefs(event: SimEvent) {
    return event.markets.map((m) => ({ marketId: m.marketId, specifier: m.specifier }));
  }
}
