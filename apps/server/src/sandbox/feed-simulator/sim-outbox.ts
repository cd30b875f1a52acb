import type { FeedHandler, FeedMessage, ProducerId } from '../../modules/feed/feed-messages';
import { SECOND } from './calendar';
import { producerOf, stateOf, type SimEvent } from './sim-event';

/** Distributes `Omit` over a union, so each message type keeps its own fields. */
type Unstamped<T> = T extends unknown ? Omit<T, 'producer' | 'timestamp' | 'seq'> : never;

/**
 * Where the simulator's messages leave: stamped with producer, simulated time and sequence,
 * and dropped while their producer is taken down (a silent producer sends nothing).
 */
export class SimOutbox {
  handler: FeedHandler | null = null;
  readonly offline = new Set<ProducerId>();
  private seq = 0;
  private seqSecond = 0;

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

  /** Sends the message from `producer`, stamped now. */
  async send(producer: ProducerId, message: Unstamped<FeedMessage>): Promise<void> {
    if (this.offline.has(producer) || !this.handler) return;
    await this.handler({ ...message, ...this.stamp(producer) } as FeedMessage);
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
