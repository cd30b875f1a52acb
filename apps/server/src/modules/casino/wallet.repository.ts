import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database';
import type { RoundStatus, WalletTransactionKind } from './wallet.tables';

export async function providerBySlug(db: DbOrTx, slug: string) {
  return db
    .selectFrom('casino_providers')
    .select(['id', 'slug', 'kind', 'enabled'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The player of a provider's playerId (the user's external id, a UUID). */
export async function playerByExternalId(db: DbOrTx, externalId: string) {
  if (!UUID.test(externalId)) return undefined;
  return db
    .selectFrom('users')
    .select(['id', 'external_id', 'site_id', 'status'])
    .where('external_id', '=', externalId)
    .executeTakeFirst();
}

export async function playerById(db: DbOrTx, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'external_id', 'site_id', 'status'])
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

/**
 * A money call's first statement, inside its transaction: remembers the signed request (when it
 * came over the seam) and finds an earlier call with the same transaction id. `fresh` is false
 * when the request id was seen before (a replay). One round trip instead of two, and the
 * request is remembered in the same commit as the money it moved.
 */
export async function rememberAndFind(
  db: DbOrTx,
  providerId: number,
  requestId: string | null,
  transactionId: string,
  now: Date,
) {
  const { rows } = await sql<{
    fresh: boolean;
    id: number | null;
    round_pk: number | null;
    kind: WalletTransactionKind | null;
    amount: number | null;
    rolled_back: boolean | null;
    fingerprint: string | null;
    response: unknown;
  }>`
    with fresh as (
      insert into casino_wallet_requests (provider_id, request_id, received_at)
      select ${providerId}, ${requestId}::text, ${now}::timestamptz
      where ${requestId}::text is not null
      on conflict (provider_id, request_id) do nothing
      returning 1)
    select ${requestId}::text is null or exists (select 1 from fresh) as fresh,
      t.id, t.round_pk, t.kind, t.amount, t.rolled_back, t.fingerprint, t.response
    from (select 1) one
    left join casino_transactions t
      on t.provider_id = ${providerId} and t.transaction_id = ${transactionId}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('rememberAndFind answered nothing');
  return {
    fresh: row.fresh,
    existing:
      row.id === null
        ? undefined
        : { id: Number(row.id), fingerprint: row.fingerprint ?? '', response: row.response },
  };
}

export async function transactionOf(db: DbOrTx, providerId: number, transactionId: string) {
  return db
    .selectFrom('casino_transactions')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
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

/** What a debit adds to its round: the stake, and what the engine decided and recorded. */
export interface RoundStake {
  amount: number;
  /** Set when given (undefined: left as it is). */
  plannedWin?: number | null | undefined;
  /** Merged over the round's details (top-level keys replaced). */
  details?: Record<string, unknown> | undefined;
}

/**
 * Opens the round unless it exists (its first debit), locks it and adds the debit's stake, in
 * one statement. Answers the round as it is after the debit, with `status` as it was before:
 * the caller refuses a round that does not take the debit by throwing, and the transaction's
 * rollback undoes the stake.
 */
export async function openRound(
  db: DbOrTx,
  values: {
    providerId: number;
    roundId: string;
    userId: number;
    gameId: number;
    now: Date;
    stake: RoundStake;
  },
): Promise<LockedRound> {
  const { stake } = values;
  const setPlanned = stake.plannedWin !== undefined;
  const { rows } = await sql<LockedRound>`
    insert into casino_rounds as r
      (provider_id, round_id, user_id, game_id, stake, planned_win, details, started_at, updated_at)
    values (${values.providerId}, ${values.roundId}, ${values.userId}, ${values.gameId},
      ${stake.amount}, ${stake.plannedWin ?? null}::bigint,
      ${JSON.stringify(stake.details ?? {})}::jsonb, ${values.now}, ${values.now})
    on conflict (provider_id, round_id) do update set
      stake = r.stake + excluded.stake,
      planned_win = case when ${setPlanned} then excluded.planned_win else r.planned_win end,
      details = r.details || excluded.details,
      updated_at = excluded.updated_at
    returning r.id, r.provider_id, r.round_id, r.user_id, r.game_id, r.status, r.stake, r.win,
      r.planned_win, r.details`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('openRound answered nothing');
  return {
    ...row,
    id: Number(row.id),
    provider_id: Number(row.provider_id),
    user_id: Number(row.user_id),
    game_id: Number(row.game_id),
    stake: Number(row.stake),
    win: Number(row.win),
    planned_win: row.planned_win === null ? null : Number(row.planned_win),
  };
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

export async function insertWalletTransaction(
  db: DbOrTx,
  values: {
    providerId: number;
    transactionId: string;
    roundPk: number;
    userId: number;
    kind: WalletTransactionKind;
    amount: number;
    referenceTransactionId: string | null;
    ledgerTransactionId: number | null;
    fingerprint: string;
    response: object;
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('casino_transactions')
    .values({
      provider_id: values.providerId,
      transaction_id: values.transactionId,
      round_pk: values.roundPk,
      user_id: values.userId,
      kind: values.kind,
      amount: values.amount,
      reference_transaction_id: values.referenceTransactionId,
      ledger_transaction_id: values.ledgerTransactionId,
      fingerprint: values.fingerprint,
      response: JSON.stringify(values.response),
      created_at: values.now,
    })
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
