import { sql, type Kysely } from 'kysely';

/**
 * The game wallet's debit and credit, each one statement (docs/decisions/205).
 *
 * - `casino_find_call`: remembers the signed request (replay protection; none for in-process
 *   calls), finds the stored call with this transaction id and refuses a replayed request or a
 *   repeat that is not the same call (another fingerprint) — the one lookup of a stored answer,
 *   for debit, credit and rollback (with no fingerprint: the plain lookup of a rollback's
 *   referenced debit).
 * - `casino_post_and_record`: the posting (`ledger_post`, none when nothing moves) and the
 *   stored answer (the response with the player's cash after it and the ledger transaction's
 *   id), answering the response and the player's balances — the one writer of a stored answer.
 * - `casino_round_takes`: a debit's or credit's round is this player's and game's, still open.
 * - `casino_debit`: request, repeat, the stake's checks (game on, player active, no break or
 *   self-exclusion in force, stake within the game's limits), the round opened or its stake
 *   added, the posting and the answer.
 * - `casino_credit`: request, repeat, the round locked and checked, the win, and when the round
 *   closes its stake moved to the house and its jackpot contribution queued (ADR 163), the
 *   round's row, the posting and the answer.
 *
 * A refusal raises SQLSTATE DW001 with the wallet's code as its message (a break's kind and end
 * as JSON in its detail), a balance too low DL001 (from `ledger_post`): the statement then
 * changes nothing, its request included.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function casino_find_call(p_provider_id integer, p_request_id text,
      p_transaction_id text, p_fingerprint text, p_now timestamptz)
    returns table (id bigint, round_pk bigint, kind text, amount bigint,
      rolled_back boolean, response jsonb)
    language plpgsql as $$
    #variable_conflict use_column
    declare
      v_fingerprint text;
    begin
      if p_request_id is not null then
        insert into casino_wallet_requests as q (provider_id, request_id, received_at)
        values (p_provider_id, p_request_id, p_now)
        on conflict (provider_id, request_id) do nothing;
        if not found then
          raise exception using errcode = 'DW001', message = 'REPLAYED_REQUEST';
        end if;
      end if;
      select t.id, t.round_pk, t.kind, t.amount, t.rolled_back, t.response, t.fingerprint
        into id, round_pk, kind, amount, rolled_back, response, v_fingerprint
        from casino_transactions t
        where t.provider_id = p_provider_id and t.transaction_id = p_transaction_id;
      if id is not null and p_fingerprint is not null and v_fingerprint <> p_fingerprint then
        raise exception using errcode = 'DW001', message = 'TRANSACTION_MISMATCH';
      end if;
      return next;
    end;
    $$`.execute(db);

  await sql`
    create function casino_post_and_record(p_provider_id integer, p_transaction_id text,
      p_round_pk bigint, p_user_id bigint, p_kind text, p_amount bigint, p_reference text,
      p_fingerprint text, p_response jsonb, p_now timestamptz,
      p_ledger_kind text, p_ledger_key text, p_ledger_meta jsonb,
      p_user_ids bigint[], p_kinds text[], p_shards smallint[], p_amounts bigint[])
    returns table (response jsonb, balances jsonb)
    language plpgsql as $$
    #variable_conflict use_column
    declare
      v_ledger bigint;
      v_balances jsonb;
      v_response jsonb;
    begin
      if coalesce(cardinality(p_amounts), 0) > 0 then
        select l.transaction_id into v_ledger
          from ledger_post(p_ledger_kind, p_ledger_key, p_user_id, p_ledger_meta,
            p_user_ids, p_kinds, p_shards, p_amounts) l
          limit 1;
      end if;
      select coalesce(jsonb_object_agg(a.kind, a.balance), '{}'::jsonb) into v_balances
        from ledger_accounts a where a.user_id = p_user_id;
      v_response := p_response || jsonb_build_object(
        'balance', coalesce((v_balances->>'cash')::bigint, 0),
        'walletTransactionId', coalesce(v_ledger::text, 'round-' || p_round_pk));
      insert into casino_transactions (provider_id, transaction_id, round_pk, user_id, kind,
        amount, reference_transaction_id, ledger_transaction_id, fingerprint, response, created_at)
      values (p_provider_id, p_transaction_id, p_round_pk, p_user_id, p_kind, p_amount,
        p_reference, v_ledger, p_fingerprint, v_response, p_now);
      return query select v_response, v_balances;
    end;
    $$`.execute(db);

  await sql`
    create function casino_round_takes(p_round_user bigint, p_round_game integer,
      p_round_status text, p_user_id bigint, p_game_id integer)
    returns void
    language plpgsql as $$
    begin
      if p_round_user <> p_user_id or p_round_game <> p_game_id then
        raise exception using errcode = 'DW001', message = 'ROUND_MISMATCH';
      end if;
      if p_round_status in ('settled', 'rolled_back') then
        raise exception using errcode = 'DW001', message = 'ROUND_CLOSED';
      end if;
    end;
    $$`.execute(db);

  await sql`
    create function casino_debit(p_provider_id integer, p_request_id text,
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
      l record;
      v_status text;
    begin
      select * into c from casino_find_call(p_provider_id, p_request_id, p_transaction_id,
        p_fingerprint, p_now);
      if c.id is not null then
        return query select true, c.response, null::jsonb;
        return;
      end if;
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
    create function casino_credit(p_provider_id integer, p_request_id text,
      p_transaction_id text, p_fingerprint text, p_user_id bigint, p_site_id integer,
      p_game_id integer, p_round_id text, p_amount bigint, p_close boolean, p_details jsonb,
      p_share_bps integer, p_major_pct integer, p_mega_pct integer,
      p_response jsonb, p_now timestamptz,
      p_ledger_kind text, p_ledger_key text, p_ledger_meta jsonb, p_shard smallint)
    returns table (duplicate boolean, response jsonb, balances jsonb)
    language plpgsql as $$
    #variable_conflict use_column
    declare
      c record;
      r record;
      v_stake bigint := 0;
      v_house bigint;
      v_part bigint := 0;
      v_major bigint;
      v_mega bigint;
      v_users bigint[] := '{}';
      v_kinds text[] := '{}';
      v_shards smallint[] := '{}';
      v_amounts bigint[] := '{}';
    begin
      select * into c from casino_find_call(p_provider_id, p_request_id, p_transaction_id,
        p_fingerprint, p_now);
      if c.id is not null then
        return query select true, c.response, null::jsonb;
        return;
      end if;
      select x.id, x.user_id, x.game_id, x.status, x.stake into r from casino_rounds x
        where x.provider_id = p_provider_id and x.round_id = p_round_id for update;
      if not found then
        raise exception using errcode = 'DW001', message = 'UNKNOWN_ROUND';
      end if;
      perform casino_round_takes(r.user_id, r.game_id, r.status, p_user_id, p_game_id);
      if p_close then
        v_stake := r.stake;
        -- The jackpots' share of the stake, split Mini (the odd cents) / Major / Mega, queued
        -- for the folder (ADR 163); the rule's numbers come from jackpot.service.
        if v_stake > 0 and p_share_bps > 0 then
          v_part := (v_stake * p_share_bps) / 10000;
        end if;
        if v_part > 0 then
          v_major := (v_part * p_major_pct) / 100;
          v_mega := (v_part * p_mega_pct) / 100;
          insert into casino_jackpot_contributions (site_id, round_pk, user_id, mini, major, mega,
            created_at)
          values (p_site_id, r.id, p_user_id, v_part - v_major - v_mega, v_major, v_mega, p_now);
        end if;
      end if;
      update casino_rounds x set
        win = x.win + p_amount,
        details = x.details || coalesce(p_details, '{}'::jsonb),
        status = case when p_close then 'settled' else x.status end,
        closed_at = case when p_close then p_now else x.closed_at end,
        jackpot_contribution = case when p_close then v_part else x.jackpot_contribution end,
        jackpot_win = case when p_close then 0 else x.jackpot_win end,
        updated_at = p_now
      where x.id = r.id;
      -- The win to the player from the house; a closing round's stake from bets in play to the
      -- house; netted per account (the house's two movements are one entry).
      v_house := v_stake - p_amount;
      if p_amount > 0 then
        v_users := v_users || p_user_id; v_kinds := v_kinds || 'cash'::text;
        v_shards := v_shards || 0::smallint; v_amounts := v_amounts || p_amount;
      end if;
      if v_stake > 0 then
        v_users := v_users || null::bigint; v_kinds := v_kinds || 'bets_in_play'::text;
        v_shards := v_shards || p_shard; v_amounts := v_amounts || -v_stake;
      end if;
      if v_house <> 0 then
        v_users := v_users || null::bigint; v_kinds := v_kinds || 'house'::text;
        v_shards := v_shards || p_shard; v_amounts := v_amounts || v_house;
      end if;
      return query select false, a.response, a.balances
        from casino_post_and_record(p_provider_id, p_transaction_id, r.id, p_user_id, 'credit',
          p_amount, null, p_fingerprint, p_response, p_now, p_ledger_kind, p_ledger_key,
          p_ledger_meta, v_users, v_kinds, v_shards, v_amounts) a;
    end;
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function casino_credit`.execute(db);
  await sql`drop function casino_debit`.execute(db);
  await sql`drop function casino_round_takes`.execute(db);
  await sql`drop function casino_post_and_record`.execute(db);
  await sql`drop function casino_find_call`.execute(db);
}
