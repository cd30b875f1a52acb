import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/columns';

/** Migration 0460: one weekly free bet per user and week. Money in cents. */
export interface LoyaltyRewardsTable {
  id: Generated<number>;
  user_id: number;
  week_start: Timestamp;
  settled_bets: number;
  amount: number;
  transaction_id: number;
  created_at: Timestamp;
}
