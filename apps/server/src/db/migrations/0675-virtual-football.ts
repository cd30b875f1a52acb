import { sql, type Kysely } from 'kysely';

/**
 * Virtual football (issue #14 item 2, docs/decisions/195): the shared matchdays, each with its
 * committed seed, and the virtual betslip's bets. Money goes through the game wallet
 * (casino_rounds, one round per bet); these tables hold what the game needs to play, settle
 * exactly once and prove a matchday.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('virtual_matchdays')
    /** The global matchday number: also the nonce of its seed. */
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('phase', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`phase in ('open', 'playing', 'settled')`),
    )
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('kickoff_at', 'timestamptz', (c) => c.notNull())
    .addColumn('full_time_at', 'timestamptz', (c) => c.notNull())
    /** Final scores [[home, away], ...] in fixture order, written at kick-off. */
    .addColumn('results', 'jsonb')
    .addColumn('settled_at', 'timestamptz')
    .addCheckConstraint(
      'virtual_matchdays_times',
      sql`opened_at <= kickoff_at and kickoff_at < full_time_at`,
    )
    .execute();
  // One matchday open for betting and one playing at a time, whatever the instances do.
  await sql`create unique index virtual_matchdays_one_open on virtual_matchdays ((true)) where phase = 'open'`.execute(
    db,
  );
  await sql`create unique index virtual_matchdays_one_playing on virtual_matchdays ((true)) where phase = 'playing'`.execute(
    db,
  );

  await db.schema
    .createTable('virtual_bets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('matchday_id', 'bigint', (c) =>
      c.notNull().references('virtual_matchdays.id').onDelete('restrict'),
    )
    .addColumn('bet_type', 'text', (c) =>
      c.notNull().check(sql`bet_type in ('single', 'multiple')`),
    )
    /**
     * pending: recorded, its debit not yet confirmed; open: debited, waiting for full time;
     * refused: the wallet said no (nothing moved); won / lost: settled; void: given back.
     */
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'open', 'refused', 'won', 'lost', 'void')`),
    )
    .addColumn('stake', 'bigint', (c) => c.notNull().check(sql`stake > 0`))
    .addColumn('potential_win', 'bigint', (c) => c.notNull().check(sql`potential_win >= 0`))
    .addColumn('payout', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`payout >= 0`),
    )
    /** Exact product of the legs' odds as decimal text. */
    .addColumn('total_odds', 'text', (c) => c.notNull())
    .addColumn('legs', 'jsonb', (c) => c.notNull())
    .addColumn('placed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('virtual_bets_user_idx')
    .on('virtual_bets')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('virtual_bets_matchday_idx')
    .on('virtual_bets')
    .columns(['matchday_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('virtual_bets').execute();
  await db.schema.dropTable('virtual_matchdays').execute();
}
