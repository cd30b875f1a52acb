import { sql, type Kysely } from 'kysely';

/**
 * A round staked and paid in one statement (docs/decisions/206): `casino_debit_credit`, for
 * games whose result is known when the stake is taken (Dice, Plinko, Scratch card, Keno) and
 * the seam's `debit-credit` call. It is the debit and the credit of ADR 205, one after the
 * other, in one transaction and one round trip:
 *
 * - the signed request remembered and the debit's stored call found (`casino_find_call`:
 *   a replay or a changed debit refused), then the credit's stored call found (a changed one
 *   refused as TRANSACTION_MISMATCH with the credit's id as detail); both found: the stored
 *   answers, nothing moves;
 * - a new debit: the stake's checks of `casino_debit` (game on, player active, no break or
 *   self-exclusion in force, stake within limits — the same checks in the same order) and the
 *   round opened with its planned win, then the house's two accounts of the shard and the
 *   player's cash locked in the ledger's one order (the credit's posting takes the house's
 *   account, which the debit's does not: taken later, it could deadlock with a credit holding
 *   it and waiting for bets in play), then the debit's posting and stored answer
 *   (`casino_post_and_record`);
 * - the credit, closing the round: `casino_credit` itself (the round's checks, its stake to the
 *   house, its jackpot part queued, the win, the stored answer).
 *
 * Written as 0876 (its number range), it runs before 0885 on a new database: PL/pgSQL finds
 * the functions it calls when it runs, not when it is created.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function casino_debit_credit(p_provider_id integer, p_request_id text,
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
      l record;
      v_status text;
      v_credit_id bigint;
      v_credit_fingerprint text;
      v_debit jsonb;
      v_credit jsonb;
      v_balances jsonb;
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
        if p_stake < p_min_stake or p_stake > p_max_stake then
          raise exception using errcode = 'DW001', message = 'STAKE_OUT_OF_LIMITS';
        end if;
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

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function casino_debit_credit`.execute(db);
}
