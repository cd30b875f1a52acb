import { sql, type Kysely } from 'kysely';

/**
 * Double-entry ledger. Account balances are kept on `ledger_accounts` (locked with
 * SELECT ... FOR UPDATE by the wallet service) and every change is an entry of a transaction
 * whose entries sum to zero. A deferred constraint trigger re-checks that sum at commit, so a
 * half-written transaction can never be committed, whatever code wrote it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('cash', 'bonus', 'free_bet', 'withdrawal_reserved', 'house', 'bets_in_play', 'payments_clearing', 'tax_payable', 'jackpot_pool')`,
        ),
    )
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // User money can never go below zero; system accounts are mirrors of the outside world
    // (the house pays winnings, the clearing account mirrors the M-Pesa float) and may.
    .addCheckConstraint(
      'ledger_accounts_user_balance_non_negative',
      sql`user_id is null or balance >= 0`,
    )
    .addCheckConstraint(
      'ledger_accounts_owner_matches_kind',
      sql`(user_id is not null) = (kind in ('cash', 'bonus', 'free_bet', 'withdrawal_reserved'))`,
    )
    .execute();
  await sql`create unique index ledger_accounts_user_kind_key on ledger_accounts (user_id, kind) where user_id is not null`.execute(
    db,
  );
  await sql`create unique index ledger_accounts_system_kind_key on ledger_accounts (kind) where user_id is null`.execute(
    db,
  );
  await sql`insert into ledger_accounts (kind) values ('house'), ('bets_in_play'), ('payments_clearing'), ('tax_payable'), ('jackpot_pool')`.execute(
    db,
  );

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('meta', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('ledger_transactions_user_idx')
    .on('ledger_transactions')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transaction_id', 'bigint', (c) =>
      c.notNull().references('ledger_transactions.id').onDelete('restrict'),
    )
    .addColumn('account_id', 'bigint', (c) =>
      c.notNull().references('ledger_accounts.id').onDelete('restrict'),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    /** The account's balance after this entry: the running balance of statements. */
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('ledger_entries_account_idx')
    .on('ledger_entries')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_transaction_idx')
    .on('ledger_entries')
    .column('transaction_id')
    .execute();

  await sql`
    create function ledger_transaction_balanced() returns trigger language plpgsql as $$
    declare
      total numeric;
    begin
      select coalesce(sum(amount), 0) into total from ledger_entries where transaction_id = new.transaction_id;
      if total <> 0 then
        raise exception 'ledger transaction % does not balance (sum %)', new.transaction_id, total
          using errcode = '23514';
      end if;
      return null;
    end;
    $$`.execute(db);
  await sql`
    create constraint trigger ledger_entries_balanced
    after insert or update on ledger_entries
    deferrable initially deferred
    for each row execute function ledger_transaction_balanced()`.execute(db);

  await db.schema
    .createTable('payments')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('site_id', 'smallint', (c) => c.notNull())
    .addColumn('direction', 'text', (c) =>
      c.notNull().check(sql`direction in ('deposit', 'withdrawal')`),
    )
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('stk', 'c2b', 'b2c')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'completed', 'failed')`),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('tax', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('merchant_reference', 'text')
    .addColumn('checkout_request_id', 'text', (c) => c.unique())
    .addColumn('merchant_request_id', 'text')
    .addColumn('conversation_id', 'text', (c) => c.unique())
    .addColumn('originator_conversation_id', 'text', (c) => c.unique())
    .addColumn('mpesa_receipt', 'text', (c) => c.unique())
    .addColumn('result_code', 'integer')
    .addColumn('result_desc', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('payments_user_idx')
    .on('payments')
    .columns(['user_id', 'direction', 'created_at'])
    .execute();
  await sql`create index payments_pending_idx on payments (created_at) where status = 'pending'`.execute(
    db,
  );

  /** Every callback as received, duplicates included: the audit trail of the provider. */
  await db.schema
    .createTable('payment_callbacks')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('deposit_limits')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('period', 'text', (c) =>
      c.notNull().check(sql`period in ('daily', 'weekly', 'monthly')`),
    )
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount > 0`))
    .addColumn('pending_amount', 'bigint')
    .addColumn('pending_from', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deposit_limits_pkey', ['user_id', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deposit_limits').execute();
  await db.schema.dropTable('payment_callbacks').execute();
  await db.schema.dropTable('payments').execute();
  await sql`drop trigger ledger_entries_balanced on ledger_entries`.execute(db);
  await sql`drop function ledger_transaction_balanced()`.execute(db);
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.dropTable('ledger_transactions').execute();
  await db.schema.dropTable('ledger_accounts').execute();
}
