import { sql, type Kysely } from 'kysely';

/**
 * The seamless game wallet (issue #13 item 3, docs/decisions/161). A round belongs to one
 * player and one provider (`round_id` is the provider's id); each money call is a transaction
 * keyed by the provider's `transaction_id`, unique per provider, holding the answer it got so
 * that a repeat answers it again. Signed requests are remembered by `request_id` to refuse
 * replays. Money moves only through the ledger (`ledger_transaction_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('casino_rounds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider_id', 'integer', (c) =>
      c.notNull().references('casino_providers.id').onDelete('restrict'),
    )
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('game_id', 'integer', (c) =>
      c.notNull().references('casino_games.id').onDelete('restrict'),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'settled', 'rolled_back')`),
    )
    /** Staked, net of rolled-back debits; cents. */
    .addColumn('stake', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stake >= 0`),
    )
    .addColumn('win', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`win >= 0`),
    )
    .addColumn('jackpot_contribution', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('jackpot_win', 'bigint', (c) => c.notNull().defaultTo(0))
    /** In-house one-step rounds: the win decided before the debit, credited on recovery. */
    .addColumn('planned_win', 'bigint')
    /** What the engine recorded: fairness (seeds, nonce), input, outcome. */
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .addUniqueConstraint('casino_rounds_provider_round', ['provider_id', 'round_id'])
    .execute();
  await db.schema
    .createIndex('casino_rounds_user_idx')
    .on('casino_rounds')
    .columns(['user_id', 'started_at'])
    .execute();
  await sql`create index casino_rounds_open_idx on casino_rounds (updated_at) where status = 'open'`.execute(
    db,
  );
  await sql`create index casino_rounds_winners_idx on casino_rounds (closed_at) where status = 'settled' and win > 0`.execute(
    db,
  );

  await db.schema
    .createTable('casino_transactions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider_id', 'integer', (c) =>
      c.notNull().references('casino_providers.id').onDelete('restrict'),
    )
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('round_pk', 'bigint', (c) =>
      c.notNull().references('casino_rounds.id').onDelete('restrict'),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('debit', 'credit', 'rollback')`),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('reference_transaction_id', 'text')
    .addColumn('rolled_back', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ledger_transaction_id', 'bigint', (c) =>
      c.references('ledger_transactions.id').onDelete('restrict'),
    )
    /** What the call asked (kind, round, amount, reference): a reused id asking else is refused. */
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    /** The first answer, repeated word for word. */
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('casino_transactions_provider_tx', ['provider_id', 'transaction_id'])
    .execute();
  await db.schema
    .createIndex('casino_transactions_round_idx')
    .on('casino_transactions')
    .column('round_pk')
    .execute();

  await db.schema
    .createTable('casino_wallet_requests')
    .addColumn('provider_id', 'integer', (c) =>
      c.notNull().references('casino_providers.id').onDelete('cascade'),
    )
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('casino_wallet_requests_pkey', ['provider_id', 'request_id'])
    .execute();
  await db.schema
    .createIndex('casino_wallet_requests_received_idx')
    .on('casino_wallet_requests')
    .column('received_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('casino_wallet_requests').execute();
  await db.schema.dropTable('casino_transactions').execute();
  await db.schema.dropTable('casino_rounds').execute();
}
