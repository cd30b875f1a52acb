import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../db/database';
import type { AccountKind, UserAccountKind } from './wallet.tables';

export interface PostingEntry {
  userId: number | null;
  kind: AccountKind;
  shard: number;
  amount: number;
}

/** SQLSTATE raised by `ledger_post` when a user account would go below zero. */
export const INSUFFICIENT_FUNDS_SQLSTATE = 'DL001';

export interface LedgerPosting {
  header: { kind: string; idempotencyKey: string | null; userId: number | null; meta: object };
  entries: PostingEntry[];
}

/** The posting as a call of `ledger_post`, to select from (alone or inside a statement). */
export function ledgerPostCall(posting: LedgerPosting): RawBuilder<unknown> {
  const { header, entries } = posting;
  return sql`ledger_post(${header.kind}, ${header.idempotencyKey}::text, ${header.userId}::bigint,
      ${JSON.stringify(header.meta)}::jsonb, ${entries.map((e) => e.userId)}::bigint[],
      ${entries.map((e) => e.kind)}::text[], ${entries.map((e) => e.shard)}::smallint[],
      ${entries.map((e) => e.amount)}::bigint[])`;
}

/**
 * One posting in one round trip (`ledger_post`, migration 0800): inserts the header unless its
 * idempotency key exists (then `duplicate` with the first posting's id and no accounts), finds
 * (a user's: makes) the entries' accounts, locks them (the house's first, then users', by id),
 * moves their balances and writes the entries with running balances. Answers every touched account with its balance after.
 */
export async function postLedger(
  db: DbOrTx,
  posting: LedgerPosting,
): Promise<{
  transactionId: number;
  duplicate: boolean;
  accounts: { id: number; userId: number | null; kind: AccountKind; balance: number }[];
}> {
  const { rows } = await sql<{
    transaction_id: string;
    duplicate: boolean;
    account_id: string | null;
    account_user_id: string | null;
    account_kind: AccountKind | null;
    account_balance: string | null;
  }>`select * from ${ledgerPostCall(posting)}`.execute(db);
  const first = rows[0];
  if (!first) throw new Error(`ledger_post answered nothing for ${posting.header.kind}`);
  return {
    transactionId: Number(first.transaction_id),
    duplicate: first.duplicate,
    accounts: first.duplicate
      ? []
      : rows.map((r) => ({
          id: Number(r.account_id),
          userId: r.account_user_id === null ? null : Number(r.account_user_id),
          kind: r.account_kind as AccountKind,
          balance: Number(r.account_balance),
        })),
  };
}

/**
 * Locks these accounts (FOR UPDATE) in the ledger's one order: the house's rows first, then
 * users', each by id — the order `ledger_post` and `ledger_post_many` take theirs in. A user
 * account that does not exist yet is not made here.
 */
export async function lockLedgerAccounts(
  db: DbOrTx,
  accounts: readonly Pick<PostingEntry, 'userId' | 'kind' | 'shard'>[],
): Promise<void> {
  if (accounts.length === 0) return;
  const house = accounts.filter((a) => a.userId === null);
  const users = accounts.filter((a) => a.userId !== null);
  await sql`
    select 1 from ledger_accounts a
    where (a.user_id is null and (a.kind, a.shard) in (
        select * from unnest(${house.map((a) => a.kind)}::text[],
          ${house.map((a) => a.shard)}::smallint[])))
      or (a.user_id, a.kind) in (
        select * from unnest(${users.map((a) => a.userId)}::bigint[],
          ${users.map((a) => a.kind)}::text[]))
    order by a.user_id is not null, a.id
    for update of a`.execute(db);
}

/**
 * The input of `ledger_post_many` (migration 0880) for these postings, as the JSON text its
 * caller's statement passes: several postings in one call, each refused on its own (bet
 * placement's `place_bets_many` calls it, migration 0890).
 */
export function ledgerPostManyInput(postings: readonly LedgerPosting[]): string {
  return JSON.stringify(
    postings.map(({ header, entries }) => ({
      kind: header.kind,
      key: header.idempotencyKey,
      user: header.userId,
      meta: header.meta,
      entries: entries.map((e) => ({ u: e.userId, k: e.kind, s: e.shard, a: e.amount })),
    })),
  );
}

export async function userAccountBalances(
  db: DbOrTx,
  userId: number,
): Promise<Partial<Record<UserAccountKind, number>>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance'])
    .where('user_id', '=', userId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.kind, r.balance]));
}

