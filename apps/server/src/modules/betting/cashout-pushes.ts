import type { Cents } from '@dau/domain/money';
import type { AppDeps } from '../../app-types';
import { CoalescedRun } from '../../realtime/coalesced-run';
import type { EventChange, IngestionListener } from '../feed/feed-ingestion';
import { cashoutStatesInModel, offerResponse, priceCashout } from './cashout.service';
import { BETS_CHANGED, OpenBetsIndex } from './open-bets-index';

/** Offers of the bets on a market reach their owners at most this often (latest wins). */
export const CASHOUT_PUSH_MS = 100;
/** The open-bets index is read again whole this often (heals a lost announcement). */
export const OPEN_BETS_RESYNC_MS = 60_000;
/** Bets priced before yielding to the event loop (sockets and requests keep moving). */
const BETS_PER_SLICE = 1_000;
/** Remembered offers beyond this are forgotten (each bet's next change is pushed again). */
const REMEMBERED_OFFERS = 200_000;

/**
 * Cash-out offers pushed as prices move (issue #21 item 1, ADR 220). The instance that ingests
 * the feed hears every committed change; every `CASHOUT_PUSH_MS` it re-prices the open cash bets
 * with a leg on the events that changed (every open bet when a producer went down or up) and
 * pushes `CashoutOffer` to each owner whose offer changed — its value, or its availability when a
 * market was suspended or a producer is down. The bets come from an in-memory index of open bets
 * by event (`OpenBetsIndex`, loaded when this instance first prices and kept current by the bets
 * announced on any instance), the prices from this instance's read model: no database read per
 * change. Pushes reach the owner's sockets on any instance (Redis adapter). The push is only an
 * offer: taking it re-prices from the database in the cash-out's transaction.
 */
export class CashoutOfferPusher implements IngestionListener {
  readonly index: OpenBetsIndex;
  private readonly events = new Set<number>();
  private everyBet = false;
  private readonly pushes: CoalescedRun;
  private readonly resyncTimer: NodeJS.Timeout;
  private readonly last = new Map<number, string>();

  constructor(
    private readonly deps: AppDeps,
    onError: (err: unknown) => void,
  ) {
    this.pushes = new CoalescedRun(CASHOUT_PUSH_MS, () => this.pushChanged(), onError);
    this.index = new OpenBetsIndex(deps.db, {
      onRemoved: (betId) => this.last.delete(betId),
      onError,
    });
    deps.realtime.onInstanceMessage(BETS_CHANGED, (ids) => this.index.changed(ids));
    this.resyncTimer = setInterval(() => {
      // Only the ingesting instance prices; another one forgets the bets until it leads.
      if (!deps.feed.isIngesting()) this.index.stop();
      else this.index.resync();
    }, OPEN_BETS_RESYNC_MS);
    this.resyncTimer.unref();
  }

  eventChanged(change: EventChange): void {
    if (change.markets.length === 0 && change.statusChanged.length === 0 && !change.deleted) {
      return;
    }
    this.events.add(change.event.id);
    this.pushes.schedule();
  }

  producerChanged(): void {
    this.everyBet = true;
    this.pushes.schedule();
  }

  /** Prices and pushes what changed since the last run (tests call it instead of waiting). */
  flush(): Promise<void> {
    return this.pushes.flush();
  }

  async close(): Promise<void> {
    clearInterval(this.resyncTimer);
    await this.pushes.close();
    await this.index.idle();
    this.index.stop();
  }

  private async pushChanged(): Promise<void> {
    if (this.events.size === 0 && !this.everyBet) return;
    const events = [...this.events];
    const everyBet = this.everyBet;
    this.events.clear();
    this.everyBet = false;
    await this.pushOffers(everyBet ? null : events);
  }

  /**
   * The open cash bets with a leg on `events` (null: every one), those of the event that moved
   * first first (`events` keeps the order of the first change of each).
   */
  private async pushOffers(events: number[] | null): Promise<void> {
    const { realtime } = this.deps;
    // Loads the index the first time; then waits only for announced changes not read yet.
    await this.index.start();
    const bets = events ? this.index.on(events) : this.index.all();
    if (this.last.size > REMEMBERED_OFFERS) this.last.clear();
    for (let i = 0; i < bets.length; i += BETS_PER_SLICE) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      const slice = bets.slice(i, i + BETS_PER_SLICE);
      const sports = new Map<number, number>();
      for (const { legs } of slice) {
        for (const leg of legs) if (leg.sport_id !== null) sports.set(leg.event_id, leg.sport_id);
      }
      const states = cashoutStatesInModel(
        this.deps,
        slice.map((b) => b.bet),
        slice.flatMap((b) => b.legs),
        (eventId) => sports.get(eventId),
      );
      for (const state of states) {
        const { bet } = state;
        // Read again meanwhile (settled, cashed out): its next change prices what it is now.
        if (this.index.get(bet.id)?.bet !== bet) continue;
        const offer = offerResponse(bet, bet.stake as Cents, priceCashout(state));
        const signature = `${offer.stake}:${offer.available}:${offer.value}:${offer.reason}`;
        if (this.last.get(bet.id) === signature) continue;
        this.last.set(bet.id, signature);
        realtime.toUser(bet.user_id, 'CashoutOffer', offer);
      }
    }
  }
}
