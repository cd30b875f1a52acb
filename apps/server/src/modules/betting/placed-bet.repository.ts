import { sql, type Insertable } from 'kysely';
import type { DbOrTx } from '../../db/database';
import type { NewSelection } from './betting.repository';
import type { UserAccountKind } from '../wallet/wallet.tables';
import type { BetsTable } from './betting.tables';

export interface PlacedBet {
  betId: number;
  /** The user's open bets with this one (and the others of its batch). */
  openBets: number;
  /** The user's account balances by kind after the stake (for the push after the commit). */
  balances: Partial<Record<UserAccountKind, number>>;
}

/** A bet to store: its row (no id yet), its legs, its stored answer and first history reason. */
export interface NewPlacedBet {
  bet: Omit<Insertable<BetsTable>, 'id' | 'response'>;
  selections: NewSelection[];
  response: object;
  reason: string;
}

/**
 * Placed bets in one statement (one round trip while the stakes' ledger accounts are locked,
 * ADR 201 and 202): each bet's id drawn from the bets' sequence, the bet with its stored answer
 * (the answer's `betId` filled in by the statement), its legs, its first status-history row, and
 * the header's notify flag of each user set (`user_settings`, as `setBetNotify` would after the
 * commit); the statement also reads what the pushes after the commit tell each user (open bets
 * counting the whole batch, balances after the stakes). Answers in the order given.
 */
export async function insertPlacedBets(
  db: DbOrTx,
  bets: readonly NewPlacedBet[],
): Promise<PlacedBet[]> {
  if (bets.length === 0) return [];
  const input = bets.map(({ bet, selections, response, reason }, ord) => ({
    ...bet,
    ord,
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
    ord: number;
    id: string;
    open_bets: string;
    balances: Record<string, number> | null;
  }>`
    with input as materialized (
      select nextval(pg_get_serial_sequence('bets', 'id')) as id, b.*
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as b(
        ord int, user_id bigint, site_id int, bet_type text, status text, idempotency_key text,
        accept_odds_changes text, stake bigint, freebet_stake bigint, excise bigint,
        stake_after_excise bigint, total_odds numeric, win_boost_percentage numeric,
        win_boost_amount bigint, gross_possible_win bigint, withholding_tax bigint,
        tax_boost_percentage numeric, tax_boost_amount bigint, net_payout bigint,
        capped boolean, tax_policy jsonb, stake_transaction_id bigint, placed_at timestamptz,
        response jsonb, reason text, legs jsonb)
    ),
    bet as (
      insert into bets (id, user_id, site_id, bet_type, status, idempotency_key,
        accept_odds_changes, stake, freebet_stake, excise, stake_after_excise, total_odds,
        win_boost_percentage, win_boost_amount, gross_possible_win, withholding_tax,
        tax_boost_percentage, tax_boost_amount, net_payout, capped, tax_policy,
        stake_transaction_id, placed_at, response)
      select id, user_id, site_id, bet_type, status, idempotency_key,
        accept_odds_changes, stake, freebet_stake, excise, stake_after_excise, total_odds,
        win_boost_percentage, win_boost_amount, gross_possible_win, withholding_tax,
        tax_boost_percentage, tax_boost_amount, net_payout, capped, tax_policy,
        stake_transaction_id, placed_at, jsonb_set(response, '{betId}', to_jsonb(id::text))
      from input order by ord
    ),
    legs as (
      insert into bet_selections (bet_id, leg_index, event_id, market_id, specifier, outcome_id,
        odds, requested_odds, is_live, qualifies, event_name, market_name, outcome_name)
      select i.id, l.leg_index, l.event_id, l.market_id, l.specifier, l.outcome_id, l.odds,
        l.requested_odds, l.is_live, l.qualifies, l.event_name, l.market_name, l.outcome_name
      from input i cross join lateral jsonb_to_recordset(i.legs) as l(leg_index int,
        event_id bigint, market_id int, specifier text, outcome_id int, odds int,
        requested_odds int, is_live boolean, qualifies boolean, event_name text,
        market_name text, outcome_name text)
    ),
    history as (
      insert into bet_status_history (bet_id, status, reason, message_key, created_at)
      select id, 'open', reason, null, placed_at from input order by ord
    ),
    notify as (
      insert into user_settings (user_id, settings, feature_flags, updated_at)
      select distinct on (user_id) user_id, '{"betNotify":true}'::jsonb, '{}'::jsonb, placed_at
      from input order by user_id, placed_at desc
      on conflict (user_id) do update
        set settings = user_settings.settings || excluded.settings,
          updated_at = excluded.updated_at
    )
    select i.ord, i.id,
      -- The statement's snapshot holds none of the bets it inserts: they are counted apart.
      (select count(*) from bets b where b.user_id = i.user_id and b.status = 'open')
        + (select count(*) from input j where j.user_id = i.user_id) as open_bets,
      (select jsonb_object_agg(a.kind, a.balance) from ledger_accounts a
        where a.user_id = i.user_id) as balances
    from input i order by i.ord`.execute(db);
  return rows.map((row) => ({
    betId: Number(row.id),
    openBets: Number(row.open_bets),
    balances: row.balances ?? {},
  }));
}
