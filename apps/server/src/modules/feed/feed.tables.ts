import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/columns';

/** Tables of the odds feed (migration 0200). Odds are decimal odds in hundredths. */
export interface FeedSportsTable {
  id: number;
  name: string;
  sort_order: number;
  default_market_id: number;
}

export interface FeedCategoriesTable {
  id: number;
  sport_id: number;
  name: string;
  country_code: string | null;
}

export interface FeedTournamentsTable {
  id: number;
  sport_id: number;
  category_id: number;
  name: string;
  popular: boolean;
  sort_order: number;
}

export interface FeedEventsTable {
  id: number;
  sport_id: number;
  category_id: number;
  tournament_id: number;
  home: string;
  away: string;
  start_time: Timestamp;
  /** Event status (glossary): 0 not started, 1 live, 3 ended, 4 closed, 5 cancelled, ... */
  status: number;
  clock_minute: number | null;
  home_score: number;
  away_score: number;
  status_text: string;
  /** Producer whose odds the event carries now: 3 before kick-off, 1 in play. */
  producer: number;
  /** Sequence of the last message applied to this event (ordering and idempotency). */
  last_seq: number;
  updated_at: Generated<Date>;
}

export interface FeedMarketsTable {
  event_id: number;
  market_id: number;
  specifier: string;
  name: string;
  status: number;
  updated_at: Generated<Date>;
}

export interface FeedOutcomesTable {
  event_id: number;
  market_id: number;
  specifier: string;
  outcome_id: number;
  name: string;
  odds: number;
  active: boolean;
}

export interface FeedProducersTable {
  id: number;
  up: boolean;
  last_alive_at: Timestamp | null;
  down_since: Timestamp | null;
  down_reason: string | null;
  updated_at: Generated<Date>;
}

export type SettlementKind =
  'bet_settlement' | 'rollback_bet_settlement' | 'bet_cancel' | 'rollback_bet_cancel';

/**
 * Settlement messages handed to the betting module. Written in the ingestion transaction, so
 * a message is either applied and queued or neither; betting claims, handles and acks.
 */
export interface FeedSettlementOutboxTable {
  id: Generated<number>;
  /** `{type}:{eventId}:{seq}`: unique, so re-delivery queues nothing twice. */
  message_key: string;
  kind: SettlementKind;
  event_id: number;
  producer: number;
  payload: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
  /** A claim expires, so a handler that died mid-way does not lose the message. */
  claimed_until: Timestamp | null;
  attempts: Generated<number>;
  acked_at: Timestamp | null;
}
