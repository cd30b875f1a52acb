import type { Db } from '../../db/database';
import { isSettlementMessage, type Fixture, type SettlementMessage } from './feed-messages';
import { saveBatch, upsertTaxonomy } from './feed.repository';
import type { EventChange, EventMessage } from './ingestion-staging';
import type { ReadEvent, ReadMarket } from './read-model';
import { marketKey } from './read-model';

/** One message applied to the staged state, waiting for its batch's commit. */
export interface StagedMessage {
  message: EventMessage;
  /** The event after this message. */
  next: ReadEvent;
  change: EventChange;
  /** The fixture's sport, category and tournament when the read model does not know them yet. */
  taxonomy: Fixture | null;
}

/**
 * Writes a batch of staged messages, set-based (ADR 232): each event's last state once (its
 * sequence guarded in the database), each market changed by any of the batch's messages once at
 * its last state, every settlement message into the outbox. An event the guard refuses (another
 * writer holds a newer sequence) gets nothing of this batch written: neither markets nor
 * settlements. It is one statement, so one round trip and its own commit (ADR 233); only a batch
 * that brings a new sport, category or tournament wraps it in a transaction with their upserts.
 * Returns the ids of the events written.
 */
export async function writeBatch(db: Db, staged: readonly StagedMessage[]): Promise<Set<number>> {
  const finals = new Map<number, ReadEvent>();
  const changedKeys = new Map<number, Set<string>>();
  const taxonomies = new Map<number, Fixture>();
  const settlements: SettlementMessage[] = [];
  for (const { message, next, change, taxonomy } of staged) {
    finals.set(next.id, next);
    let keys = changedKeys.get(next.id);
    if (!keys) changedKeys.set(next.id, (keys = new Set()));
    for (const m of change.markets) keys.add(marketKey(m.marketId, m.specifier));
    if (taxonomy) taxonomies.set(taxonomy.tournament.id, taxonomy);
    if (isSettlementMessage(message)) settlements.push(message);
  }
  const events = [...finals.values()].sort((a, b) => a.id - b.id);
  const markets: { eventId: number; market: ReadMarket }[] = [];
  for (const event of events) {
    for (const key of [...(changedKeys.get(event.id) ?? [])].sort()) {
      const market = event.markets.get(key);
      if (market) markets.push({ eventId: event.id, market });
    }
  }
  const writes = { events, markets, settlements };
  if (taxonomies.size === 0) return saveBatch(db, writes);
  return db.transaction().execute(async (tx) => {
    for (const fixture of taxonomies.values()) await upsertTaxonomy(tx, fixture);
    return saveBatch(tx, writes);
  });
}
