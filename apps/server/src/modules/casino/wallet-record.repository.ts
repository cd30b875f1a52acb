import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../db/database';
import { preparePosting, type LedgerEntryInput } from '../wallet/ledger.service';
import type { LedgerPosting } from '../wallet/wallet.repository';
import type { WalletProvider } from './game-wallet.types';
import type { WalletTransactionKind } from './wallet.tables';

/**
 * A game wallet call's stored answer (`casino_transactions`): found by one function and written
 * by one (migration 0885, docs/decisions/205), whichever call — debit, credit, rollback — it is.
 */

/** A money call's ledger posting, keyed by the provider's transaction id (posted once). */
export function casinoPosting(
  provider: WalletProvider,
  player: { id: number },
  call: { roundId: string; transactionId: string },
  kind: string,
  game: string | null,
  entries: LedgerEntryInput[],
): LedgerPosting {
  return preparePosting({
    kind,
    idempotencyKey: casinoLedgerKey(provider, call.transactionId),
    userId: player.id,
    entries,
    meta: casinoLedgerMeta(provider, call, game),
  });
}

export const casinoLedgerKey = (provider: WalletProvider, transactionId: string) =>
  `casino:${provider.id}:${transactionId}`;

export const casinoLedgerMeta = (
  provider: WalletProvider,
  call: { roundId: string; transactionId: string },
  game: string | null,
) => ({
  provider: provider.slug,
  ...(game ? { game } : {}),
  roundId: call.roundId,
  transactionId: call.transactionId,
});

export interface StoredCall {
  id: number;
  roundPk: number;
  kind: WalletTransactionKind;
  amount: number;
  rolledBack: boolean;
  response: unknown;
}

/**
 * Remembers the signed request (when one came over the seam) and finds the stored call with
 * this transaction id (`casino_find_call`); a replayed request, or a stored call of another
 * fingerprint, is refused (SQLSTATE DW001, `walletRefusal`). With no request and no
 * fingerprint it is the plain lookup (a rollback's referenced debit).
 */
export async function findCall(
  db: DbOrTx,
  call: {
    providerId: number;
    requestId: string | null;
    transactionId: string;
    fingerprint: string | null;
    now: Date;
  },
): Promise<StoredCall | undefined> {
  const { rows } = await sql<{
    id: string | null;
    round_pk: string;
    kind: WalletTransactionKind;
    amount: string;
    rolled_back: boolean;
    response: unknown;
  }>`select * from casino_find_call(${call.providerId}::integer, ${call.requestId}::text,
      ${call.transactionId}::text, ${call.fingerprint}::text,
      ${call.now}::timestamptz)`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('casino_find_call answered nothing');
  if (row.id === null) return undefined;
  return {
    id: Number(row.id),
    roundPk: Number(row.round_pk),
    kind: row.kind,
    amount: Number(row.amount),
    rolledBack: row.rolled_back,
    response: row.response,
  };
}

/** What every recorded call answers: the stored response and the player's balances after it. */
export interface RecordedCall {
  duplicate: boolean;
  response: Record<string, unknown>;
  /** Null for a repeat (nothing moved). */
  balances: Record<string, number> | null;
}

const postingArgs = (posting: LedgerPosting | null) => {
  const entries = posting?.entries ?? [];
  return sql`${posting?.header.kind ?? null}::text, ${posting?.header.idempotencyKey ?? null}::text,
    ${JSON.stringify(posting?.header.meta ?? {})}::jsonb, ${entries.map((e) => e.userId)}::bigint[],
    ${entries.map((e) => e.kind)}::text[], ${entries.map((e) => e.shard)}::smallint[],
    ${entries.map((e) => e.amount)}::bigint[]`;
};

/**
 * A rollback's last statement (`casino_post_and_record`): its posting (none when nothing
 * moves) and its stored answer, whose balance is the cash the posting left.
 */
export async function recordCall(
  db: DbOrTx,
  values: {
    posting: LedgerPosting | null;
    providerId: number;
    transactionId: string;
    roundPk: number;
    userId: number;
    kind: WalletTransactionKind;
    amount: number;
    referenceTransactionId: string | null;
    fingerprint: string;
    /** The response without `balance` and `walletTransactionId`, which the statement adds. */
    response: Record<string, unknown>;
    now: Date;
  },
): Promise<RecordedCall> {
  const { rows } = await sql<Omit<RecordedCall, 'duplicate'>>`
    select * from casino_post_and_record(${values.providerId}::integer, ${values.transactionId}::text,
      ${values.roundPk}::bigint, ${values.userId}::bigint, ${values.kind}::text,
      ${values.amount}::bigint, ${values.referenceTransactionId}::text, ${values.fingerprint}::text,
      ${JSON.stringify(values.response)}::jsonb, ${values.now}::timestamptz,
      ${postingArgs(values.posting)})`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('casino_post_and_record answered nothing');
  return { duplicate: false, ...row };
}

/** What a debit or a credit sends besides its own arguments. */
interface MoneyCall {
  providerId: number;
  requestId: string | null;
  transactionId: string;
  fingerprint: string;
  userId: number;
  gameId: number;
  roundId: string;
  amount: number;
  details: Record<string, unknown> | undefined;
  /** The response without `balance` and `walletTransactionId`. */
  response: Record<string, unknown>;
  now: Date;
}

async function oneRow(query: RawBuilder<RecordedCall>, db: DbOrTx) {
  const row = (await query.execute(db)).rows[0];
  if (!row) throw new Error('the wallet call answered nothing');
  return row;
}

/**
 * A debit in one statement (`casino_debit`): request, repeat, the stake's checks, the round
 * opened (or its stake added), the posting and the stored answer. Refusals raise DW001 / DL001.
 */
