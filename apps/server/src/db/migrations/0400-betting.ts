import { sql, type Kysely } from 'kysely';

/**
 * Sportsbook bets (issue #8). A bet keeps every figure of its payout breakdown as placed, the
 * tax policy it was placed under, and what its current settlement booked (so a rollback reverses
 * exactly that). Selections carry the odds taken and the feed's result for their outcome.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('bet_type', 'text', (c) =>
      c.notNull().check(sql`bet_type in ('single', 'multiple')`),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('open', 'won', 'lost', 'void')`),
    )
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('accept_odds_changes', 'text', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    .addColumn('freebet_stake', 'bigint', (c) => c.notNull())
    .addColumn('excise', 'bigint', (c) => c.notNull())
    .addColumn('stake_after_excise', 'bigint', (c) => c.notNull())
    .addColumn('total_odds', 'integer', (c) => c.notNull())
    .addColumn('win_boost_percentage', 'numeric', (c) => c.notNull())
    .addColumn('win_boost_amount', 'bigint', (c) => c.notNull())
    .addColumn('gross_possible_win', 'bigint', (c) => c.notNull())
    .addColumn('withholding_tax', 'bigint', (c) => c.notNull())
    .addColumn('net_payout', 'bigint', (c) => c.notNull())
    .addColumn('capped', 'boolean', (c) => c.notNull())
    .addColumn('tax_policy', 'jsonb', (c) => c.notNull())
    .addColumn('stake_transaction_id', 'bigint', (c) => c.notNull())
    /** What the current settlement credited; all zero while open. Rollbacks reverse these. */
    .addColumn('settled_payout', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('settled_withholding', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('settlement_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settled_at', 'timestamptz')
    .addColumn('placed_at', 'timestamptz', (c) => c.notNull())
    /** The first answer, returned again for a repeated idempotency key. */
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addUniqueConstraint('bets_user_idempotency_key', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('bets_user_placed_idx')
    .on('bets')
    .columns(['user_id', 'placed_at'])
    .execute();

  await db.schema
    .createTable('bet_selections')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('bet_id', 'bigint', (c) => c.notNull().references('bets.id').onDelete('restrict'))
    .addColumn('leg_index', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('specifier', 'text', (c) => c.notNull())
    .addColumn('outcome_id', 'integer', (c) => c.notNull())
    .addColumn('odds', 'integer', (c) => c.notNull())
    .addColumn('requested_odds', 'integer', (c) => c.notNull())
    .addColumn('is_live', 'boolean', (c) => c.notNull())
    .addColumn('qualifies', 'boolean', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('market_name', 'text', (c) => c.notNull())
    .addColumn('outcome_name', 'text', (c) => c.notNull())
    /** Feed result of the outcome: null until settled, then 'won' or 'lost'. */
    .addColumn('result', 'text', (c) => c.check(sql`result in ('won', 'lost')`))
    .addColumn('void_factor', 'numeric')
    .addColumn('dead_heat_factor', 'numeric')
    /** Set by bet_cancel: the leg counts as void (odds 1) until a rollback_bet_cancel. */
    .addColumn('cancelled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('score', 'text')
    .addUniqueConstraint('bet_selections_leg', ['bet_id', 'leg_index'])
    .execute();
  await db.schema
    .createIndex('bet_selections_market_idx')
    .on('bet_selections')
    .columns(['event_id', 'market_id', 'specifier'])
    .execute();

  await db.schema
    .createTable('bet_status_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('bet_id', 'bigint', (c) => c.notNull().references('bets.id').onDelete('restrict'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('message_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bet_status_history_bet_idx')
    .on('bet_status_history')
    .columns(['bet_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bet_status_history').execute();
  await db.schema.dropTable('bet_selections').execute();
  await db.schema.dropTable('bets').execute();
}
