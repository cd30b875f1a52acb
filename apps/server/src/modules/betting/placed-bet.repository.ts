import { sql, type Insertable } from 'kysely';
import type { DbOrTx } from '../../db/database';
import type { NewSelection } from './betting.repository';
import type { PostingStatus } from '../wallet/ledger.service';
import type { UserAccountKind } from '../wallet/wallet.tables';
import type { BetsTable } from './betting.tables';

export interface PlacedBet {
  betId: number;
  /** The user's open bets with this one (and the others of its batch). */
  openBets: number;
  /** The user's account balances by kind after the stake (for the push after the commit). */
  balances: Partial<Record<UserAccountKind, number>>;
}

/** A bet to store: its row (no id or stake transaction yet), legs, stored answer, first reason. */
export interface NewPlacedBet {
  bet: Omit<Insertable<BetsTable>, 'id' | 'response' | 'stake_transaction_id'>;
  selections: NewSelection[];
  response: object;
  reason: string;
}

/** What became of one slip's stake and bet: placed, or its stake refused (no bet stored). */
export type StakeAndBet =
  | { status: 'ok'; stakeTransactionId: number; placed: PlacedBet }
  | { status: Exclude<PostingStatus, 'ok'> };

/**
 * Stakes posted and bets stored in one round trip (`place_bets_many`, migration 0890, ADR 193):
 * `postings` (the JSON of `ledgerPostings`, one per bet, in order) through `ledger_post_many` —
 * its locks, each posting refused on its own — then, in the same call, each bet whose stake
 * posted with its id drawn from the bets' sequence, its stake transaction, its stored answer (the
 * answer's `betId` filled in), its legs, its first status-history row, and the header's notify
 * flag of each user set (`user_settings`, as `setBetNotify` would after the commit). Also reads
 * what the pushes after the commit tell each user (open bets counting the whole batch, balances
 * after the stakes). Answers in the order given.
 */
export async function placeBetsWithStakes(
  db: DbOrTx,
  postings: string,
  bets: readonly NewPlacedBet[],
): Promise<StakeAndBet[]> {
  if (bets.length === 0) return [];
  const input = bets.map(({ bet, selections, response, reason }, i) => ({
    ...bet,
    ord: i + 1,
    placed_at: new Date(bet.placed_at as Date | string).toISOString(),
    tax_policy: JSON.parse(bet.tax_policy) as unknown,
    response,
    reason,
    legs: selections.map((s, index) => ({
      leg_index: index,
      event_id: s.eventId,
      market_id: s.marketId,
      specifier: s.specifier,
      outcome_id: s.outcomeId,
      odds: s.odds,
      requested_odds: s.requestedOdds,
      is_live: s.isLive,
      qualifies: s.qualifies,
      event_name: s.eventName,
      market_name: s.marketName,
      outcome_name: s.outcomeName,
    })),
  }));
  const { rows } = await sql<{
    state: PostingStatus;
    stake_tx: string | null;
    bet_id: string | null;
    open_bets: string | null;
    balances: Record<string, number> | null;
  }>`
    select state, stake_tx, bet_id, open_bets, balances
    from place_bets_many(${postings}::jsonb, ${JSON.stringify(input)}::jsonb)`.execute(db);
  if (rows.length !== bets.length) {
    throw new Error(`place_bets_many answered ${rows.length} of ${bets.length} bets`);
  }
  return rows.map((row) => {
    if (row.state !== 'ok') return { status: row.state };
    return {
      status: 'ok',
      stakeTransactionId: Number(row.stake_tx),
      placed: {
        betId: Number(row.bet_id),
        openBets: Number(row.open_bets),
        balances: row.balances ?? {},
      },
    };
  });
}