export function debitCall(
  db: DbOrTx,
  call: MoneyCall & {
    gameOn: boolean;
    minStake: number;
    maxStake: number;
    plannedWin: number | null | undefined;
    posting: LedgerPosting;
  },
): Promise<RecordedCall> {
  return oneRow(
    sql<RecordedCall>`select * from casino_debit(${call.providerId}::integer,
      ${call.requestId}::text, ${call.transactionId}::text, ${call.fingerprint}::text,
      ${call.userId}::bigint, ${call.gameId}::integer, ${call.gameOn}::boolean,
      ${call.minStake}::bigint, ${call.maxStake}::bigint, ${call.roundId}::text,
      ${call.amount}::bigint, ${call.plannedWin !== undefined}::boolean,
      ${call.plannedWin ?? null}::bigint, ${JSON.stringify(call.details ?? {})}::jsonb,
      ${JSON.stringify(call.response)}::jsonb, ${call.now}::timestamptz,
      ${postingArgs(call.posting)})`,
    db,
  );
}

/**
 * A credit in one statement (`casino_credit`): request, repeat, the round locked and checked,
 * the win and (closing) the stake's move to the house and the jackpot contribution, the round's
 * row, the posting and the stored answer. Refusals raise DW001.
 */
export function creditCall(
  db: DbOrTx,
  call: MoneyCall & {
    siteId: number;
    close: boolean;
    terms: { shareBps: number; majorPct: number; megaPct: number } | null;
    ledgerKind: string;
    ledgerKey: string;
    ledgerMeta: object;
    shard: number;
  },
): Promise<RecordedCall> {
  const terms = call.terms ?? { shareBps: 0, majorPct: 0, megaPct: 0 };
  return oneRow(
    sql<RecordedCall>`select * from casino_credit(${call.providerId}::integer,
      ${call.requestId}::text, ${call.transactionId}::text, ${call.fingerprint}::text,
      ${call.userId}::bigint, ${call.siteId}::integer, ${call.gameId}::integer,
      ${call.roundId}::text, ${call.amount}::bigint, ${call.close}::boolean,
      ${JSON.stringify(call.details ?? {})}::jsonb, ${terms.shareBps}::integer,
      ${terms.majorPct}::integer, ${terms.megaPct}::integer,
      ${JSON.stringify(call.response)}::jsonb, ${call.now}::timestamptz, ${call.ledgerKind}::text,
      ${call.ledgerKey}::text, ${JSON.stringify(call.ledgerMeta)}::jsonb, ${call.shard}::smallint)`,
    db,
  );
}

/** What a round staked and paid in one statement answers: both stored answers. */
export interface RecordedRound {
  /** True when both calls were made before: nothing moved. */
  duplicate: boolean;
  debit: Record<string, unknown>;
  credit: Record<string, unknown>;
  /** Null for a repeat (nothing moved). */
  balances: Record<string, number> | null;
}

/**
 * A round's debit and closing credit in one statement (`casino_debit_credit`, migrations 0876
 * and 0886, docs/decisions/206 and 192): the debit's checks, then a new round inserted settled
 * with one posting netted between the player's cash and the house (a round that exists already:
 * the debit's posting, then the credit's), in one transaction. Refusals raise DW001 / DL001 and
 * leave nothing, as the two calls' statements do.
 */
export async function debitCreditCall(
  db: DbOrTx,
  call: {
    providerId: number;
    requestId: string | null;
    debitId: string;
    debitFingerprint: string;
    creditId: string;
    creditFingerprint: string;
    userId: number;
    siteId: number;
    gameId: number;
    gameOn: boolean;
    minStake: number;
    maxStake: number;
    roundId: string;
    stake: number;
    win: number;
    details: Record<string, unknown> | undefined;
    terms: { shareBps: number; majorPct: number; megaPct: number } | null;
    /** The responses without `balance` and `walletTransactionId`, which the statement adds. */
    debitResponse: Record<string, unknown>;
    creditResponse: Record<string, unknown>;
    now: Date;
    debitKey: string;
    debitMeta: object;
    creditKey: string;
    creditMeta: object;
    shard: number;
  },
): Promise<RecordedRound> {
  const terms = call.terms ?? { shareBps: 0, majorPct: 0, megaPct: 0 };
  const { rows } = await sql<{
    duplicate: boolean;
    debit_response: Record<string, unknown>;
    credit_response: Record<string, unknown>;
    balances: Record<string, number> | null;
  }>`select * from casino_debit_credit(${call.providerId}::integer, ${call.requestId}::text,
      ${call.debitId}::text, ${call.debitFingerprint}::text, ${call.creditId}::text,
      ${call.creditFingerprint}::text, ${call.userId}::bigint, ${call.siteId}::integer,
      ${call.gameId}::integer, ${call.gameOn}::boolean, ${call.minStake}::bigint,
      ${call.maxStake}::bigint, ${call.roundId}::text, ${call.stake}::bigint, ${call.win}::bigint,
      ${JSON.stringify(call.details ?? {})}::jsonb, ${terms.shareBps}::integer,
      ${terms.majorPct}::integer, ${terms.megaPct}::integer,
      ${JSON.stringify(call.debitResponse)}::jsonb, ${JSON.stringify(call.creditResponse)}::jsonb,
      ${call.now}::timestamptz, ${call.debitKey}::text, ${JSON.stringify(call.debitMeta)}::jsonb,
      ${call.creditKey}::text, ${JSON.stringify(call.creditMeta)}::jsonb,
      ${call.shard}::smallint)`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('casino_debit_credit answered nothing');
  return {
    duplicate: row.duplicate,
    debit: row.debit_response,
    credit: row.credit_response,
    balances: row.balances,
  };
}
