import { sql, type Kysely } from 'kysely';

const OLD_KINDS = `'cash', 'bonus', 'free_bet', 'withdrawal_reserved', 'house', 'bets_in_play', 'payments_clearing', 'tax_payable', 'jackpot_pool'`;

/**
 * Sports jackpots (issue #21 items 4–6, ADR 225/226): rounds made from the feed's fixtures, their
 * matches with the 1X2 result the feed settled, tickets and their lines. Stakes sit in the
 * ledger's own `sports_jackpot_pool` account (the casino's `jackpot_pool` is another thing)
 * until the round is settled; at any time its balance is the net stakes of unsettled rounds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts drop constraint if exists ledger_accounts_kind_check`.execute(
    db,
  );
  await sql
    .raw(
      `alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in (${OLD_KINDS}, 'sports_jackpot_pool'))`,
    )
    .execute(db);
  await sql`insert into ledger_accounts (kind) values ('sports_jackpot_pool')`.execute(db);

  await db.schema
    .createTable('sports_jackpot_rounds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    /** The configured template it was made from (`mega`, `midweek`, ...). */
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('match_count', 'integer', (c) =>
      c.notNull().check(sql`match_count between 1 and 40`),
    )
    .addColumn('stake_per_line', 'bigint', (c) => c.notNull().check(sql`stake_per_line > 0`))
    /** The prize tiers ({ hits, guaranteed, shareBps }[]), fixed when the round opens. */
    .addColumn('tiers', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'closed', 'settled', 'void')`),
    )
    .addColumn('closes_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz')
    /** Once settled: per tier { hits, prize, winners, share, paid }. */
    .addColumn('outcome', 'jsonb')
    .execute();
  // One open round per template, whichever instance plans it.
  await sql`create unique index sports_jackpot_rounds_one_open on sports_jackpot_rounds (template) where status = 'open'`.execute(
    db,
  );

  await db.schema
    .createTable('sports_jackpot_matches')
    .addColumn('round_id', 'bigint', (c) =>
      c.notNull().references('sports_jackpot_rounds.id').onDelete('restrict'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('home', 'text', (c) => c.notNull())
    .addColumn('away', 'text', (c) => c.notNull())
    .addColumn('tournament', 'text', (c) => c.notNull())
    .addColumn('kickoff_at', 'timestamptz', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.check(sql`result in ('1', 'X', '2', 'cancelled')`))
    .addPrimaryKeyConstraint('sports_jackpot_matches_pkey', ['round_id', 'position'])
    .addUniqueConstraint('sports_jackpot_matches_event_key', ['round_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('sports_jackpot_matches_event_idx')
    .on('sports_jackpot_matches')
    .column('event_id')
    .execute();

  await db.schema
    .createTable('sports_jackpot_tickets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('round_id', 'bigint', (c) =>
      c.notNull().references('sports_jackpot_rounds.id').onDelete('restrict'),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'won', 'lost', 'void')`),
    )
    .addColumn('line_count', 'integer', (c) => c.notNull().check(sql`line_count > 0`))
    .addColumn('stake_per_line', 'bigint', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('excise', 'bigint', (c) => c.notNull().check(sql`excise >= 0`))
    .addColumn('net_stake', 'bigint', (c) => c.notNull().check(sql`net_stake >= 0`))
    .addColumn('gross', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`gross >= 0`),
    )
    .addColumn('withholding', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`withholding >= 0`),
    )
    .addColumn('payout', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`payout >= 0`),
    )
    .addColumn('tax_policy', 'jsonb', (c) => c.notNull())
    .addColumn('stake_transaction_id', 'bigint', (c) => c.notNull())
    .addColumn('placed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz')
    .addCheckConstraint('sports_jackpot_tickets_price_split', sql`excise + net_stake = price`)
    .execute();
  await db.schema
    .createIndex('sports_jackpot_tickets_user_idx')
    .on('sports_jackpot_tickets')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('sports_jackpot_tickets_round_idx')
    .on('sports_jackpot_tickets')
    .columns(['round_id', 'id'])
    .execute();

  await db.schema
    .createTable('sports_jackpot_lines')
    .addColumn('ticket_id', 'bigint', (c) =>
      c.notNull().references('sports_jackpot_tickets.id').onDelete('restrict'),
    )
    .addColumn('line_no', 'integer', (c) => c.notNull())
    /** One character per match: 1, X or 2. */
    .addColumn('picks', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer')
    .addColumn('prize', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`prize >= 0`),
    )
    .addPrimaryKeyConstraint('sports_jackpot_lines_pkey', ['ticket_id', 'line_no'])
    .addUniqueConstraint('sports_jackpot_lines_distinct', ['ticket_id', 'picks'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sports_jackpot_lines').execute();
  await db.schema.dropTable('sports_jackpot_tickets').execute();
  await db.schema.dropTable('sports_jackpot_matches').execute();
  await db.schema.dropTable('sports_jackpot_rounds').execute();
  await sql`delete from ledger_accounts where kind = 'sports_jackpot_pool' and user_id is null`.execute(
    db,
  );
  await sql`alter table ledger_accounts drop constraint if exists ledger_accounts_kind_check`.execute(
    db,
  );
  await sql
    .raw(
      `alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in (${OLD_KINDS}))`,
    )
    .execute(db);
}
