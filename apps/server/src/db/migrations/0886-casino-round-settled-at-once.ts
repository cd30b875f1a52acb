import { sql, type Kysely } from 'kysely';
import * as debitCredit from './0876-casino-debit-credit';
import * as moneyCalls from './0885-casino-money-calls';

/**
 * A one-call round booked settled, in one netted posting (docs/decisions/192).
 *
 * - `casino_stake_checks`: the checks a stake passes before it is taken — game on, player
 *   active, no break or self-exclusion in force, stake within the game's limits, in that order.
 *   `casino_debit` (0885) and `casino_debit_credit` (0876) each repeated them; both call this now.
 * - `casino_debit`: 0885's, the checks replaced by `casino_stake_checks` (same order, same
 *   refusals).
 * - `casino_debit_credit`: a round new to the wallet (no stored debit, no round with this id) is
 *   inserted settled — stake, win, planned win, jackpot part, closed — instead of inserted open
 *   then updated, and its money is one posting, the stake and the win netted per account:
 *   cash `win − stake`, the house's shard `stake − win` (kind `bet_casino_round` when the player
 *   lost money, `win_casino_round` when they gained; no posting when the win equals the stake).
 *   Nothing passes through bets in play: the round is never open. The stake must still be
 *   covered by the cash before the round (DL001 otherwise, as the debit's posting would refuse).
 *   The posting's meta names both transaction ids, the stake and the win; each call keeps its
 *   own `casino_transactions` row (amount, fingerprint, answer), both naming the one posting.
 *   The house's shard and the player's cash are locked last, in the ledger's one order, after
 *   the round's and the jackpot part's rows, so the hot rows are held for the least time.
 *   A round that exists already (a studio's round opened by an earlier debit, or a first call
 *   racing another) takes 0876's path: debit through bets in play, then `casino_credit`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function casino_stake_checks(p_user_id bigint, p_now timestamptz,
      p_game_on boolean, p_amount bigint, p_min_stake bigint, p_max_stake bigint)
    returns void
    language plpgsql as $$
    declare
      l record;
      v_status text;
    begin
      if not p_game_on then
        raise exception using errcode = 'DW001', message = 'UNKNOWN_GAME';
      end if;
      select u.status into v_status from users u where u.id = p_user_id;
      if v_status is distinct from 'active' then
        raise exception using errcode = 'DW001', message = 'PLAYER_BLOCKED';
      end if;
      select g.kind, g.ends_at into l from responsible_gambling_limits g
        where g.user_id = p_user_id and g.starts_at <= p_now and g.ends_at > p_now
        order by g.ends_at desc limit 1;
      if found then
        raise exception using errcode = 'DW001', message = 'RESPONSIBLE_GAMBLING_LIMIT',
          detail = jsonb_build_object('kind', l.kind, 'endsAt', l.ends_at)::text;
      end if;
      if p_amount < p_min_stake or p_amount > p_max_stake then
        raise exception using errcode = 'DW001', message = 'STAKE_OUT_OF_LIMITS';
      end if;
    end;
    $$`.execute(db);

  await sql`
    create or replace function casino_debit(p_provider_id integer, p_request_id text,
      p_transaction_id text, p_fingerprint text, p_user_id bigint, p_game_id integer,
      p_game_on boolean, p_min_stake bigint, p_max_stake bigint, p_round_id text,
      p_amount bigint, p_set_planned boolean, p_planned_win bigint, p_details jsonb,
      p_response jsonb, p_now timestamptz,
      p_ledger_kind text, p_ledger_key text, p_ledger_meta jsonb,
      p_user_ids bigint[], p_kinds text[], p_shards smallint[], p_amounts bigint[])
    returns table (duplicate boolean, response jsonb, balances jsonb)
    language plpgsql as $$
    #variable_conflict use_column
    declare
      c record;
      r record;
    begin
      select * into c from casino_find_call(p_provider_id, p_request_id, p_transaction_id,
        p_fingerprint, p_now);
      if c.id is not null then
        return query select true, c.response, null::jsonb;
        return;
      end if;
      perform casino_stake_checks(p_user_id, p_now, p_game_on, p_amount, p_min_stake,
        p_max_stake);
      -- The round opened by its first debit, or its stake added; refused below before money moves
      -- (the raise takes the stake back out with everything else).
      insert into casino_rounds as x (provider_id, round_id, user_id, game_id, stake, planned_win,
        details, started_at, updated_at)
      values (p_provider_id, p_round_id, p_user_id, p_game_id, p_amount, p_planned_win,
        coalesce(p_details, '{}'::jsonb), p_now, p_now)
      on conflict (provider_id, round_id) do update set
        stake = x.stake + excluded.stake,
        planned_win = case when p_set_planned then excluded.planned_win else x.planned_win end,
        details = x.details || excluded.details,
        updated_at = excluded.updated_at
      returning x.id, x.user_id, x.game_id, x.status into r;
      perform casino_round_takes(r.user_id, r.game_id, r.status, p_user_id, p_game_id);
      return query select false, a.response, a.balances
        from casino_post_and_record(p_provider_id, p_transaction_id, r.id, p_user_id, 'debit',
          p_amount, null, p_fingerprint, p_response, p_now, p_ledger_kind, p_ledger_key,
          p_ledger_meta, p_user_ids, p_kinds, p_shards, p_amounts) a;
    end;
    $$`.execute(db);

  await sql`
    create or replace function casino_debit_credit(p_provider_id integer, p_request_id text,
      p_debit_id text, p_debit_fingerprint text, p_credit_id text, p_credit_fingerprint text,
      p_user_id bigint, p_site_id integer, p_game_id integer, p_game_on boolean,
      p_min_stake bigint, p_max_stake bigint, p_round_id text, p_stake bigint, p_win bigint,
      p_details jsonb, p_share_bps integer, p_major_pct integer, p_mega_pct integer,
      p_debit_response jsonb, p_credit_response jsonb, p_now timestamptz,
      p_debit_key text, p_debit_meta jsonb, p_credit_key text, p_credit_meta jsonb,
      p_shard smallint)
    returns table (duplicate boolean, debit_response jsonb, credit_response jsonb,
      balances jsonb)
    language plpgsql as $$
    #variable_conflict use_column
    declare
      d record;
      r record;
      v_round bigint;
      v_credit_id bigint;
      v_credit_fingerprint text;
      v_debit jsonb;
      v_credit jsonb;
      v_balances jsonb;
      v_part bigint := 0;
      v_major bigint;
      v_mega bigint;
      v_cash bigint;
      v_net bigint := p_win - p_stake;
      v_ledger bigint;
      v_wallet_tx text;
    begin
      select * into d from casino_find_call(p_provider_id, p_request_id, p_debit_id,
        p_debit_fingerprint, p_now);
      select t.id, t.fingerprint, t.response into v_credit_id, v_credit_fingerprint, v_credit
        from casino_transactions t
        where t.provider_id = p_provider_id and t.transaction_id = p_credit_id;
      if v_credit_id is not null and v_credit_fingerprint <> p_credit_fingerprint then
        raise exception using errcode = 'DW001', message = 'TRANSACTION_MISMATCH',
          detail = p_credit_id;
      end if;
      if d.id is not null and v_credit_id is not null then
        return query select true, d.response, v_credit, null::jsonb;
        return;
      end if;
      if d.id is null then
        perform casino_stake_checks(p_user_id, p_now, p_game_on, p_stake, p_min_stake,
          p_max_stake);
        -- A round new to the wallet: inserted settled, its jackpot part with it.
        if p_stake > 0 and p_share_bps > 0 then
          v_part := (p_stake * p_share_bps) / 10000;
        end if;
        insert into casino_rounds (provider_id, round_id, user_id, game_id, status, stake, win,
          jackpot_contribution, jackpot_win, planned_win, details, started_at, updated_at,
          closed_at)
        values (p_provider_id, p_round_id, p_user_id, p_game_id, 'settled', p_stake, p_win,
          v_part, 0, p_win, coalesce(p_details, '{}'::jsonb), p_now, p_now, p_now)
        on conflict (provider_id, round_id) do nothing
        returning id into v_round;
      end if;
      if v_round is not null then
        if v_part > 0 then
          v_major := (v_part * p_major_pct) / 100;
          v_mega := (v_part * p_mega_pct) / 100;
          insert into casino_jackpot_contributions (site_id, round_pk, user_id, mini, major, mega,
            created_at)
          values (p_site_id, v_round, p_user_id, v_part - v_major - v_mega, v_major, v_mega,
            p_now);
        end if;
        -- The hot rows last, in the ledger's one order (the house's shard, then the player).
        perform 1 from ledger_accounts a
          where (a.user_id is null and a.kind = 'house' and a.shard = p_shard)
            or (a.user_id = p_user_id and a.kind = 'cash')
          order by a.user_id is not null, a.id for update;
        select a.balance into v_cash from ledger_accounts a
          where a.user_id = p_user_id and a.kind = 'cash';
        if coalesce(v_cash, 0) < p_stake then
          raise exception 'insufficient funds for the stake of round %', p_round_id
            using errcode = 'DL001';
        end if;
        if v_net <> 0 then
          select l.transaction_id into v_ledger
            from ledger_post(case when v_net < 0 then 'bet_casino_round' else 'win_casino_round' end,
              p_debit_key, p_user_id, p_debit_meta || jsonb_build_object(
                'creditTransactionId', p_credit_id, 'stake', p_stake, 'win', p_win),
              array[p_user_id, null]::bigint[], array['cash', 'house']::text[],
              array[0, p_shard]::smallint[], array[v_net, -v_net]::bigint[]) l
            limit 1;
        end if;
        select coalesce(jsonb_object_agg(a.kind, a.balance), '{}'::jsonb) into v_balances
          from ledger_accounts a where a.user_id = p_user_id;
        v_wallet_tx := coalesce(v_ledger::text, 'round-' || v_round);
        v_debit := p_debit_response || jsonb_build_object('balance', v_cash - p_stake,
          'walletTransactionId', v_wallet_tx);
        v_credit := p_credit_response || jsonb_build_object('balance', v_cash + v_net,
          'walletTransactionId', v_wallet_tx);
        insert into casino_transactions (provider_id, transaction_id, round_pk, user_id, kind,
          amount, ledger_transaction_id, fingerprint, response, created_at)
        values
          (p_provider_id, p_debit_id, v_round, p_user_id, 'debit', p_stake, v_ledger,
            p_debit_fingerprint, v_debit, p_now),
          (p_provider_id, p_credit_id, v_round, p_user_id, 'credit', p_win, v_ledger,
            p_credit_fingerprint, v_credit, p_now);
        return query select false, v_debit, v_credit, v_balances;
        return;
      end if;
      if d.id is null then
        -- The round exists: the debit through bets in play (0876), then the closing credit.
        insert into casino_rounds as x (provider_id, round_id, user_id, game_id, stake,
          planned_win, details, started_at, updated_at)
        values (p_provider_id, p_round_id, p_user_id, p_game_id, p_stake, p_win,
          coalesce(p_details, '{}'::jsonb), p_now, p_now)
        on conflict (provider_id, round_id) do update set
          stake = x.stake + excluded.stake,
          planned_win = excluded.planned_win,
          details = x.details || excluded.details,
          updated_at = excluded.updated_at
        returning x.id, x.user_id, x.game_id, x.status into r;
        perform casino_round_takes(r.user_id, r.game_id, r.status, p_user_id, p_game_id);
        perform 1 from ledger_accounts a
          where (a.user_id is null and a.kind in ('house', 'bets_in_play') and a.shard = p_shard)
            or (a.user_id = p_user_id and a.kind = 'cash')
          order by a.user_id is not null, a.id for update;
        select a.response into v_debit
          from casino_post_and_record(p_provider_id, p_debit_id, r.id, p_user_id, 'debit',
            p_stake, null, p_debit_fingerprint, p_debit_response, p_now, 'bet_casino',
            p_debit_key, p_debit_meta, array[p_user_id, null]::bigint[],
            array['cash', 'bets_in_play']::text[], array[0, p_shard]::smallint[],
            array[-p_stake, p_stake]::bigint[]) a;
      else
        v_debit := d.response;
      end if;
      select c.response, c.balances into v_credit, v_balances
        from casino_credit(p_provider_id, null, p_credit_id, p_credit_fingerprint, p_user_id,
          p_site_id, p_game_id, p_round_id, p_win, true, '{}'::jsonb, p_share_bps, p_major_pct,
          p_mega_pct, p_credit_response, p_now, 'win_casino', p_credit_key, p_credit_meta,
          p_shard) c;
      return query select false, v_debit, v_credit, v_balances;
    end;
    $$`.execute(db);
}

/** Back to 0876's `casino_debit_credit` and 0885's functions (their own `up`s, run again). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function casino_debit_credit`.execute(db);
  await debitCredit.up(db);
  await moneyCalls.down(db);
  await sql`drop function casino_stake_checks`.execute(db);
  await moneyCalls.up(db);
}
