import { sql, type Kysely } from 'kysely';

/**
 * `place_bets_many`: a batch's stakes and bets in one round trip (ADR 193; before, two: ADR 202's
 * `ledger_post_many`, then the bets' insert). Input: the postings as `ledger_post_many` takes
 * them, and one bet per posting in the same order, each
 * `{ ord (1-based, the posting's), user_id, …the bets row's columns but its id and stake
 * transaction, response, reason, legs: [...] }`. The stakes are posted first
 * (`ledger_post_many`: its locks, its refusals, each posting on its own); then only the bets
 * whose stake posted `ok` are inserted, each with its id drawn from the bets' sequence, its stake
 * transaction, its stored answer (`betId` filled in), its legs, its first status-history row and
 * its user's notify flag (`user_settings`).
 *
 * Answers one row per posting, in input order: `state` and `stake_tx` as `ledger_post_many`
 * answered them; for an inserted bet its id, its user's open bets (counting the whole batch) and
 * its user's balances after the stakes (a statement of this function sees what the call to
 * `ledger_post_many` before it wrote). Refused postings have no bet (nulls).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function place_bets_many(p_postings jsonb, p_bets jsonb)
    returns table (slip int, state text, stake_tx bigint, bet_id bigint, open_bets bigint,
      balances jsonb)
    language plpgsql as $$
    #variable_conflict use_column
    declare
      states text[];
      tids bigint[];
    begin
      select array_agg(p.status order by p.ord), array_agg(p.transaction_id order by p.ord)
      into states, tids
      from ledger_post_many(p_postings) p;

      return query
      with input as materialized (
        select nextval(pg_get_serial_sequence('bets', 'id')) as id,
          tids[b.ord] as stake_transaction_id, b.*
        from jsonb_to_recordset(p_bets) as b(
          ord int, user_id bigint, site_id int, bet_type text, status text, idempotency_key text,
          accept_odds_changes text, stake bigint, freebet_stake bigint, excise bigint,
          stake_after_excise bigint, total_odds numeric, win_boost_percentage numeric,
          win_boost_amount bigint, gross_possible_win bigint, withholding_tax bigint,
          tax_boost_percentage numeric, tax_boost_amount bigint, net_payout bigint,
          capped boolean, tax_policy jsonb, placed_at timestamptz, response jsonb, reason text,
          legs jsonb)
        where states[b.ord] = 'ok'
      ),
      bet as (
        insert into bets (id, user_id, site_id, bet_type, status, idempotency_key,
          accept_odds_changes, stake, freebet_stake, excise, stake_after_excise, total_odds,
          win_boost_percentage, win_boost_amount, gross_possible_win, withholding_tax,
          tax_boost_percentage, tax_boost_amount, net_payout, capped, tax_policy,
          stake_transaction_id, placed_at, response)
        select i.id, i.user_id, i.site_id, i.bet_type, i.status, i.idempotency_key,
          i.accept_odds_changes, i.stake, i.freebet_stake, i.excise, i.stake_after_excise,
          i.total_odds, i.win_boost_percentage, i.win_boost_amount, i.gross_possible_win,
          i.withholding_tax, i.tax_boost_percentage, i.tax_boost_amount, i.net_payout, i.capped,
          i.tax_policy, i.stake_transaction_id, i.placed_at,
          jsonb_set(i.response, '{betId}', to_jsonb(i.id::text))
        from input i order by i.ord
      ),
      legs as (
        insert into bet_selections (bet_id, leg_index, event_id, market_id, specifier,
          outcome_id, odds, requested_odds, is_live, qualifies, event_name, market_name,
          outcome_name)
        select i.id, l.leg_index, l.event_id, l.market_id, l.specifier, l.outcome_id, l.odds,
          l.requested_odds, l.is_live, l.qualifies, l.event_name, l.market_name, l.outcome_name
        from input i cross join lateral jsonb_to_recordset(i.legs) as l(leg_index int,
          event_id bigint, market_id int, specifier text, outcome_id int, odds int,
          requested_odds int, is_live boolean, qualifies boolean, event_name text,
          market_name text, outcome_name text)
      ),
      history as (
        insert into bet_status_history (bet_id, status, reason, message_key, created_at)
        select i.id, 'open', i.reason, null, i.placed_at from input i order by i.ord
      ),
      notify as (
        insert into user_settings (user_id, settings, feature_flags, updated_at)
        select distinct on (i.user_id) i.user_id, '{"betNotify":true}'::jsonb, '{}'::jsonb,
          i.placed_at
        from input i order by i.user_id, i.placed_at desc
        on conflict (user_id) do update
          set settings = user_settings.settings || excluded.settings,
            updated_at = excluded.updated_at
      )
      select s.n::int, s.state, s.tid, i.id,
        -- The statement's snapshot holds none of the bets it inserts: they are counted apart.
        case when i.id is null then null else
          (select count(*) from bets b where b.user_id = i.user_id and b.status = 'open')
            + (select count(*) from input j where j.user_id = i.user_id) end,
        case when i.id is null then null else
          (select jsonb_object_agg(a.kind, a.balance) from ledger_accounts a
            where a.user_id = i.user_id) end
      from unnest(states, tids) with ordinality as s(state, tid, n)
      left join input i on i.ord = s.n
      order by s.n;
    end;
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function place_bets_many(jsonb, jsonb)`.execute(db);
}