/** Problems found by the ledger check queries, each a human-readable line. */
export async function ledgerProblems(db: DbOrTx): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await sql<{ transaction_id: number; total: string }>`
    select transaction_id, sum(amount)::text as total from ledger_entries
    group by transaction_id having sum(amount) <> 0`.execute(db);
  for (const r of unbalanced.rows)
    problems.push(`transaction ${r.transaction_id} sums to ${r.total}, not 0`);

  const empty = await sql<{ id: number }>`
    select t.id from ledger_transactions t
    where not exists (select 1 from ledger_entries e where e.transaction_id = t.id)`.execute(db);
  for (const r of empty.rows) problems.push(`transaction ${r.id} has no entries`);

  const drift = await sql<{ id: number; balance: number; total: string }>`
    select a.id, a.balance, coalesce(sum(e.amount), 0)::text as total
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`.execute(db);
  for (const r of drift.rows)
    problems.push(`account ${r.id} has balance ${r.balance} but its entries sum to ${r.total}`);

  const running = await sql<{ id: number; account_id: number }>`
    select id, account_id from (
      select id, account_id, balance_after,
        sum(amount) over (partition by account_id order by id) as running
      from ledger_entries) r
    where balance_after <> running`.execute(db);
  for (const r of running.rows)
    problems.push(`entry ${r.id} of account ${r.account_id} has a wrong running balance`);

  const negative = await sql<{ id: number; balance: number }>`
    select id, balance from ledger_accounts where user_id is not null and balance < 0`.execute(db);
  for (const r of negative.rows) problems.push(`user account ${r.id} is negative (${r.balance})`);

  const total = await sql<{ total: string }>`
    select coalesce(sum(balance), 0)::text as total from ledger_accounts`.execute(db);
  const sum = total.rows[0]?.total ?? '0';
  if (sum !== '0') problems.push(`all account balances sum to ${sum}, not 0`);
  return problems;
}

export async function ledgerCounts(db: DbOrTx): Promise<{ transactions: number; entries: number }> {
  const row = await sql<{ transactions: number; entries: number }>`
    select (select count(*) from ledger_transactions)::int as transactions,
           (select count(*) from ledger_entries)::int as entries`.execute(db);
  return row.rows[0] ?? { transactions: 0, entries: 0 };
}

export interface StatementFilter {
  userId: number;
  type?: string | undefined;
  status?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
  offset: number;
}

export interface StatementRow {
  id: string;
  type: string;
  status: string;
  amount: number;
  running_balance: number | null;
  reference: string | null;
  provider_reference: string | null;
  created_at: Date;
}

/**
 * The user's cash statement, newest first: one line per money movement. A deposit or
 * withdrawal is one line with its final state, whatever the ledger booked for it (a failed
 * payout's reservation and release are one "withdrawal … failed" line), its amount what
 * reached or left the cash balance (the requested amount while nothing has), the balance after
 * its last cash entry, Dau's payment id and the provider's receipt. Every other cash entry
 * (bets, wins, bonuses, adjustments) is a line of its own with its running balance.
 */
export async function statement(
  db: DbOrTx,
  f: StatementFilter,
): Promise<{ rows: StatementRow[]; total: number }> {
  const lines = sql`
    with cash as (
      select e.id, e.amount, e.balance_after, e.created_at, t.kind,
        t.meta->>'paymentId' as payment_id
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      join ledger_transactions t on t.id = e.transaction_id
      where a.user_id = ${f.userId} and a.kind = 'cash'
    ),
    mine as (select * from payments where user_id = ${f.userId}),
    moved as (
      select payment_id, sum(amount)::bigint as cash,
        (array_agg(balance_after order by id desc))[1] as last_balance
      from cash where payment_id in (select public_id from mine)
      group by payment_id
    )
    select 'e' || c.id as id,
      case
        when c.kind like 'deposit%' then 'deposit'
        when c.kind like 'withdrawal%' then 'withdrawal'
        when c.kind like 'bet_win%' or c.kind like 'win%' then 'win'
        -- What a settled bet or a cash-out pays (and a rolled-back settlement takes back) is
        -- the win's line, not the bet's.
        when c.kind like 'bet_settlement%' or c.kind = 'bet_cashout' then 'win'
        when c.kind like 'bet%' then 'bet'
        when c.kind like 'bonus%' or c.kind like 'free_bet%' or c.kind like 'grant%' then 'bonus'
        when c.kind like 'tax%' then 'tax'
        else 'other'
      end as type,
      'completed' as status, c.amount, c.balance_after as running_balance,
      c.payment_id as reference, null::text as provider_reference, c.created_at
    from cash c
    where c.payment_id is null or c.payment_id not in (select public_id from mine)
    union all
    select 'p' || p.id, p.direction, p.status,
      coalesce(nullif(m.cash, 0), case when p.direction = 'deposit' then p.amount else -p.amount end),
      m.last_balance, p.public_id, coalesce(p.mpesa_receipt, p.provider_receipt), p.created_at
    from mine p left join moved m on m.payment_id = p.public_id`;
  const where = sql`
    where (${f.type ?? null}::text is null or type = ${f.type ?? null})
      and (${f.status ?? null}::text is null or status = ${f.status ?? null})
      and (${f.from ?? null}::timestamptz is null or created_at >= ${f.from ?? null})
      and (${f.to ?? null}::timestamptz is null or created_at <= ${f.to ?? null})`;
  const rows = await sql<StatementRow>`
    select * from (${lines}) l ${where}
    order by created_at desc, id desc limit ${f.limit} offset ${f.offset}`.execute(db);
  const count = await sql<{ total: number }>`
    select count(*)::int as total from (${lines}) l ${where}`.execute(db);
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
}
