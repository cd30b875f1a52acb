import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/columns';

/** Tables of sports jackpots (migration 0750, ADR 225/226). Amounts are integer cents. */
export type JackpotRoundStatus = 'open' | 'closed' | 'settled' | 'void';
export type JackpotTicketStatus = 'open' | 'won' | 'lost' | 'void';

export interface StoredTier {
  hits: number;
  guaranteed: number;
  shareBps: number;
}

export interface StoredTierOutcome {
  hits: number;
  prize: number;
  winners: number;
  share: number;
  paid: number;
}

export interface SportsJackpotRoundsTable {
  id: Generated<number>;
  template: string;
  name: string;
  site_id: number;
  match_count: number;
  stake_per_line: number;
  tiers: ColumnType<StoredTier[], string, string>;
  status: ColumnType<JackpotRoundStatus, JackpotRoundStatus | undefined, JackpotRoundStatus>;
  closes_at: Timestamp;
  created_at: Timestamp;
  settled_at: Timestamp | null;
  outcome: ColumnType<StoredTierOutcome[] | null, string | null | undefined, string | null>;
}

export interface SportsJackpotMatchesTable {
  round_id: number;
  position: number;
  event_id: number;
  home: string;
  away: string;
  tournament: string;
  kickoff_at: Timestamp;
  result: '1' | 'X' | '2' | 'cancelled' | null;
}

export interface SportsJackpotTicketsTable {
  id: Generated<number>;
  round_id: number;
  user_id: number;
  status: ColumnType<JackpotTicketStatus, JackpotTicketStatus | undefined, JackpotTicketStatus>;
  line_count: number;
  stake_per_line: number;
  price: number;
  excise: number;
  net_stake: number;
  gross: Generated<number>;
  withholding: Generated<number>;
  payout: Generated<number>;
  tax_policy: ColumnType<unknown, string, string>;
  stake_transaction_id: number;
  placed_at: Timestamp;
  settled_at: Timestamp | null;
}

export interface SportsJackpotLinesTable {
  ticket_id: number;
  line_no: number;
  picks: string;
  hits: number | null;
  prize: Generated<number>;
}
