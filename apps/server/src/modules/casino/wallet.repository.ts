import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database';
import type { RoundStatus } from './wallet.tables';

export async function providerBySlug(db: DbOrTx, slug: string) {
  return db
    .selectFrom('casino_providers')
    .select(['id', 'slug', 'kind', 'enabled'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The player of a provider's playerId (the user's external id, a UUID): the columns that never
 * change, so a read may be kept (wallet-players.ts).
 */
export async function playerByExternalId(db: DbOrTx, externalId: string) {
  if (!UUID.test(externalId)) return undefined;
  return db
    .selectFrom('users')
    .select(['id', 'external_id', 'site_id'])
    .where('external_id', '=', externalId)
    .executeTakeFirst();
}

export async function playerById(db: DbOrTx, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'external_id', 'site_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Remembers a signed request; false when its id was seen before (a replay). */
export async function rememberRequest(
  db: DbOrTx,
  providerId: number,
  requestId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('casino_wallet_requests')
    .values({ provider_id: providerId, request_id: requestId, received_at: now })
    .onConflict((oc) => oc.columns(['provider_id', 'request_id']).doNothing())
    .returning('request_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function forgetRequestsBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.deleteFrom('casino_wallet_requests').where('received_at', '<', before).execute();
}

export interface LockedRound {
  id: number;
  provider_id: number;
  round_id: string;
  user_id: number;
  game_id: number;
  status: RoundStatus;
  stake: number;
  win: number;
  planned_win: number | null;
  details: Record<string, unknown>;
}

const ROUND_COLUMNS = [
  'id',
  'provider_id',
  'round_id',
  'user_id',
  'game_id',
  'status',
  'stake',
  'win',
  'planned_win',
  'details',
] as const;

/** Locks the round (FOR UPDATE): every money call of one round queues behind the others. */
export async function lockRound(
  db: DbOrTx,
  providerId: number,
  roundId: string,
): Promise<LockedRound | undefined> {
  return db
    .selectFrom('casino_rounds')
    .select(ROUND_COLUMNS)
    .where('provider_id', '=', providerId)
    .where('round_id', '=', roundId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateRound(
  db: DbOrTx,
  id: number,
  set: {
    status?: RoundStatus;
    stake?: number;
    win?: number;
    plannedWin?: number | null;
    details?: Record<string, unknown>;
    jackpotContribution?: number;
    jackpotWin?: number;
    closedAt?: Date | null;
    now: Date;
  },
): Promise<void> {
  await db
    .updateTable('casino_rounds')
    .set({
      ...(set.status !== undefined ? { status: set.status } : {}),
      ...(set.stake !== undefined ? { stake: set.stake } : {}),
      ...(set.win !== undefined ? { win: set.win } : {}),
      ...(set.plannedWin !== undefined ? { planned_win: set.plannedWin } : {}),
      ...(set.details !== undefined ? { details: JSON.stringify(set.details) } : {}),
      ...(set.jackpotContribution !== undefined
        ? { jackpot_contribution: set.jackpotContribution }
        : {}),
      ...(set.jackpotWin !== undefined ? { jackpot_win: set.jackpotWin } : {}),
      ...(set.closedAt !== undefined ? { closed_at: set.closedAt } : {}),
      updated_at: set.now,
    })
    .where('id', '=', id)
    .execute();
}

export async function markRolledBack(db: DbOrTx, id: number): Promise<void> {
  await db
    .updateTable('casino_transactions')
    .set({ rolled_back: true })
    .where('id', '=', id)
    .execute();
}

/** Debits of the round not rolled back, and whether it has any credit. */
export async function roundMovements(db: DbOrTx, roundPk: number) {
  const row = await sql<{ live_debits: number; credits: number }>`
    select count(*) filter (where kind = 'debit' and not rolled_back)::int as live_debits,
           count(*) filter (where kind = 'credit')::int as credits
    from casino_transactions where round_pk = ${roundPk}`.execute(db);
  return row.rows[0] ?? { live_debits: 0, credits: 0 };
}

export async function liveDebits(db: DbOrTx, roundPk: number) {
  return db
    .selectFrom('casino_transactions')
    .select(['id', 'transaction_id', 'amount'])
    .where('round_pk', '=', roundPk)
    .where('kind', '=', 'debit')
    .where('rolled_back', '=', false)
    .orderBy('id')
    .execute();
}

/** Open rounds of in-house providers idle since before the cut-offs (crash recovery), except those of `skipEngines`. */
export async function staleOpenRounds(
  db: DbOrTx,
  cutoffs: { planned: Date; unplanned: Date },
  skipEngines: readonly string[],
  limit: number,
) {
  let query = db
    .selectFrom('casino_rounds as r')
    .innerJoin('casino_providers as p', 'p.id', 'r.provider_id')
    .innerJoin('casino_games as g', 'g.id', 'r.game_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.round_id',
      'r.user_id',
      'r.planned_win',
      'p.slug as provider_slug',
      'g.slug as game_slug',
    ])
    .where('r.status', '=', 'open')
    .where('p.kind', '=', 'in-house')
    .where((eb) =>
      eb.or([
        eb.and([eb('r.planned_win', 'is not', null), eb('r.updated_at', '<', cutoffs.planned)]),
        eb('r.updated_at', '<', cutoffs.unplanned),
      ]),
    )
    .orderBy('r.id')
    .limit(limit);
  if (skipEngines.length > 0) query = query.where('g.engine', 'not in', skipEngines);
  return query.execute();
}
