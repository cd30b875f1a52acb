import { sql, type Insertable } from 'kysely';
import type { DbOrTx } from '../../db/database';
import type { NewSelection } from './betting.repository';
import type { UserAccountKind } from '../wallet/wallet.tables';
import type { BetsTable } from './betting.tables';

export interface PlacedBet {
  betId: number;
  /** The user's open bets with this one. */
  openBets: number;
  /** The user's account balances by kind after the stake (for the push after the commit). */
  balances: Partial<Record<UserAccountKind, number>>;
}

/**
 * A placed bet in one statement (one round trip while the stake's ledger accounts are locked):
 * its id drawn from the bets' sequence, the bet with its stored answer (the answer's `betId`
 * filled in by the statement), its legs and its first status-history row; the statement also
 * reads what the pushes after the commit tell the user (open bets, balances after the stake).
 */
export async function insertPlacedBet(
  db: DbOrTx,
  bet: Omit<Insertable<BetsTable>, 'id' | 'response'>,
  selections: NewSelection[],
  response: object,
  history: { reason: string; at: Date },
): Promise<PlacedBet> {
  const betId = sql<number>`(select id from new_bet)`;
  const userId = bet.user_id;
  const row = await db
    .with('new_bet', (qb) =>
      qb.selectNoFrom(sql<number>`nextval(pg_get_serial_sequence('bets', 'id'))`.as('id')),
    )
    .with('bet', (qb) =>
      qb.insertInto('bets').values({
        ...bet,
        id: betId,
        response: sql<string>`jsonb_set(${JSON.stringify(response)}::jsonb, '{betId}',
          to_jsonb(${betId}::text))`,
      }),
    )
    .with('legs', (qb) =>
      qb.insertInto('bet_selections').values(
        selections.map((s, index) => ({
          bet_id: betId,
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
      ),
    )
    .with('history', (qb) =>
      qb.insertInto('bet_status_history').values({
        bet_id: betId,
        status: 'open',
        reason: history.reason,
        message_key: null,
        created_at: history.at,
      }),
    )
    .selectNoFrom([
      betId.as('bet_id'),
      // The statement's snapshot does not hold the bet it inserts: counted apart.
      sql<string>`(select count(*) from bets
        where user_id = ${userId} and status = 'open') + 1`.as('open_bets'),
      sql<Record<string, number> | null>`(select jsonb_object_agg(kind, balance)
        from ledger_accounts where user_id = ${userId})`.as('balances'),
    ])
    .executeTakeFirstOrThrow();
  return {
    betId: Number(row.bet_id),
    openBets: Number(row.open_bets),
    balances: row.balances ?? {},
  };
}
