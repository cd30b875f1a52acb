import type { Cents } from '@dau/domain/money';
import type { AppDeps } from '../../app-types';
import type { EventChange, IngestionListener } from '../feed/feed-ingestion';
import { cashoutStates, offerResponse, priceCashout } from './cashout.service';

/** Offers of the bets on a market reach their owners at most this often (latest wins). */
export const CASHOUT_PUSH_MS = 200;
/** Open bets priced per read: a few queries per thousand bets. */
const BETS_PER_READ = 1_000;
/** Remembered offers beyond this are forgotten (each bet's next change is pushed again). */
const REMEMBERED_OFFERS = 200_000;

/**
 * Cash-out offers pushed as prices move (issue #21 item 1). The instance that ingests the feed
 * hears every committed change; every `CASHOUT_PUSH_MS` it re-prices the open cash bets with a
 * leg on the events that changed (every open bet when a producer went down or up) and pushes
 * `CashoutOffer` to each owner whose offer changed — its value, or its availability when a
 * market was suspended or a producer is down. Pushes reach the owner's sockets on any instance
 * (Redis adapter). Free-bet stakes never have an offer, so they are not priced.
 */
export class CashoutOfferPusher implements IngestionListener {
  private readonly events = new Set<number>();
  private everyBet = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly last = new Map<number, string>();
  private closed = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly onError: (err: unknown) => void,
  ) {}

  eventChanged(change: EventChange): void {
    if (change.markets.length === 0 && change.statusChanged.length === 0 && !change.deleted) {
      return;
    }
    this.events.add(change.event.id);
    this.schedule();
  }

  producerChanged(): void {
    this.everyBet = true;
    this.schedule();
  }

  /** Prices and pushes what changed since the last run (tests call it instead of waiting). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.running) await this.running;
    if (this.events.size === 0 && !this.everyBet) return;
    const events = [...this.events];
    const everyBet = this.everyBet;
    this.events.clear();
    this.everyBet = false;
    this.running = this.pushOffers(everyBet ? null : events)
      .catch(this.onError)
      .finally(() => {
        this.running = null;
      });
    await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.running) await this.running;
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.flush(), CASHOUT_PUSH_MS);
    this.timer.unref();
  }

  /** Every open cash bet with a leg on `events` (null: every open cash bet), in id order. */
  private async pushOffers(events: number[] | null): Promise<void> {
    const { db, realtime } = this.deps;
    let after = 0;
    for (;;) {
      let query = db
        .selectFrom('bets')
        .selectAll()
        .where('status', '=', 'open')
        .where('freebet_stake', '=', 0)
        .where('id', '>', after);
      if (events) {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('bet_selections as s')
              .select('s.bet_id')
              .whereRef('s.bet_id', '=', 'bets.id')
              .where('s.event_id', 'in', events),
          ),
        );
      }
      const bets = await query.orderBy('id').limit(BETS_PER_READ).execute();
      if (bets.length === 0) return;
      after = bets[bets.length - 1]!.id;
      const states = await cashoutStates(this.deps, db, bets);
      if (this.last.size > REMEMBERED_OFFERS) this.last.clear();
      for (const state of states) {
        const { bet } = state;
        const offer = offerResponse(bet, bet.stake as Cents, priceCashout(state));
        const signature = `${offer.stake}:${offer.available}:${offer.value}:${offer.reason}`;
        if (this.last.get(bet.id) === signature) continue;
        this.last.set(bet.id, signature);
        realtime.toUser(bet.user_id, 'CashoutOffer', offer);
      }
      if (bets.length < BETS_PER_READ) return;
    }
  }
}
