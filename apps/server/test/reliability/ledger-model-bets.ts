/**
 * Betting commands of the model-based ledger test: bets, settlements, cancellations and their
 * rollbacks, as the feed delivers them.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { processSettlements } from '../../src/modules/betting/settlement.service';
import { checkSelectionOpen } from '../../src/modules/feed/market-availability';
import { replayFeedMessage, selectionAt } from '../betting/betting-kit';
import {
  allBets,
  bed,
  cents,
  checkInvariants,
  counted,
  eventOf,
  eventState,
  eventWinner,
  post,
  stateOf,
  type Command,
  type Model,
  type ModelBet,
  type Real,
} from './ledger-model-kit';
/** Events the feed closed for betting by itself (kick-off time). */
const closedForBetting = new Set<number>();

export class PlaceBet implements Command {
  constructor(
    readonly user: number,
    readonly eventIndex: number,
    readonly outcome: number,
    readonly stake: number,
  ) {}
  check(m: Readonly<Model>) {
    if (m.events.length === 0) return false;
    const event = eventOf(m, this.eventIndex);
    return stateOf(event) === 'open' && !closedForBetting.has(event);
  }
  async run(m: Model, r: Real) {
    counted('PlaceBet');
    const event = eventOf(m, this.eventIndex);
    const open = await checkSelectionOpen(bed.t.deps.db, {
      eventId: event,
      marketId: 1,
      specifier: '',
      outcomeId: this.outcome,
    });
    if (!open.open) {
      // The feed closed it (its kick-off came): no bet, nothing moves.
      closedForBetting.add(event);
      await checkInvariants(m, r);
      return;
    }
    const selection = await selectionAt(bed.t, event, this.outcome);
    const res = await post('/api/core/betslip/PlaceBet', r.users[this.user]!.cookies, {
      siteId: 2,
      betType: 'single',
      stake: this.stake,
      freebetStake: 0,
      acceptOddsChanges: 'any',
      idempotencyKey: randomUUID(),
      selections: [selection],
    });
    if (cents(this.stake) > m.cash[this.user]!) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    } else {
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      m.cash[this.user]! -= cents(this.stake);
      const bet: ModelBet = {
        betId: body.betId,
        user: this.user,
        event,
        outcome: this.outcome,
        stakeAfterExcise: cents(body.figures.stakeAfterExcise),
        netPayout: cents(body.figures.netPayout),
        status: 'open',
        paid: 0,
      };
      m.bets.push(bet);
      allBets.push(bet);
    }
    await checkInvariants(m, r);
  }
  toString() {
    return `PlaceBet(u${this.user}, e${this.eventIndex}, o${this.outcome}, ${this.stake})`;
  }
}

/** Applies a settlement-like change to the model bets of an event, in bet order. */
function applyToEventBets(m: Model, event: number, apply: (bet: ModelBet, cash: number) => number) {
  const ordered = allBets
    .filter((b) => b.event === event)
    .sort((a, b) => Number(a.betId) - Number(b.betId));
  for (const bet of ordered) {
    const inRun = m.bets.includes(bet);
    const cash = inRun ? m.cash[bet.user]! : Number.MAX_SAFE_INTEGER;
    const delta = apply(bet, cash);
    if (inRun) m.cash[bet.user]! += delta;
  }
}

async function feedMessage(event: number, type: 'bet_cancel' | 'rollback_bet_cancel') {
  const row = await bed.t.deps.db
    .selectFrom('feed_events')
    .select('last_seq')
    .where('id', '=', event)
    .executeTakeFirstOrThrow();
  const base = {
    eventId: event,
    producer: 3 as const,
    timestamp: Date.now(),
    seq: row.last_seq + 1,
  };
  const markets = [{ marketId: 1, specifier: '' }];
  await bed.t.deps.feed.ingestion.handle(
    type === 'bet_cancel'
      ? { ...base, type, markets, reason: 'Match cancelled' }
      : { ...base, type, markets },
  );
}

export class Settle implements Command {
  constructor(
    readonly eventIndex: number,
    readonly home: number,
    readonly away: number,
  ) {}
  check(m: Readonly<Model>) {
    if (m.events.length === 0) return false;
    const state = stateOf(eventOf(m, this.eventIndex));
    return state === 'open' || state === 'reopened';
  }
  async run(m: Model, r: Real) {
    counted('Settle');
    const event = eventOf(m, this.eventIndex);
    let winner = eventWinner.get(event);
    if (winner === undefined) {
      const res = await post('/api/sandbox/feed/settle', undefined, {
        eventId: event,
        home: this.home,
        away: this.away,
      });
      expect(res.statusCode, res.body).toBe(200);
      winner = this.home > this.away ? 1 : this.home === this.away ? 2 : 3;
      eventWinner.set(event, winner);
    } else {
      // The match is over: after a rollback the feed settles it again with the same result.
      await replayFeedMessage(bed.t, event);
    }
    await processSettlements(bed.t.deps);
    applyToEventBets(m, event, (bet) => {
      if (bet.status !== 'open') return 0;
      bet.status = bet.outcome === winner ? 'won' : 'lost';
      bet.paid = bet.status === 'won' ? bet.netPayout : 0;
      return bet.paid;
    });
    eventState.set(event, 'settled');
    await checkInvariants(m, r);
  }
  toString() {
    return `Settle(e${this.eventIndex}, ${this.home}:${this.away})`;
  }
}

export class Cancel implements Command {
  constructor(readonly eventIndex: number) {}
  check(m: Readonly<Model>) {
    if (m.events.length === 0) return false;
    const state = stateOf(eventOf(m, this.eventIndex));
    return state === 'open' || state === 'reopened';
  }
  async run(m: Model, r: Real) {
    counted('Cancel');
    const event = eventOf(m, this.eventIndex);
    await feedMessage(event, 'bet_cancel');
    await processSettlements(bed.t.deps);
    applyToEventBets(m, event, (bet) => {
      if (bet.status !== 'open') return 0;
      bet.status = 'void';
      bet.paid = bet.stakeAfterExcise;
      return bet.paid;
    });
    eventState.set(event, 'cancelled');
    await checkInvariants(m, r);
  }
  toString() {
    return `Cancel(e${this.eventIndex})`;
  }
}

export class Rollback implements Command {
  constructor(readonly eventIndex: number) {}
  check(m: Readonly<Model>) {
    if (m.events.length === 0) return false;
    const state = stateOf(eventOf(m, this.eventIndex));
    return state === 'settled' || state === 'cancelled';
  }
  async run(m: Model, r: Real) {
    counted('Rollback');
    const event = eventOf(m, this.eventIndex);
    if (stateOf(event) === 'settled') {
      const res = await post('/api/sandbox/feed/rollback-settlement', undefined, {
        eventId: event,
      });
      expect(res.statusCode, res.body).toBe(200);
    } else {
      await feedMessage(event, 'rollback_bet_cancel');
    }
    await processSettlements(bed.t.deps);
    // The winnings (or refund) come back as far as the user's cash reaches; the house carries
    // the rest.
    applyToEventBets(m, event, (bet, cash) => {
      if (bet.status === 'open') return 0;
      const recovered = Math.min(bet.paid, cash);
      bet.status = 'open';
      bet.paid = 0;
      return -recovered;
    });
    eventState.set(event, 'reopened');
    await checkInvariants(m, r);
  }
  toString() {
    return `Rollback(e${this.eventIndex})`;
  }
}
