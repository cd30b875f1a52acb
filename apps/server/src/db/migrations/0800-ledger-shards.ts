import { sql, type Kysely } from 'kysely';

/**
 * The ledger under load (docs/decisions/200).
 *
 * 1. The house's busiest accounts split into shards: `house`, `bets_in_play` and `tax_payable`
 *    get 16 rows each (shard 0 is the existing row), so concurrent bets and game rounds lock
 *    different rows instead of queueing on one. A system account's balance is the sum of its
 *    shards; every other account keeps shard 0. The ledger check is unchanged (it checks each row
 *    against its own entries and that all rows sum to zero).
 * 2. `ledger_post`: a posting in one round trip — the transaction header (a repeated idempotency
 *    key stops there and answers the first posting's id), its accounts found (a user's made on
 *    first use), locked in one order (the house's rows, then users', each by id), moved, and
 *    their entries written with running balances. A user account that would go below zero
 *    raises SQLSTATE DL001 and the caller's transaction aborts, so nothing moves. The CHECK on
 *    user balances and the deferred balance trigger stay as backstops.
 */
const SHARDED_KINDS = ['house', 'bets_in_play', 'tax_payable'] as const;
const SHARDS = 16;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts add column shard smallint not null default 0`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_shard_range
    check (shard >= 0 and shard < ${sql.lit(SHARDS)} and (user_id is null or shard = 0))`.execute(
    db,
  );
  await sql`drop index ledger_accounts_system_kind_key`.execute(db);
  await sql`create unique index ledger_accounts_system_kind_key
    on ledger_accounts (kind, shard) where user_id is null`.execute(db);
  for (const kind of SHARDED_KINDS) {
    await sql`insert into ledger_accounts (kind, shard)
      select ${kind}, s from generate_series(1, ${sql.lit(SHARDS - 1)}) s`.execute(db);
  }
  await sql`
    create function ledger_post(
      p_kind text, p_key text, p_user_id bigint, p_meta jsonb,
      p_user_ids bigint[], p_kinds text[], p_shards smallint[], p_amounts bigint[]
    ) returns table (
      transaction_id bigint, duplicate boolean,
      account_id bigint, account_user_id bigint, account_kind text, account_balance bigint
    )
    language plpgsql as $$
    declare
      n int := array_length(p_amounts, 1);
      tid bigint;
      ids bigint[] := '{}';
      aid bigint;
      bal bigint;
    begin
      insert into ledger_transactions (kind, idempotency_key, user_id, meta)
      values (p_kind, p_key, p_user_id, p_meta)
      on conflict (idempotency_key) do nothing
      returning id into tid;
      if tid is null then
        return query select t.id, true, null::bigint, null::bigint, null::text, null::bigint
          from ledger_transactions t where t.idempotency_key = p_key;
        return;
      end if;
      for i in 1..n loop
        aid := null;
        if p_user_ids[i] is null then
          select a.id into aid from ledger_accounts a
          where a.user_id is null and a.kind = p_kinds[i] and a.shard = p_shards[i];
        else
          select a.id into aid from ledger_accounts a
          where a.user_id = p_user_ids[i] and a.kind = p_kinds[i];
          if aid is null then
            insert into ledger_accounts (user_id, kind) values (p_user_ids[i], p_kinds[i])
            on conflict (user_id, kind) where user_id is not null do nothing;
            select a.id into aid from ledger_accounts a
            where a.user_id = p_user_ids[i] and a.kind = p_kinds[i];
          end if;
        end if;
        if aid is null then
          raise exception 'ledger account %/%/% does not exist', p_user_ids[i], p_kinds[i], p_shards[i];
        end if;
        ids := ids || aid;
      end loop;
      -- Always in one order, the house's rows first, then users', each in id order: two
      -- postings on the same accounts queue, never deadlock. (Shards 1-15 are made after the
      -- users of an existing database, so plain id order would put them after those users.)
      perform 1 from ledger_accounts a where a.id = any(ids)
      order by a.user_id is not null, a.id for update;
      for i in 1..n loop
        update ledger_accounts a set balance = a.balance + p_amounts[i]
        where a.id = ids[i] and (a.user_id is null or a.balance + p_amounts[i] >= 0)
        returning a.balance into bal;
        if not found then
          raise exception 'insufficient funds in ledger account %', ids[i] using errcode = 'DL001';
        end if;
        insert into ledger_entries (transaction_id, account_id, amount, balance_after)
        values (tid, ids[i], p_amounts[i], bal);
      end loop;
      return query select tid, false, a.id, a.user_id, a.kind, a.balance from ledger_accounts a
        where a.id = any(ids) order by a.id;
    end;
    $$`.execute(db);
}

/** Reverts only while the extra shards hold no entries (the delete fails otherwise). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function ledger_post(text, text, bigint, jsonb, bigint[], text[], smallint[], bigint[])`.execute(
    db,
  );
  await sql`delete from ledger_accounts where shard > 0`.execute(db);
  await sql`drop index ledger_accounts_system_kind_key`.execute(db);
  await sql`create unique index ledger_accounts_system_kind_key
    on ledger_accounts (kind) where user_id is null`.execute(db);
  await sql`alter table ledger_accounts drop column shard`.execute(db);
}
