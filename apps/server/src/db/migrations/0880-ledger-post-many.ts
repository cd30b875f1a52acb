import { sql, type Kysely } from 'kysely';

/**
 * `ledger_post_many`: several postings in one round trip, each refused on its own (ADR 202, bets
 * booked in batches). Input: a JSON array of postings, each
 * `{ kind, key, user, meta, entries: [{ u: user id or null, k: kind, s: shard, a: amount }] }`
 * (an account at most once per posting). Answers one row per posting, in input order:
 * `ok` with its transaction id; `duplicate` with the first posting's id when its idempotency key
 * exists (also when an earlier posting of the same call took it); `insufficient` (no id) when a
 * user account would go below zero — that posting moves nothing and the others go on.
 *
 * Order of locks, so batches on several connections (and single `ledger_post` calls) queue and
 * never deadlock: every header first, in key order (`ledger_post` also writes its header before
 * locking); then every account of the call at once, the house's rows first, then users', each by
 * id. The balances are checked under those locks, a posting's user entries before any of them
 * moves, so a refused posting changes nothing but its header, which it deletes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ledger_post_many(p_postings jsonb)
    returns table (ord int, status text, transaction_id bigint)
    language plpgsql as $$
    declare
      n int := jsonb_array_length(p_postings);
      states text[] := array_fill('ok'::text, array[n]);
      tids bigint[] := array_fill(null::bigint, array[n]);
      e_acct bigint[] := '{}';
      e_amount bigint[] := '{}';
      e_user boolean[] := '{}';
      first_entry int[] := array_fill(1, array[n]);
      last_entry int[] := array_fill(0, array[n]);
      r record;
      e jsonb;
      tid bigint;
      aid bigint;
      bal bigint;
      short boolean;
      j int;
    begin
      for r in
        select t.ord::int as i, t.item from jsonb_array_elements(p_postings)
          with ordinality as t(item, ord)
        order by t.item->>'key', t.ord
      loop
        tid := null;
        insert into ledger_transactions (kind, idempotency_key, user_id, meta)
        values (r.item->>'kind', r.item->>'key', (r.item->>'user')::bigint,
          coalesce(r.item->'meta', '{}'::jsonb))
        on conflict (idempotency_key) do nothing
        returning id into tid;
        if tid is null then
          states[r.i] := 'duplicate';
          select t.id into tid from ledger_transactions t
          where t.idempotency_key = r.item->>'key';
          tids[r.i] := tid;
          continue;
        end if;
        tids[r.i] := tid;
        first_entry[r.i] := coalesce(array_length(e_acct, 1), 0) + 1;
        for e in select * from jsonb_array_elements(r.item->'entries') loop
          aid := null;
          if e->>'u' is null then
            select a.id into aid from ledger_accounts a
            where a.user_id is null and a.kind = e->>'k' and a.shard = (e->>'s')::smallint;
          else
            select a.id into aid from ledger_accounts a
            where a.user_id = (e->>'u')::bigint and a.kind = e->>'k';
            if aid is null then
              insert into ledger_accounts (user_id, kind) values ((e->>'u')::bigint, e->>'k')
              on conflict (user_id, kind) where user_id is not null do nothing;
              select a.id into aid from ledger_accounts a
              where a.user_id = (e->>'u')::bigint and a.kind = e->>'k';
            end if;
          end if;
          if aid is null then
            raise exception 'ledger account %/%/% does not exist', e->>'u', e->>'k', e->>'s';
          end if;
          e_acct := e_acct || aid;
          e_amount := e_amount || (e->>'a')::bigint;
          e_user := e_user || (e->>'u' is not null);
        end loop;
        last_entry[r.i] := array_length(e_acct, 1);
      end loop;

      perform 1 from ledger_accounts a where a.id = any(e_acct)
      order by a.user_id is not null, a.id for update;

      for i in 1..n loop
        continue when states[i] <> 'ok';
        short := false;
        for j in first_entry[i]..last_entry[i] loop
          continue when not e_user[j] or e_amount[j] >= 0;
          select a.balance into bal from ledger_accounts a where a.id = e_acct[j];
          if bal + e_amount[j] < 0 then
            short := true;
          end if;
        end loop;
        if short then
          delete from ledger_transactions t where t.id = tids[i];
          states[i] := 'insufficient';
          tids[i] := null;
          continue;
        end if;
        for j in first_entry[i]..last_entry[i] loop
          update ledger_accounts a set balance = a.balance + e_amount[j]
          where a.id = e_acct[j] returning a.balance into bal;
          insert into ledger_entries (transaction_id, account_id, amount, balance_after)
          values (tids[i], e_acct[j], e_amount[j], bal);
        end loop;
      end loop;

      return query select s.i::int, s.state, s.tid
        from unnest(states, tids) with ordinality as s(state, tid, i) order by s.i;
    end;
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function ledger_post_many(jsonb)`.execute(db);
}
